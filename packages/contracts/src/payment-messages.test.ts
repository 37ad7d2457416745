import { describe, expect, it } from 'vitest';
import {
  DIALOG_MESSAGE_TYPES,
  DialogMessageSchema,
  LOGIN_ACTION_TYPES,
  OnLoginActionSchema,
  parseDialogMessage,
  parseOnLoginAction,
} from './payment-messages.ts';

const id = 'dlg-1';

describe('payment dialog messages (spec 4)', () => {
  it('the union has the 13 message types of spec 4', () => {
    expect(DIALOG_MESSAGE_TYPES).toHaveLength(13);
  });

  it.each([
    { id, type: 'close' },
    { id, type: 'iframe-ready' },
    { id, type: 'content-loaded' },
    { id, type: 'success', flow: 'login', transferToken: 'tt-1' },
    { id, type: 'success', flow: 'signup' },
    { id, type: 'success', flow: 'moneycharge' },
    { id, type: 'view-ready', view: 'avs' },
    { id, type: 'response', response: { request: 'balance', balanceCents: 500, currency: 'EUR' } },
    { id, type: 'response', response: { request: 'avs-status', status: 'pending' } },
    { id, type: 'response', response: { request: 'is-logged-in', loggedIn: true } },
    { id, type: 'response', response: { request: 'active-abos', vip: true, tv: false } },
    { id, type: 'scrollto', top: 120 },
    { id, type: 'hook', hook: { hook: 'flow-changed', prevFlow: null, flow: 'login' } },
    { id, type: 'hook', hook: { hook: 'password-changed' } },
    { id, type: 'logout' },
    { id, type: 'redirect', url: '/en/myvela/' },
    { id, type: 'transfer-token', token: 'abc' },
    { id, type: 'countdownfinished' },
    { id, type: 'signup' },
  ])('accepts a well-formed message %o', (message) => {
    expect(parseDialogMessage(message)).toEqual(message);
  });

  it.each([
    ['no id', { type: 'close' }],
    ['empty id', { id: '', type: 'close' }],
    ['unknown type', { id, type: 'explode' }],
    ['unknown flow in success', { id, type: 'success', flow: 'steal' }],
    ['unknown view', { id, type: 'view-ready', view: 'nope' }],
    ['negative scroll', { id, type: 'scrollto', top: -1 }],
    ['redirect to another origin', { id, type: 'redirect', url: 'https://evil.example/' }],
    ['protocol-relative redirect', { id, type: 'redirect', url: '//evil.example/' }],
    ['javascript: redirect', { id, type: 'redirect', url: 'javascript:alert(1)' }],
    ['empty transfer token', { id, type: 'transfer-token', token: '' }],
    [
      'undeclared field (card data never crosses postMessage)',
      { id, type: 'success', flow: 'moneycharge', pan: '4111' },
    ],
    ['unknown hook', { id, type: 'hook', hook: { hook: 'pwn' } }],
    ['a string', 'close'],
    ['null', null],
  ])('refuses %s', (_rule, message) => {
    expect(parseDialogMessage(message)).toBeNull();
    expect(DialogMessageSchema.safeParse(message).success).toBe(false);
  });
});

describe('stored onLoginAction (spec 3)', () => {
  it('knows the ten stored action types of spec 3', () => {
    expect(LOGIN_ACTION_TYPES).toHaveLength(10);
  });

  it.each([
    { type: 'loadActorNote', params: { targetId: 42 } },
    { type: 'pinActor', params: { targetId: 'a-1' } },
    { type: 'unpinActor', params: { targetId: 7 } },
    { type: 'pinAlbum', params: { targetId: 7 } },
    { type: 'pinPicture', params: { targetId: 7 } },
    { type: 'pinSedcards', params: { targetId: 7 } },
    { type: 'setSedcardsGuestRating', params: { targetId: 7, value: 'like' } },
    { type: 'selectMessengerChannel', params: { targetId: 'ch-9' } },
    { type: 'showPaytour', params: { storeAutoOpenSetting: true, options: { flow: 'vipabo' } } },
    { type: 'redirectTo', params: { targetUrl: '/de/vipclub/' } },
  ])('accepts %o', (action) => {
    expect(OnLoginActionSchema.parse(action)).toEqual(action);
    expect(parseOnLoginAction(JSON.stringify(action))).toEqual(action);
  });

  it.each([
    ['nothing stored', null],
    ['empty string', ''],
    ['broken JSON', '{"type":'],
    ['unknown type', JSON.stringify({ type: 'deleteAccount', params: {} })],
    ['pin without target', JSON.stringify({ type: 'pinActor', params: {} })],
    [
      'rating with a bad value',
      JSON.stringify({ type: 'setSedcardsGuestRating', params: { targetId: 1, value: 5 } }),
    ],
    [
      'redirect to another origin',
      JSON.stringify({ type: 'redirectTo', params: { targetUrl: 'https://evil.example' } }),
    ],
  ])('refuses %s', (_rule, stored) => {
    expect(parseOnLoginAction(stored)).toBeNull();
  });
});
