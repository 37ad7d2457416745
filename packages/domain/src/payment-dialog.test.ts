import { describe, expect, it } from 'vitest';
import {
  acceptMessage,
  afterLoginStep,
  canShowDialog,
  completesLogin,
  DIALOG_HEIGHT,
  DIALOG_STATES,
  DIALOG_WIDTH,
  DIALOG_Z_INDEX,
  type DialogEvent,
  type DialogState,
  DialogTransitionError,
  dialogFrameSize,
  dialogTransition,
  OVERLAY_OPACITY,
  OVERLAY_Z_INDEX,
  opensInNewTab,
  PENDING_ACTION_POLL_MS,
  readDialogUrl,
  SCROLL_ANIMATION_MS,
  SHOW_RETRY_MS,
  SPINNER_SIZE,
  showsLoadingOverlay,
  successUrl,
} from './payment-dialog.ts';

const FLOWS = [
  'moneycharge',
  'login',
  'pwdlost',
  'pwdreset',
  'vipabo',
  'avs',
  'settings',
  'autorecharge',
  'limit',
];

function run(events: DialogEvent[], from: DialogState = 'not-created'): DialogState {
  return events.reduce(dialogTransition, from);
}

describe('payment dialog constants (spec 9)', () => {
  it('675x740, z-index 10001, overlay 10000 at opacity 0.3, spinner 140, retry 1000 ms, polling 500 ms', () => {
    expect([DIALOG_WIDTH, DIALOG_HEIGHT]).toEqual([675, 740]);
    expect(DIALOG_Z_INDEX).toBe(10001);
    expect(OVERLAY_Z_INDEX).toBe(10000);
    expect(OVERLAY_OPACITY).toBe(0.3);
    expect(SPINNER_SIZE).toBe(140);
    expect(SHOW_RETRY_MS).toBe(1000);
    expect(PENDING_ACTION_POLL_MS).toBe(500);
    expect(SCROLL_ANIMATION_MS).toBe(500);
  });
});

describe('payment dialog state machine (spec 4)', () => {
  it('not created -> created -> ready (after the transfer token) -> loaded -> visible', () => {
    expect(dialogTransition('not-created', { type: 'create' })).toBe('created');
    expect(dialogTransition('created', { type: 'transfer-token' })).toBe('ready');
    expect(dialogTransition('ready', { type: 'content-loaded' })).toBe('loaded');
    expect(dialogTransition('loaded', { type: 'show' })).toBe('visible');
  });

  it('hiding removes the iframe unless hideIframe is set', () => {
    expect(dialogTransition('visible', { type: 'hide', hideIframe: false })).toBe('removed');
    expect(dialogTransition('visible', { type: 'hide', hideIframe: true })).toBe('hidden');
  });

  it('a hidden dialog that kept its iframe shows again without reloading', () => {
    expect(dialogTransition('hidden', { type: 'show' })).toBe('visible');
  });

  it('a removed dialog must be created anew', () => {
    expect(dialogTransition('removed', { type: 'create' })).toBe('created');
    expect(() => dialogTransition('removed', { type: 'show' })).toThrow(DialogTransitionError);
  });

  it('the dialog can be closed while still loading', () => {
    expect(run([{ type: 'create' }, { type: 'hide', hideIframe: false }])).toBe('removed');
    expect(run([{ type: 'create' }, { type: 'transfer-token' }, { type: 'hide', hideIframe: true }])).toBe(
      'hidden',
    );
  });

  it('a refreshed transfer token does not change a live dialog', () => {
    for (const state of ['ready', 'loaded', 'visible', 'hidden'] as const) {
      expect(dialogTransition(state, { type: 'transfer-token' })).toBe(state);
    }
  });

  it.each<[DialogState, DialogEvent]>([
    ['not-created', { type: 'transfer-token' }],
    ['not-created', { type: 'content-loaded' }],
    ['not-created', { type: 'show' }],
    ['not-created', { type: 'hide', hideIframe: false }],
    ['created', { type: 'content-loaded' }],
    ['created', { type: 'show' }],
    ['ready', { type: 'show' }],
    ['created', { type: 'create' }],
    ['visible', { type: 'create' }],
    ['loaded', { type: 'content-loaded' }],
    ['removed', { type: 'transfer-token' }],
  ])('illegal: %s on %o throws DIALOG_ILLEGAL_TRANSITION', (state, event) => {
    expect(() => dialogTransition(state, event)).toThrow(
      expect.objectContaining({ code: 'DIALOG_ILLEGAL_TRANSITION', from: state, event: event.type }),
    );
  });

  it('showing is possible only once the content has loaded (earlier attempts are retried)', () => {
    expect(DIALOG_STATES.filter(canShowDialog)).toEqual(['loaded', 'visible', 'hidden']);
  });

  it('the overlay with spinner covers the page while the dialog loads', () => {
    expect(DIALOG_STATES.filter(showsLoadingOverlay)).toEqual(['created', 'ready', 'loaded']);
  });

  it('675x740 centred until ready, then maximised; autorecharge is 100vh high', () => {
    expect(dialogFrameSize('created', 'login')).toEqual({ mode: 'centred', width: 675, height: 740 });
    expect(dialogFrameSize('ready', 'login')).toEqual({ mode: 'maximised', width: '100%', height: '100%' });
    expect(dialogFrameSize('visible', 'autorecharge')).toEqual({
      mode: 'maximised',
      width: '100%',
      height: '100vh',
    });
  });
});

