/** The web push switch's text and button per state, in every language (no browser needed). */
import { LANGUAGES } from '@vela/contracts/common';
import { webPushMessages } from '@vela/i18n/messages/webpush';
import { translator } from '@vela/i18n/translate';
import { describe, expect, it } from 'vitest';
import { keyBytes, madeWithKey } from './webPushBrowser.ts';
import { type WebPushState, webPushView } from './webPushView.ts';

const t = translator(webPushMessages, 'en');
const state = (overrides: Partial<WebPushState>): WebPushState => ({
  phase: 'off',
  busy: false,
  notice: null,
  ...overrides,
});

describe('web push switch', () => {
  it('shows nothing until the browser has been asked (server render = first client render)', () => {
    expect(webPushView(state({ phase: 'checking' }), t, 'Vela')).toBeNull();
  });

  it('offers no button when pressing cannot help: unsupported browser, notifications blocked', () => {
    expect(webPushView(state({ phase: 'unsupported' }), t, 'Vela')).toEqual({
      button: null,
      message: expect.stringContaining('add Vela to the home screen'),
    });
    expect(webPushView(state({ phase: 'denied' }), t, 'Vela')).toEqual({
      button: null,
      message: expect.stringContaining('Allow them in the site settings'),
    });
  });

  it('off offers turning on, on offers turning off; busy cannot be pressed', () => {
    expect(webPushView(state({ phase: 'off' }), t, 'Vela')?.button).toEqual({
      label: 'Turn on push notifications',
      action: 'on',
      disabled: false,
    });
    expect(webPushView(state({ phase: 'on' }), t, 'Vela')).toEqual({
      button: { label: 'Turn off push notifications', action: 'off', disabled: false },
      message: 'Push notifications are on in this browser.',
    });
    expect(webPushView(state({ phase: 'on', busy: true }), t, 'Vela')?.button).toEqual({
      label: 'One moment…',
      action: 'off',
      disabled: true,
    });
  });

  it('a failed press says what to do instead of the state', () => {
    expect(webPushView(state({ notice: 'dismissed' }), t, 'Vela')?.message).toMatch(/did not allow/);
    expect(webPushView(state({ notice: 'notLoggedIn' }), t, 'Vela')?.message).toMatch(/Log in/);
    expect(webPushView(state({ notice: 'failed' }), t, 'Vela')?.message).toMatch(/try again/);
  });

  it.each(LANGUAGES)('every state has its text in %s', (lang) => {
    const local = translator(webPushMessages, lang);
    for (const phase of ['unsupported', 'denied', 'off', 'on'] as const) {
      for (const notice of [null, 'dismissed', 'notLoggedIn', 'failed'] as const) {
        const view = webPushView(state({ phase, notice }), local, 'Vela');
        expect(view?.message.length).toBeGreaterThan(5);
        expect(view?.message).not.toContain('{');
      }
    }
  });
});

describe('server key', () => {
  const key = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';

  it('decodes the base64url key to its 65 bytes', () => {
    const bytes = keyBytes(key);
    expect(bytes).toHaveLength(65);
    expect(bytes[0]).toBe(4);
    expect(Buffer.from(bytes).toString('base64url')).toBe(key);
  });

  it('a subscription made with another server key must be renewed', () => {
    const made = (applicationServerKey: ArrayBuffer | null) =>
      ({ options: { applicationServerKey } }) as unknown as PushSubscription;
    expect(madeWithKey(made(keyBytes(key).buffer), key)).toBe(true);
    const other = keyBytes(key);
    other[10] = (other[10]! + 1) % 256;
    expect(madeWithKey(made(other.buffer), key)).toBe(false);
    expect(madeWithKey(made(null), key)).toBe(false);
  });
});
