/**
 * The stored login action (spec 3: local storage `onLoginAction`) and what the page does with it
 * after a login. Reading takes it: it runs once and is removed.
 *
 * Only what exists is done, nothing is pretended: `redirectTo` navigates to its local path (after
 * `options.delayMs`, at most 5 s: the Lindemann page waits 500 ms); `showPaytour` reloads the page with
 * `vxpAutoFlow=Payment`, which opens the payment dialog (flow moneycharge) for the now logged-in guest; actor actions (note, pin, unpin) go to the performer's page when the
 * action names the performer (`options.actorName`), since favourites and notes are not built yet;
 * `setSedcardsGuestRating` sends the sedcard rating the visitor asked for, then reloads; every other
 * action (pinning albums, pictures, sedcards, messenger) has no page yet and reloads.
 */
import type { Language } from '@vela/contracts/common';
import {
  LocalPathSchema,
  ON_LOGIN_ACTION_STORAGE_KEY,
  type OnLoginAction,
  parseOnLoginAction,
} from '@vela/contracts/payment-messages';
import { linkIfBuilt } from '../i18n/implemented.ts';

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const MAX_ACTION_DELAY_MS = 5000;

export function storeLoginAction(storage: StorageLike, action: OnLoginAction): void {
  storage.setItem(ON_LOGIN_ACTION_STORAGE_KEY, JSON.stringify(action));
}

/** Whether a valid action is stored (without taking it). */
export function hasStoredLoginAction(storage: StorageLike): boolean {
  return parseOnLoginAction(storage.getItem(ON_LOGIN_ACTION_STORAGE_KEY)) !== null;
}

/** Reads and removes the stored action (an invalid one is removed too); null when there is none. */
export function takeStoredLoginAction(storage: StorageLike): OnLoginAction | null {
  const raw = storage.getItem(ON_LOGIN_ACTION_STORAGE_KEY);
  if (raw === null) return null;
  storage.removeItem(ON_LOGIN_ACTION_STORAGE_KEY);
  return parseOnLoginAction(raw);
}

export type LoginActionStep =
  | { kind: 'navigate'; url: string; delayMs: number }
  /** Reopen the page with `vxpAutoFlow=<command>` (spec 2), which opens the dialog logged in. */
  | { kind: 'open-dialog'; command: 'Payment' }
  /**
   * A REST call the visitor asked for before logging in, then reload: the declaration's name in
   * `galleryEndpoints` (decision 0032; the host imports the declarations when it runs the call) and
   * its input.
   */
  | {
      kind: 'call-then-reload';
      endpoint: 'rateSedcard';
      input: { params: { actorId: number }; body: { guestRating: 1 | -1 } };
    }
  | { kind: 'reload' };

function delayOf(action: OnLoginAction): number {
  const value = action.params.options?.delayMs;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) return 0;
  return Math.min(Math.round(value), MAX_ACTION_DELAY_MS);
}

/** What running a stored action means on this site today. */
export function loginActionStep(action: OnLoginAction, lang: Language): LoginActionStep {
  switch (action.type) {
    case 'redirectTo': {
      const url = LocalPathSchema.safeParse(action.params.targetUrl);
      return url.success ? { kind: 'navigate', url: url.data, delayMs: delayOf(action) } : { kind: 'reload' };
    }
    case 'showPaytour':
      return { kind: 'open-dialog', command: 'Payment' };
    case 'loadActorNote':
    case 'pinActor':
    case 'unpinActor': {
      const actorName = action.params.options?.actorName;
      const url =
        typeof actorName === 'string' && actorName !== '' ? linkIfBuilt('Actor', lang, { actorName }) : null;
      return url ? { kind: 'navigate', url, delayMs: 0 } : { kind: 'reload' };
    }
    case 'setSedcardsGuestRating': {
      // Spec 7 gallery/setSedcardsGuestRating/{actorId} (guestRating 1 like, -1 dislike).
      const actorId = Number(action.params.targetId);
      if (!Number.isSafeInteger(actorId) || actorId <= 0) return { kind: 'reload' };
      return {
        kind: 'call-then-reload',
        endpoint: 'rateSedcard',
        input: { params: { actorId }, body: { guestRating: action.params.value === 'like' ? 1 : -1 } },
      };
    }
    default:
      return { kind: 'reload' };
  }
}

/** Lindemann (spec 2): after a login there, the language-prefixed home path after 500 ms. */
export const LINDEMANN_REDIRECT_DELAY_MS = 500;

export function lindemannLoginAction(lang: Language): OnLoginAction {
  return {
    type: 'redirectTo',
    params: { targetUrl: `/${lang}/`, options: { delayMs: LINDEMANN_REDIRECT_DELAY_MS } },
  };
}
