/**
 * The stored login action (spec 3: local storage `onLoginAction`) and what the page does with it
 * after a login. Reading takes it: it runs once and is removed.
 *
 * Only what exists is done, nothing is pretended: `redirectTo` navigates to its local path (after
 * `options.delayMs`, at most 5 s: the Lindemann page waits 500 ms); `showPaytour` reloads the page with
 * `vxpAutoFlow=Payment`, which opens the payment dialog (flow moneycharge) for the now logged-in guest;
 * the pins (`pinActor`, `pinAlbum`, `pinPicture`, `pinSedcards` with the item's id as `targetId`) are
 * kept as the page's pending pin (favorites/pendingPin.ts) and completed over the logged-in socket by
 * the item's pin button after the reload (a pinned actor's page is opened when the action names the
 * performer, `options.actorName`); the other actor actions (note, unpin) go to the performer's page
 * when the action names the performer; `setSedcardsGuestRating` sends the sedcard rating the visitor
 * asked for, then reloads; `selectMessengerChannel` opens the messenger with the channel (`targetId`)
 * or, with `options.by: 'actor'`, the performer's channel (`?actor=`, created when missing).
 */
import type { Language } from '@vela/contracts/common';
import { MESSENGER_STORAGE_ACTOR_ID, MESSENGER_STORAGE_CHANNEL_ID } from '@vela/contracts/messenger-storage';
import {
  LocalPathSchema,
  ON_LOGIN_ACTION_STORAGE_KEY,
  type OnLoginAction,
  parseOnLoginAction,
} from '@vela/contracts/payment-messages';
import type { PinTarget } from '@vela/contracts/socket';
import type { PendingPin } from '../favorites/pendingPin.ts';
import { linkIfBuilt } from '../i18n/implemented.ts';

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const MAX_ACTION_DELAY_MS = 5000;

/**
 * Spec 4: after a login or signup the messenger channel is cleared — the selection stored in this
 * browser may be the previous guest's (a stored `selectMessengerChannel` action names its channel in
 * the address it opens, not in storage).
 */
export function clearMessengerSelection(storage: Pick<Storage, 'removeItem'>): void {
  storage.removeItem(MESSENGER_STORAGE_CHANNEL_ID);
  storage.removeItem(MESSENGER_STORAGE_ACTOR_ID);
}

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
  /** Keep the pin as the page's pending pin, then open `url` (null: reload this page). */
  | { kind: 'pin'; pin: PendingPin; url: string | null }
  | { kind: 'reload' };

const PIN_TARGETS = {
  pinActor: 'actor',
  pinAlbum: 'album',
  pinPicture: 'picture',
  pinSedcards: 'sedcards',
} as const satisfies Partial<Record<OnLoginAction['type'], PinTarget>>;

function delayOf(action: OnLoginAction): number {
  const value = action.params.options?.delayMs;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) return 0;
  return Math.min(Math.round(value), MAX_ACTION_DELAY_MS);
}

/** A positive integer id from `targetId` (a number or a numeric string), else null. */
function idOf(targetId: string | number): number | null {
  const id =
    typeof targetId === 'number'
      ? targetId
      : /^[1-9]\d{0,15}$/.test(targetId)
        ? Number(targetId)
        : Number.NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The performer's page when the action names the performer (`options.actorName`). */
function actorPageOf(action: OnLoginAction, lang: Language): string | null {
  const actorName = action.params.options?.actorName;
  return typeof actorName === 'string' && actorName !== '' ? linkIfBuilt('Actor', lang, { actorName }) : null;
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
    case 'pinAlbum':
    case 'pinPicture':
    case 'pinSedcards': {
      const id = idOf(action.params.targetId);
      return id === null
        ? { kind: 'reload' }
        : { kind: 'pin', pin: { target: PIN_TARGETS[action.type], id }, url: null };
    }
    case 'pinActor': {
      const id = idOf(action.params.targetId);
      if (id !== null) return { kind: 'pin', pin: { target: 'actor', id }, url: actorPageOf(action, lang) };
      const url = actorPageOf(action, lang);
      return url ? { kind: 'navigate', url, delayMs: 0 } : { kind: 'reload' };
    }
    case 'loadActorNote':
    case 'unpinActor': {
      const url = actorPageOf(action, lang);
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
    case 'selectMessengerChannel': {
      const id = idOf(action.params.targetId);
      const url = linkIfBuilt('Messenger', lang);
      if (id === null || !url) return { kind: 'reload' };
      const by = action.params.options?.by === 'actor' ? 'actor' : 'channel';
      return { kind: 'navigate', url: `${url}?${by}=${id}`, delayMs: 0 };
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
