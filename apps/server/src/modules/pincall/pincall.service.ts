/**
 * Pin call verification (spec 4, spec 7 guest service, spec 8 codes 1-10). A start checks the number
 * (domain rules: 3, 1, 2, 3, 5), refuses a number another guest verified (6), takes the rate limits,
 * stores the verification with the pin's keyed hash (never the pin) and has the telephony port send
 * the pin; a failed send ends the verification and answers 10. A verify finds the caller's own
 * verification (7 otherwise), applies the timeout (4) and the attempt limit (9), compares the pin in
 * constant time (8 when wrong) and records the number as verified (6 when another guest got it first).
 * Rows are locked per verification, so parallel verifies count every wrong pin once.
 */
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Language } from '@vela/contracts/common';
import { LanguageSchema } from '@vela/contracts/common';
import {
  PINCALL_ID_MAX_LENGTH,
  PINCALL_PIN_MAX_LENGTH,
  type PincallStartResult,
  type PincallVerifications,
  type PincallVerifyResult,
} from '@vela/contracts/pincall';
import { forbiddenCharacterOf } from '@vela/contracts/strings';
import type { Db } from '@vela/db/client';
import { and, asc, desc, eq, gt } from '@vela/db/orm';
import { pincallVerifications, verifiedPhones } from '@vela/db/schema/pincall';
import {
  checkPincallStart,
  checkPincallVerify,
  isWellFormedPin,
  maskPhone,
  PHONE_INPUT_MAX_LENGTH,
  PINCALL_COUNTRY_OF_LANGUAGE,
  PINCALL_ERROR,
  PINCALL_MAX_ATTEMPTS,
  PINCALL_STARTS_PER_GUEST_HOUR,
  PINCALL_STARTS_PER_NUMBER_HOUR,
  PINCALL_TIMEOUT_MS,
  type PincallErrorCode,
  wrongPinOutcome,
} from '@vela/domain/pincall';
import { AppError } from '../../http/errors.ts';
import { createRateLimiter, type Limit, type RateLimitStore } from '../../infra/rate-limit.ts';
import type { Telephony } from '../../infra/telephony.ts';

const HOUR_MS = 60 * 60 * 1000;
export const PINCALL_PER_GUEST: Limit = {
  name: 'pincall-guest',
  max: PINCALL_STARTS_PER_GUEST_HOUR,
  windowMs: HOUR_MS,
};
export const PINCALL_PER_NUMBER: Limit = {
  name: 'pincall-number',
  max: PINCALL_STARTS_PER_NUMBER_HOUR,
  windowMs: HOUR_MS,
};

export interface PincallDeps {
  db: Db;
  telephony: Telephony;
  rateLimits: RateLimitStore;
  /** Keys the pin hashes (the session secret: the same on every node). */
  secret: () => Promise<string>;
  now?: () => Date;
  log: { error(object: object, message: string): void };
}

export interface StartInput {
  phoneNumber: string;
  type: string;
  language: string;
}

export interface VerifyInput {
  id: string;
  type: string;
  pin: string;
}

/** Oversize or control characters: a bad request (never stored, never looked up). */
function assertPlainText(value: string, max: number, field: string) {
  if (value.length > max || forbiddenCharacterOf(value) !== null)
    throw new AppError('VALIDATION_ERROR', `${field} must be at most ${max} plain characters`, 400);
}

const refusedStart = (code: PincallErrorCode): PincallStartResult => ({
  success: false,
  id: null,
  codeLength: null,
  state: null,
  errorCode: code,
});

/** The counter key of a number: a hash (the counters hold no phone number). */
const numberKey = (e164: string) => createHash('sha256').update(e164).digest('base64url');

