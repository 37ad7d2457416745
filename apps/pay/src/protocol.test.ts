import { describe, expect, it, vi } from 'vitest';
import {
  acceptPageMessage,
  createDialogChannel,
  endingMessage,
  flowChangedMessage,
  INVALID_MESSAGE_LOG,
  readDialogParams,
} from './protocol.ts';

const PUBLIC_ORIGIN = 'https://vela.test';
const ID = 'dlg-1';
const init = {
  id: ID,
  type: 'init',
  flow: 'login',
  language: 'de',
  accessToken: 'tok-1',
  prefill: { login: 'anna' },
};

function logger() {
  return { warn: vi.fn() };
}

describe('dialog accepts page messages only from PUBLIC_ORIGIN with its id (spec 5; spec 8 "Invalid message response")', () => {
  it('accepts and parses an init from the page origin with the dialog id', () => {
    const log = logger();
    const message = acceptPageMessage(
      { origin: PUBLIC_ORIGIN, data: init },
      { publicOrigin: PUBLIC_ORIGIN, dialogId: ID },
      log,
    );
    expect(message).toEqual(init);
    expect(log.warn).not.toHaveBeenCalled();
  });

  it.each([
    ['another origin', { origin: 'https://evil.test', data: init }],
    ['the same host on another scheme', { origin: 'http://vela.test', data: init }],
    ['the same host on another port', { origin: 'https://vela.test:8443', data: init }],
    ['another dialog id', { origin: PUBLIC_ORIGIN, data: { ...init, id: 'dlg-2' } }],
    ['no id', { origin: PUBLIC_ORIGIN, data: { ...init, id: undefined } }],
    ['a string', { origin: PUBLIC_ORIGIN, data: JSON.stringify(init) }],
    ['an unknown type', { origin: PUBLIC_ORIGIN, data: { ...init, type: 'charge' } }],
    ['an unknown flow', { origin: PUBLIC_ORIGIN, data: { ...init, flow: 'steal' } }],
    [
      'an undeclared field (card data never crosses)',
      { origin: PUBLIC_ORIGIN, data: { ...init, cardNumber: '4111' } },
    ],
    [
      'a prefill with an undeclared field',
      { origin: PUBLIC_ORIGIN, data: { ...init, prefill: { cvv: '123' } } },
    ],
  ])('ignores a message with %s and logs "Invalid message response" to the console', (_name, event) => {
    const log = logger();
    expect(acceptPageMessage(event, { publicOrigin: PUBLIC_ORIGIN, dialogId: ID }, log)).toBeNull();
    expect(log.warn).toHaveBeenCalledWith(INVALID_MESSAGE_LOG);
  });

  it('ignores a message of the right origin and id from another window than the page', () => {
    const page = {};
    const log = logger();
    const expected = { publicOrigin: PUBLIC_ORIGIN, dialogId: ID, expectedSource: page };
    expect(acceptPageMessage({ origin: PUBLIC_ORIGIN, data: init, source: {} }, expected, log)).toBeNull();
    expect(acceptPageMessage({ origin: PUBLIC_ORIGIN, data: init, source: page }, expected, log)).toEqual(
      init,
    );
  });

  it('accepts a fresh access token from the page', () => {
    const message = acceptPageMessage(
      { origin: PUBLIC_ORIGIN, data: { id: ID, type: 'access-token', accessToken: 'tok-2' } },
      { publicOrigin: PUBLIC_ORIGIN, dialogId: ID },
      logger(),
    );
    expect(message).toEqual({ id: ID, type: 'access-token', accessToken: 'tok-2' });
  });

  it('an init without token (visitor) and with the signup flow parses', () => {
    const data = { id: ID, type: 'init', flow: 'signup', language: 'es', accessToken: null };
    expect(
      acceptPageMessage(
        { origin: PUBLIC_ORIGIN, data },
        { publicOrigin: PUBLIC_ORIGIN, dialogId: ID },
        logger(),
      ),
    ).toEqual(data);
  });
});