describe('iframe or new tab (spec 2)', () => {
  const base = { mobile: false, ieMobile: false, loggedIn: false, newTabForLoggedIn: false };
  it('desktop opens the embedded iframe', () => {
    expect(opensInNewTab(base)).toBe(false);
  });
  it('mobile browsers other than IEMobile open a new tab', () => {
    expect(opensInNewTab({ ...base, mobile: true })).toBe(true);
    expect(opensInNewTab({ ...base, mobile: true, ieMobile: true })).toBe(false);
  });
  it('logged-in guests get a new tab only when enabled', () => {
    expect(opensInNewTab({ ...base, loggedIn: true })).toBe(false);
    expect(opensInNewTab({ ...base, loggedIn: true, newTabForLoggedIn: true })).toBe(true);
    expect(opensInNewTab({ ...base, loggedIn: false, newTabForLoggedIn: true })).toBe(false);
  });
});

describe('messages accepted only from the dialog origin with the matching id (spec 5)', () => {
  const expected = { dialogOrigin: 'https://pay.vela.test', dialogId: 'd-1' };
  it.each<[string, { origin: string; data: unknown }, boolean]>([
    ['matching origin and id', { origin: 'https://pay.vela.test', data: { id: 'd-1', type: 'close' } }, true],
    ['foreign origin', { origin: 'https://evil.test', data: { id: 'd-1', type: 'close' } }, false],
    ['origin differing by port', { origin: 'https://pay.vela.test:444', data: { id: 'd-1' } }, false],
    ['other dialog id', { origin: 'https://pay.vela.test', data: { id: 'd-2', type: 'close' } }, false],
    ['no id', { origin: 'https://pay.vela.test', data: { type: 'close' } }, false],
    ['string data', { origin: 'https://pay.vela.test', data: 'd-1' }, false],
    ['null data', { origin: 'https://pay.vela.test', data: null }, false],
  ])('%s -> %s', (_rule, event, accepted) => {
    expect(acceptMessage(event, expected)).toBe(accepted);
  });

  it('an empty expected id accepts nothing', () => {
    expect(acceptMessage({ origin: 'o', data: { id: '' } }, { dialogOrigin: 'o', dialogId: '' })).toBe(false);
  });
});

describe('URL parameters of the payment dialog (spec 2)', () => {
  const at = (query: string) => readDialogUrl(`https://vela.test/en/?${query}`, FLOWS);

  it('no dialog parameter: nothing happens and the URL is kept', () => {
    expect(at('page=2')).toEqual({ action: { kind: 'none' }, strippedUrl: 'https://vela.test/en/?page=2' });
  });

  it('showModalbox=1 restores the dialog in flow vxpFlow with view wait; vxpFlow is stripped', () => {
    expect(at('showModalbox=1&vxpFlow=vipabo&page=2')).toEqual({
      action: { kind: 'restore', flow: 'vipabo', view: 'wait' },
      strippedUrl: 'https://vela.test/en/?showModalbox=1&page=2',
    });
  });

  it('showModalbox=1 without vxpFlow (or with an unknown one) restores moneycharge', () => {
    expect(at('showModalbox=1').action).toEqual({ kind: 'restore', flow: 'moneycharge', view: 'wait' });
    expect(at('showModalbox=1&vxpFlow=steal').action).toEqual({
      kind: 'restore',
      flow: 'moneycharge',
      view: 'wait',
    });
  });

  it('showModalbox other than 1 restores nothing', () => {
    expect(at('showModalbox=0').action).toEqual({ kind: 'none' });
  });

  it('vxpAutoFlow=X opens the flow of command openX and is stripped', () => {
    expect(at('vxpAutoFlow=Login&x=1')).toEqual({
      action: { kind: 'auto-flow', command: 'openLogin', flow: 'login' },
      strippedUrl: 'https://vela.test/en/?x=1',
    });
    expect(at('vxpAutoFlow=Payment').action).toEqual({
      kind: 'auto-flow',
      command: 'openPayment',
      flow: 'moneycharge',
    });
    expect(at('vxpAutoFlow=SignUp').action).toEqual({
      kind: 'auto-flow',
      command: 'openSignUp',
      flow: 'signup',
    });
  });

  it('an unknown vxpAutoFlow is ignored but still stripped', () => {
    expect(at('vxpAutoFlow=Nope')).toEqual({
      action: { kind: 'none' },
      strippedUrl: 'https://vela.test/en/',
    });
    expect(at('vxpAutoFlow=constructor').action).toEqual({ kind: 'none' });
  });

  it('u and key open the password reset', () => {
    expect(at('u=17&key=k3y').action).toEqual({ kind: 'password-reset', u: '17', key: 'k3y' });
    expect(at('u=17').action).toEqual({ kind: 'none' });
  });

  it('tpLoginPwdLost / tpEmailPwdLost open password lost prefilled', () => {
    expect(at('tpLoginPwdLost=anna').action).toEqual({ kind: 'password-lost', login: 'anna', email: null });
    expect(at('tpEmailPwdLost=a%40b.de').action).toEqual({
      kind: 'password-lost',
      login: null,
      email: 'a@b.de',
    });
  });

  it('redirect_token logs in by token', () => {
    expect(at('redirect_token=t0k').action).toEqual({ kind: 'redirect-token', token: 't0k' });
  });

  it('showModalbox wins over the other parameters; both vxp parameters are stripped', () => {
    const result = at('vxpAutoFlow=Login&showModalbox=1&vxpFlow=avs&redirect_token=t');
    expect(result.action).toEqual({ kind: 'restore', flow: 'avs', view: 'wait' });
    expect(result.strippedUrl).toBe('https://vela.test/en/?showModalbox=1&redirect_token=t');
  });

  it('the hash survives stripping', () => {
    expect(at('vxpAutoFlow=Login#top').strippedUrl).toBe('https://vela.test/en/#top');
  });
});

