/**
 * The guests module's write port for the anonymous voice caller's stand-in (decision 0051): a `guests`
 * row of kind `voice-caller` per anonymous call, created when a browser session entered the call's
 * token (2000). It owns the call's live session, so the live engine (keyed by guest) runs unchanged.
 *
 * It is never a person's account: no `guest_sessions` row names it (and `authenticate` would count
 * one as a visitor's), login, password reset, login transfer and every lookup by name or e-mail
 * refuse kind `voice-caller` explicitly, its e-mail is of the reserved `.invalid` domain and its
 * password hash is no argon2 string (nothing ever verifies against it). Its age check is the
 * telephony provider's: an age-verified line gives it an accepted age check (`avs_status`, the
 * column the avs module keeps in this module's table), any other line none.
 */
import { createHash } from 'node:crypto';
import type { Db } from '@vela/db/client';
import { guests } from '@vela/db/schema/guests';

/** Not a PHC string: no password verifies against it. */
const NO_PASSWORD = '!voice-caller';

/** The stand-in's e-mail: unique per call, of a domain that can never receive mail (RFC 2606). */
export const voiceCallerEmail = (callId: string) => `voicecall-${callId.toLowerCase()}@caller.invalid`;

/** "Caller 1234": what the performer's chat shows (4 digits derived from the call id). */
export function voiceCallerName(callId: string): string {
  const digits = createHash('sha256').update(callId).digest().readUInt16BE(0) % 10_000;
  return `Caller ${String(digits).padStart(4, '0')}`;
}

export interface VoiceCallers {
  /** The stand-in of call `callId` (on `db`, the caller's transaction); its guest id. */
  create(callId: string, options: { ageVerified: boolean }): Promise<number>;
}

export function createVoiceCallers(db: Db): VoiceCallers {
  return {
    async create(callId, { ageVerified }) {
      const [row] = await db
        .insert(guests)
        .values({
          kind: 'voice-caller',
          screenName: voiceCallerName(callId),
          email: voiceCallerEmail(callId),
          passwordHash: NO_PASSWORD,
          avsStatus: ageVerified ? 'accepted' : 'unknown',
          signupOrigin: 'voicecall',
        })
        .returning({ id: guests.id });
      if (!row) throw new Error('insert returned no row');
      return row.id;
    },
  };
}