export function createPincallService(deps: PincallDeps) {
  const now = deps.now ?? (() => new Date());
  const limiter = createRateLimiter(deps.rateLimits, () => now().getTime());

  const pinHash = async (id: string, pin: string) =>
    createHmac('sha256', await deps.secret())
      .update(`pincall:${id}:${pin}`)
      .digest('hex');

  const newPin = (length: number) => String(randomInt(0, 10 ** length)).padStart(length, '0');

  return {
    async start(guestId: number, input: StartInput, country: string | null): Promise<PincallStartResult> {
      assertPlainText(input.phoneNumber, PHONE_INPUT_MAX_LENGTH * 2, 'phoneNumber');
      assertPlainText(input.type, 32, 'type');
      const language = LanguageSchema.safeParse(input.language);
      if (!language.success)
        throw new AppError('VALIDATION_ERROR', 'language must be one of de, en, nl, es', 400);
      const defaultCountry = country ?? PINCALL_COUNTRY_OF_LANGUAGE[language.data] ?? null;
      const checked = checkPincallStart(input, defaultCountry);
      if (!checked.ok) return refusedStart(checked.code);
      const { phone, type, codeLength } = checked;

      const [owner] = await deps.db
        .select({ guestId: verifiedPhones.guestId })
        .from(verifiedPhones)
        .where(eq(verifiedPhones.phoneE164, phone.e164))
        .limit(1);
      if (owner && owner.guestId !== guestId) return refusedStart(PINCALL_ERROR.notUnique);
      if (owner) return { success: true, id: null, codeLength: null, state: 'verified', errorCode: null };

      // Nobody may spam a phone: starts per guest and per number and hour (429 RATE_LIMITED).
      const attempt = await limiter.takeAll([
        [PINCALL_PER_GUEST, String(guestId)],
        [PINCALL_PER_NUMBER, numberKey(phone.e164)],
      ]);
      const id = randomBytes(16).toString('base64url');
      const pin = newPin(codeLength);
      const at = now();
      await deps.db.transaction(async (tx) => {
        // One open verification per guest: a new start ends the earlier ones.
        await tx
          .update(pincallVerifications)
          .set({ state: 'expired' })
          .where(and(eq(pincallVerifications.guestId, guestId), eq(pincallVerifications.state, 'started')));
        await tx.insert(pincallVerifications).values({
          id,
          guestId,
          phoneE164: phone.e164,
          type,
          language: language.data,
          pinHash: await pinHash(id, pin),
          codeLength,
          createdAt: at,
          expiresAt: new Date(at.getTime() + PINCALL_TIMEOUT_MS),
        });
      });
      try {
        await deps.telephony.sendPin({
          phoneE164: phone.e164,
          type,
          language: language.data as Language,
          pin,
        });
      } catch (error) {
        deps.log.error({ err: error, provider: deps.telephony.name, verification: id }, 'pin not sent');
        await deps.db
          .update(pincallVerifications)
          .set({ state: 'failed' })
          .where(eq(pincallVerifications.id, id));
        // Nothing reached the phone: the start does not count against the limits.
        await attempt.refund();
        return refusedStart(PINCALL_ERROR.unknown);
      }
      return { success: true, id, codeLength, state: 'started', errorCode: null };
    },

    async verify(guestId: number, input: VerifyInput): Promise<PincallVerifyResult> {
      assertPlainText(input.id, PINCALL_ID_MAX_LENGTH, 'id');
      assertPlainText(input.type, 32, 'type');
      assertPlainText(input.pin, PINCALL_PIN_MAX_LENGTH, 'pin');
      const refused = (
        code: PincallErrorCode,
        state: PincallVerifyResult['state'],
        attemptsLeft: number | null = null,
      ) => ({ success: false, state, errorCode: code, attemptsLeft }) satisfies PincallVerifyResult;
      const expected = await pinHash(input.id, input.pin.trim());
      return deps.db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(pincallVerifications)
          .where(and(eq(pincallVerifications.id, input.id), eq(pincallVerifications.guestId, guestId)))
          .for('update');
        // Unknown, or another guest's: the same answer (an id tells nothing about others).
        if (!row) return refused(PINCALL_ERROR.idDoesNotExist, null);
        const at = now();
        const rule = checkPincallVerify(row, input.type, at);
        if (rule.action === 'verified')
          return { success: true, state: 'verified', errorCode: null, attemptsLeft: null };
        if (rule.action === 'refuse') {
          if (rule.expire)
            await tx
              .update(pincallVerifications)
              .set({ state: 'expired' })
              .where(eq(pincallVerifications.id, row.id));
          const state = rule.expire ? 'expired' : row.state;
          return refused(rule.code, state, rule.code === PINCALL_ERROR.attemptLimit ? 0 : null);
        }
        const pin = input.pin.trim();
        const matches =
          isWellFormedPin(pin, row.codeLength) &&
          timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(row.pinHash, 'hex'));
        if (!matches) {
          const attempts = row.attempts + 1;
          const outcome = wrongPinOutcome(attempts);
          await tx
            .update(pincallVerifications)
            .set({ attempts, ...(outcome.failed ? { state: 'failed' as const } : {}) })
            .where(eq(pincallVerifications.id, row.id));
          return refused(outcome.code, outcome.failed ? 'failed' : 'started', outcome.attemptsLeft);
        }
        const [claimed] = await tx
          .insert(verifiedPhones)
          .values({ phoneE164: row.phoneE164, guestId, type: row.type, verifiedAt: at })
          .onConflictDoNothing({ target: verifiedPhones.phoneE164 })
          .returning({ guestId: verifiedPhones.guestId });
        if (!claimed) {
          const [owner] = await tx
            .select({ guestId: verifiedPhones.guestId })
            .from(verifiedPhones)
            .where(eq(verifiedPhones.phoneE164, row.phoneE164));
          if (owner && owner.guestId !== guestId) {
            await tx
              .update(pincallVerifications)
              .set({ state: 'failed' })
              .where(eq(pincallVerifications.id, row.id));
            return refused(PINCALL_ERROR.notUnique, 'failed');
          }
        }
        await tx
          .update(pincallVerifications)
          .set({ state: 'verified', verifiedAt: at })
          .where(eq(pincallVerifications.id, row.id));
        return { success: true, state: 'verified', errorCode: null, attemptsLeft: null };
      });
    },

    /** Spec 3 Guest.pincallVerifications: the caller's verified numbers (masked) and open verification. */
    async verifications(guestId: number): Promise<PincallVerifications> {
      const verified = await deps.db
        .select()
        .from(verifiedPhones)
        .where(eq(verifiedPhones.guestId, guestId))
        .orderBy(asc(verifiedPhones.verifiedAt), asc(verifiedPhones.id));
      const [open] = await deps.db
        .select()
        .from(pincallVerifications)
        .where(
          and(
            eq(pincallVerifications.guestId, guestId),
            eq(pincallVerifications.state, 'started'),
            gt(pincallVerifications.expiresAt, now()),
          ),
        )
        .orderBy(desc(pincallVerifications.createdAt))
        .limit(1);
      return {
        verified: verified.map((row) => ({
          phone: maskPhone(row.phoneE164),
          type: row.type,
          verifiedAt: row.verifiedAt.toISOString(),
        })),
        open: open
          ? {
              id: open.id,
              phone: maskPhone(open.phoneE164),
              type: open.type,
              codeLength: open.codeLength,
              attemptsLeft: Math.max(0, PINCALL_MAX_ATTEMPTS - open.attempts),
              expiresAt: open.expiresAt.toISOString(),
            }
          : null,
      };
    },
  };
}

export type PincallService = ReturnType<typeof createPincallService>;
