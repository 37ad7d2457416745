/**
 * Read port of the pincall module for other modules (the voice call module: who calls from a number,
 * spec 6 anonymous voice caller): the guest a verified phone number belongs to, and a guest's
 * verified numbers (E.164). Only numbers verified with a pin count (table `verified_phones`).
 */
import type { Db } from '@vela/db/client';
import { asc, eq } from '@vela/db/orm';
import { verifiedPhones } from '@vela/db/schema/pincall';

export interface VerifiedPhones {
  /** The guest who verified this E.164 number, or null. */
  guestOf(phoneE164: string): Promise<number | null>;
  /** The guest's verified numbers (E.164), oldest first. */
  numbersOf(guestId: number): Promise<string[]>;
}

export function createVerifiedPhones(db: Db): VerifiedPhones {
  return {
    async guestOf(phoneE164) {
      const [row] = await db
        .select({ guestId: verifiedPhones.guestId })
        .from(verifiedPhones)
        .where(eq(verifiedPhones.phoneE164, phoneE164))
        .limit(1);
      return row?.guestId ?? null;
    },
    async numbersOf(guestId) {
      const rows = await db
        .select({ phoneE164: verifiedPhones.phoneE164 })
        .from(verifiedPhones)
        .where(eq(verifiedPhones.guestId, guestId))
        .orderBy(asc(verifiedPhones.verifiedAt), asc(verifiedPhones.id));
      return rows.map((row) => row.phoneE164);
    },
  };
}
