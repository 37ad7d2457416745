/**
 * Password lost and reset (spec 2: the mailed link carries `u` and `key` and opens the flow pwdreset).
 *
 * A reset key is 32 random bytes (base64url); only its SHA-256 is stored. It is valid for 60 minutes
 * and once; asking again invalidates the guest's older unused keys. Using it sets the new password
 * and ends every session of the guest in one transaction (SessionEnder: their pages close at once).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Language } from '@vela/contracts/common';
import { passwordResetMail } from '../mail/mail.templates.ts';
import type { Mailer } from '../mail/mailer.ts';
import { createGuestsRepository, type GuestRow, type GuestsRepository } from './guests.repository.ts';
import type { SessionEnder } from './session-ender.ts';

export const RESET_KEY_TTL_MS = 60 * 60 * 1000;

export const hashResetKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** The link of the mail: the language's home with u and key (spec 2). */
export const passwordResetLink = (publicOrigin: string, language: Language, guestId: number, key: string) =>
  `${publicOrigin}/${language}/?u=${guestId}&key=${encodeURIComponent(key)}`;

export interface PasswordResetDeps {
  repository: GuestsRepository;
  sessions: SessionEnder;
  mailer: Mailer;
  publicOrigin: string;
  brandName: string;
  now?: () => number;
}

export type ResetCheck =
  | { ok: true; guest: GuestRow; keyId: number }
  | { ok: false; reason: 'invalid' | 'locked' };

export function createPasswordResetService(deps: PasswordResetDeps) {
  const now = deps.now ?? Date.now;
  const { repository } = deps;
  return {
    /**
     * Finds the account by name/email (`login`) or by email, and mails it a reset link. Nothing
     * happens for an unknown or locked account; the caller answers the same in both cases.
     */
    async request(input: { login?: string | undefined; email?: string | undefined; language: Language }) {
      const guest =
        input.login !== undefined
          ? await repository.guestByLogin(input.login)
          : input.email !== undefined
            ? await repository.guestByEmail(input.email)
            : undefined;
      if (!guest || guest.locked || guest.kind !== 'registered') return { mailed: false as const };
      const key = randomBytes(32).toString('base64url');
      await repository.replaceResetKey(guest.id, hashResetKey(key), new Date(now() + RESET_KEY_TTL_MS));
      const content = passwordResetMail(input.language, {
        brandName: deps.brandName,
        screenName: guest.screenName,
        link: passwordResetLink(deps.publicOrigin, input.language, guest.id, key),
        validMinutes: RESET_KEY_TTL_MS / 60_000,
      });
      const queued = await deps.mailer.send({ kind: 'password-reset', to: guest.email, ...content });
      return { mailed: true as const, mailId: queued.id };
    },

    /** Whether `key` is a valid (unused, unexpired) reset key of guest `guestId`. */
    async check(guestId: number, key: string): Promise<ResetCheck> {
      const row = await repository.validResetKey(hashResetKey(key), guestId, new Date(now()));
      if (!row) return { ok: false, reason: 'invalid' };
      const guest = await repository.guestById(guestId);
      // A voice caller's stand-in (decision 0051) has no password to reset.
      if (guest?.kind !== 'registered') return { ok: false, reason: 'invalid' };
      if (guest.locked) return { ok: false, reason: 'locked' };
      return { ok: true, guest, keyId: row.id };
    },

    /** Uses the key once: new password, every session ended. False when it was used meanwhile. */
    async reset(keyId: number, guestId: number, passwordHash: string): Promise<boolean> {
      const at = new Date(now());
      const ended = await deps.sessions.endGuestSessions(guestId, {
        change: (tx) => createGuestsRepository(tx).useResetKey(keyId, guestId, passwordHash, at),
      });
      return ended !== null;
    },
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
