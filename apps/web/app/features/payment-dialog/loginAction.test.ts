import { endpointPath } from '@vela/contracts/endpoint';
import { galleryEndpoints } from '@vela/contracts/gallery';
import { MESSENGER_STORAGE_ACTOR_ID, MESSENGER_STORAGE_CHANNEL_ID } from '@vela/contracts/messenger-storage';
import { ON_LOGIN_ACTION_STORAGE_KEY, type OnLoginAction } from '@vela/contracts/payment-messages';
import { pathFor } from '@vela/i18n/routes';
import { describe, expect, it } from 'vitest';
import {
  clearMessengerSelection,
  hasStoredLoginAction,
  LINDEMANN_REDIRECT_DELAY_MS,
  lindemannLoginAction,
  loginActionStep,
  storeLoginAction,
  takeStoredLoginAction,
} from './loginAction.ts';
import { memoryStorage } from './memoryStorage.ts';

describe('stored login action (spec 3 local storage onLoginAction)', () => {
  it('is stored as JSON under onLoginAction and taken exactly once', () => {
    const storage = memoryStorage();
    const action: OnLoginAction = { type: 'redirectTo', params: { targetUrl: '/en/categories/latina/' } };
    storeLoginAction(storage, action);
    expect(JSON.parse(storage.map.get(ON_LOGIN_ACTION_STORAGE_KEY) ?? '')).toEqual(action);
    expect(hasStoredLoginAction(storage)).toBe(true);
    expect(takeStoredLoginAction(storage)).toEqual(action);
    expect(takeStoredLoginAction(storage)).toBeNull();
    expect(hasStoredLoginAction(storage)).toBe(false);
  });

  it('spec 4: after a login the messenger channel is cleared (both spec 9 keys), other keys stay', () => {
    const storage = memoryStorage();
    storage.setItem(MESSENGER_STORAGE_CHANNEL_ID, '41');
    storage.setItem(MESSENGER_STORAGE_ACTOR_ID, '7');
    storeLoginAction(storage, { type: 'redirectTo', params: { targetUrl: '/en/' } });
    clearMessengerSelection(storage);
    expect(storage.map.has(MESSENGER_STORAGE_CHANNEL_ID)).toBe(false);
    expect(storage.map.has(MESSENGER_STORAGE_ACTOR_ID)).toBe(false);
    expect(hasStoredLoginAction(storage)).toBe(true);
  });

  it('an invalid stored value is removed and never run', () => {
    const storage = memoryStorage();
    storage.setItem(
      ON_LOGIN_ACTION_STORAGE_KEY,
      '{"type":"redirectTo","params":{"targetUrl":"https://evil.example/"}}',
    );
    expect(hasStoredLoginAction(storage)).toBe(false);
    expect(takeStoredLoginAction(storage)).toBeNull();
    expect(storage.map.has(ON_LOGIN_ACTION_STORAGE_KEY)).toBe(false);
    storage.setItem(ON_LOGIN_ACTION_STORAGE_KEY, 'not json');
    expect(takeStoredLoginAction(storage)).toBeNull();
  });
});