describe('success without handler goes to the success URL (spec 4)', () => {
  const base = { profileUrl: '/en/myvela/profile/', homeUrl: '/en/', disableJump: false };

  it('goes to the profile by default', () => {
    expect(successUrl(base)).toBe('/en/myvela/profile/');
  });

  it('disableJump (or no profile) goes home', () => {
    expect(successUrl({ ...base, disableJump: true })).toBe('/en/');
    expect(successUrl({ ...base, profileUrl: null })).toBe('/en/');
  });

  it('carries host, uhash, pfm, w and ws', () => {
    expect(successUrl({ ...base, host: 'h', uhash: 'u1', pfm: '7', w: 'a', ws: 'b' })).toBe(
      '/en/myvela/profile/?host=h&uhash=u1&pfm=7&w=a&ws=b',
    );
  });

  it('carries the transfer token as tt when there is no uhash', () => {
    expect(successUrl({ ...base, transferToken: 't-9' })).toBe('/en/myvela/profile/?tt=t-9');
    expect(successUrl({ ...base, uhash: 'u', transferToken: 't' })).toBe('/en/myvela/profile/?uhash=u');
  });

  it('appends to an existing query and keeps the hash', () => {
    expect(successUrl({ ...base, profileUrl: '/en/p/?a=1#x', pfm: '2' })).toBe('/en/p/?a=1&pfm=2#x');
  });
});

describe('after login/signup (spec 4)', () => {
  it('success of login or signup completes the login; other flows do not', () => {
    const ctx = { loggedInByDialog: false, wasLoggedIn: false };
    expect(completesLogin({ type: 'success', flow: 'login' }, ctx)).toBe(true);
    expect(completesLogin({ type: 'success', flow: 'signup' }, ctx)).toBe(true);
    expect(completesLogin({ type: 'success', flow: 'moneycharge' }, ctx)).toBe(false);
  });

  it('close after a signup/login by a guest who was not logged in completes the login', () => {
    expect(completesLogin({ type: 'close' }, { loggedInByDialog: true, wasLoggedIn: false })).toBe(true);
    expect(completesLogin({ type: 'close' }, { loggedInByDialog: false, wasLoggedIn: false })).toBe(false);
    expect(completesLogin({ type: 'close' }, { loggedInByDialog: true, wasLoggedIn: true })).toBe(false);
    expect(completesLogin({ type: 'logout' }, { loggedInByDialog: true, wasLoggedIn: false })).toBe(false);
  });

  it('stored action first, then the server URL, then a reload', () => {
    const ok = { alreadyHandled: false, serverOk: true };
    expect(afterLoginStep({ ...ok, hasStoredAction: true, serverUrl: '/x' })).toEqual({
      kind: 'run-stored-action',
    });
    expect(afterLoginStep({ ...ok, hasStoredAction: false, serverUrl: '/x' })).toEqual({
      kind: 'navigate',
      url: '/x',
    });
    expect(afterLoginStep({ ...ok, hasStoredAction: false, serverUrl: null })).toEqual({ kind: 'reload' });
  });

  it('a failed post to the server reloads', () => {
    expect(
      afterLoginStep({ alreadyHandled: false, serverOk: false, hasStoredAction: true, serverUrl: '/x' }),
    ).toEqual({
      kind: 'reload',
    });
  });

  it('is handled once', () => {
    expect(
      afterLoginStep({ alreadyHandled: true, serverOk: true, hasStoredAction: true, serverUrl: null }),
    ).toEqual({
      kind: 'nothing',
    });
  });
});