describe('dialog posts to the page', () => {
  it('posts with targetOrigin PUBLIC_ORIGIN (never "*") and adds its id', () => {
    const target = { postMessage: vi.fn() };
    const channel = createDialogChannel({ id: ID, publicOrigin: PUBLIC_ORIGIN, target });
    channel.post({ type: 'iframe-ready' });
    channel.post({ type: 'success', flow: 'login', transferToken: 'tt-1' });
    expect(target.postMessage).toHaveBeenNthCalledWith(1, { id: ID, type: 'iframe-ready' }, PUBLIC_ORIGIN);
    expect(target.postMessage).toHaveBeenNthCalledWith(
      2,
      { id: ID, type: 'success', flow: 'login', transferToken: 'tt-1' },
      PUBLIC_ORIGIN,
    );
  });

  it('refuses to post an undeclared message or field (the union is strict)', () => {
    const target = { postMessage: vi.fn() };
    const channel = createDialogChannel({ id: ID, publicOrigin: PUBLIC_ORIGIN, target });
    // @ts-expect-error not a dialog message
    expect(() => channel.post({ type: 'card', number: '4111' })).toThrow();
    // @ts-expect-error undeclared field
    expect(() => channel.post({ type: 'close', cardNumber: '4111' })).toThrow();
    expect(target.postMessage).not.toHaveBeenCalled();
  });

  it('cannot be created without an exact page origin', () => {
    expect(() => createDialogChannel({ id: ID, publicOrigin: '*', target: null })).toThrow();
    expect(() => createDialogChannel({ id: ID, publicOrigin: '', target: null })).toThrow();
  });

  it('reports flow changes with hook flow-changed; signup is a command, not a hook flow', () => {
    expect(flowChangedMessage('moneycharge', 'login')).toEqual({
      type: 'hook',
      hook: { hook: 'flow-changed', prevFlow: 'moneycharge', flow: 'login' },
    });
    expect(flowChangedMessage('signup', 'login')).toEqual({
      type: 'hook',
      hook: { hook: 'flow-changed', prevFlow: null, flow: 'login' },
    });
    expect(flowChangedMessage('login', 'signup')).toBeNull();
    expect(flowChangedMessage('login', 'login')).toBeNull();
  });
});

describe('dialog URL /?id=&flow=&lang=', () => {
  it('reads id, a known flow and a supported language', () => {
    expect(readDialogParams('?id=abc&flow=pwdreset&lang=nl')).toEqual({
      id: 'abc',
      flow: 'pwdreset',
      lang: 'nl',
    });
    expect(readDialogParams('?id=abc&flow=signup&lang=de').flow).toBe('signup');
  });

  it('drops an unknown flow and falls back to en for an unknown language', () => {
    expect(readDialogParams('?id=abc&flow=steal&lang=fr')).toEqual({ id: 'abc', flow: null, lang: 'en' });
    expect(readDialogParams('').id).toBe('');
  });
});

describe('ending the dialog after a login inside it (spec 4: after login/signup success the page completes the login)', () => {
  it('close and success report nothing else when no login waits', () => {
    expect(endingMessage({ type: 'close' }, null)).toEqual({ type: 'close' });
    expect(endingMessage({ type: 'success', flow: 'avs' }, null)).toEqual({ type: 'success', flow: 'avs' });
  });

  it('a login that continued to the requested flow is reported as success of the login with its transfer token', () => {
    const login = { flow: 'login' as const, token: 'tt-9' };
    expect(endingMessage({ type: 'close' }, login)).toEqual({
      type: 'success',
      flow: 'login',
      transferToken: 'tt-9',
    });
    expect(endingMessage({ type: 'success', flow: 'avs' }, { flow: 'signup', token: 'tt-8' })).toEqual({
      type: 'success',
      flow: 'signup',
      transferToken: 'tt-8',
    });
  });
});