describe('running a login action (spec 3 types)', () => {
  it('redirectTo navigates to its local path, with options.delayMs capped at 5 s', () => {
    expect(loginActionStep({ type: 'redirectTo', params: { targetUrl: '/de/' } }, 'de')).toEqual({
      kind: 'navigate',
      url: '/de/',
      delayMs: 0,
    });
    expect(
      loginActionStep(
        { type: 'redirectTo', params: { targetUrl: '/de/', options: { delayMs: 60_000 } } },
        'de',
      ),
    ).toEqual({ kind: 'navigate', url: '/de/', delayMs: 5000 });
  });

  it('showPaytour reopens the page with vxpAutoFlow=Payment (opens the payment dialog logged in)', () => {
    expect(loginActionStep({ type: 'showPaytour', params: {} }, 'en')).toEqual({
      kind: 'open-dialog',
      command: 'Payment',
    });
  });

  it('pinActor keeps the pin for after the login and opens the performer page when it is named (spec 3 pin actor)', () => {
    expect(
      loginActionStep({ type: 'pinActor', params: { targetId: 7, options: { actorName: 'lena' } } }, 'en'),
    ).toEqual({ kind: 'pin', pin: { target: 'actor', id: 7 }, url: '/en/amateur/lena/' });
    expect(loginActionStep({ type: 'pinActor', params: { targetId: '7' } }, 'de')).toEqual({
      kind: 'pin',
      pin: { target: 'actor', id: 7 },
      url: null,
    });
    // No usable id: as before, the performer page when named, else a reload.
    expect(
      loginActionStep(
        { type: 'pinActor', params: { targetId: 'lena', options: { actorName: 'lena' } } },
        'en',
      ),
    ).toEqual({ kind: 'navigate', url: '/en/amateur/lena/', delayMs: 0 });
    expect(loginActionStep({ type: 'pinActor', params: { targetId: '0x1' } }, 'en')).toEqual({
      kind: 'reload',
    });
  });

  it('the other actor actions go to the performer page when it is named, else reload', () => {
    expect(
      loginActionStep({ type: 'unpinActor', params: { targetId: 7, options: { actorName: 'lena' } } }, 'en'),
    ).toEqual({ kind: 'navigate', url: '/en/amateur/lena/', delayMs: 0 });
    expect(loginActionStep({ type: 'loadActorNote', params: { targetId: 7 } }, 'en')).toEqual({
      kind: 'reload',
    });
  });

  it('pin album, pin picture, pin sedcards keep the pin for after the reload (spec 3 stored login action)', () => {
    expect(loginActionStep({ type: 'pinAlbum', params: { targetId: 31 } }, 'nl')).toEqual({
      kind: 'pin',
      pin: { target: 'album', id: 31 },
      url: null,
    });
    expect(loginActionStep({ type: 'pinPicture', params: { targetId: '402' } }, 'es')).toEqual({
      kind: 'pin',
      pin: { target: 'picture', id: 402 },
      url: null,
    });
    expect(loginActionStep({ type: 'pinSedcards', params: { targetId: 5 } }, 'en')).toEqual({
      kind: 'pin',
      pin: { target: 'sedcards', id: 5 },
      url: null,
    });
    for (const targetId of ['lena', '-3', '1.5', '99999999999999999999']) {
      expect(loginActionStep({ type: 'pinAlbum', params: { targetId } }, 'en')).toEqual({ kind: 'reload' });
    }
  });

  it("selectMessengerChannel opens the messenger with the channel, or the performer's channel (by actor)", () => {
    expect(loginActionStep({ type: 'selectMessengerChannel', params: { targetId: 12 } }, 'en')).toEqual({
      kind: 'navigate',
      url: `${pathFor('Messenger', 'en')}?channel=12`,
      delayMs: 0,
    });
    expect(
      loginActionStep(
        { type: 'selectMessengerChannel', params: { targetId: '7', options: { by: 'actor' } } },
        'nl',
      ),
    ).toEqual({ kind: 'navigate', url: `${pathFor('Messenger', 'nl')}?actor=7`, delayMs: 0 });
    expect(loginActionStep({ type: 'selectMessengerChannel', params: { targetId: 'x' } }, 'nl')).toEqual({
      kind: 'reload',
    });
  });

  it('setSedcardsGuestRating sends the rating after the login (gallery/setSedcardsGuestRating), then reloads', () => {
    expect(
      loginActionStep({ type: 'setSedcardsGuestRating', params: { targetId: 12, value: 'like' } }, 'nl'),
    ).toEqual({
      kind: 'call-then-reload',
      endpoint: 'rateSedcard',
      input: { params: { actorId: 12 }, body: { guestRating: 1 } },
    });
    expect(endpointPath(galleryEndpoints.rateSedcard, { params: { actorId: 12 } })).toBe(
      'gallery/setSedcardsGuestRating/12',
    );
    expect(galleryEndpoints.rateSedcard.method).toBe('POST');
    expect(
      loginActionStep({ type: 'setSedcardsGuestRating', params: { targetId: '7', value: 'dislike' } }, 'en'),
    ).toEqual({
      kind: 'call-then-reload',
      endpoint: 'rateSedcard',
      input: { params: { actorId: 7 }, body: { guestRating: -1 } },
    });
    expect(
      loginActionStep({ type: 'setSedcardsGuestRating', params: { targetId: 'lena', value: 'like' } }, 'en'),
    ).toEqual({ kind: 'reload' });
  });

  it('Lindemann: after the login, the language-prefixed home path after 500 ms (spec 2)', () => {
    const action = lindemannLoginAction('es');
    expect(LINDEMANN_REDIRECT_DELAY_MS).toBe(500);
    expect(loginActionStep(action, 'es')).toEqual({ kind: 'navigate', url: '/es/', delayMs: 500 });
  });
});
