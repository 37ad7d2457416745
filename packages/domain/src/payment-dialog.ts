/**
 * Payment dialog rules (spec 2, 4, 5, 9), pure: the page-side state machine, the URL parameters
 * read on load, the message acceptance predicate and the constants. Message shapes are in
 * @vela/contracts/payment-messages; flow names are injected (this package depends on nothing of ours).
 */

// Constants of spec 9 (the sizes and layers in ./payment-dialog-open.ts, which the page loads first).
import { DIALOG_HEIGHT, DIALOG_WIDTH } from './payment-dialog-open.ts';

export {
  DIALOG_HEIGHT,
  DIALOG_WIDTH,
  DIALOG_Z_INDEX,
  OVERLAY_OPACITY,
  OVERLAY_Z_INDEX,
  opensInNewTab,
  SPINNER_SIZE,
} from './payment-dialog-open.ts';
/** The page retries showing the iframe every second until it has loaded. */
export const SHOW_RETRY_MS = 1000;
/** Pending stored actions are polled every 500 ms. */
export const PENDING_ACTION_POLL_MS = 500;
/** The scrollto message animates for 500 ms. */
export const SCROLL_ANIMATION_MS = 500;

// State machine (spec 4): not created -> created -> ready (after the transfer token message)
// -> loaded -> visible -> hidden / removed. Hiding removes the iframe unless hideIframe is set.
export const DIALOG_STATES = [
  'not-created',
  'created',
  'ready',
  'loaded',
  'visible',
  'hidden',
  'removed',
] as const;
export type DialogState = (typeof DIALOG_STATES)[number];

export type DialogEvent =
  | { type: 'create' }
  | { type: 'transfer-token' }
  | { type: 'content-loaded' }
  | { type: 'show' }
  | { type: 'hide'; hideIframe: boolean };

export class DialogTransitionError extends Error {
  readonly code = 'DIALOG_ILLEGAL_TRANSITION';
  constructor(
    readonly from: DialogState,
    readonly event: DialogEvent['type'],
  ) {
    super(`payment dialog cannot handle ${event} while ${from}`);
    this.name = 'DialogTransitionError';
  }
}

export function dialogTransition(state: DialogState, event: DialogEvent): DialogState {
  switch (event.type) {
    case 'create':
      if (state === 'not-created' || state === 'removed') return 'created';
      break;
    case 'transfer-token':
      if (state === 'created') return 'ready';
      // The token is refreshed while the dialog lives; that changes nothing.
      if (state === 'ready' || state === 'loaded' || state === 'visible' || state === 'hidden') return state;
      break;
    case 'content-loaded':
      if (state === 'ready') return 'loaded';
      break;
    case 'show':
      // A hidden dialog that kept its iframe can be shown again.
      if (state === 'loaded' || state === 'hidden' || state === 'visible') return 'visible';
      break;
    case 'hide':
      if (state === 'visible' || state === 'loaded' || state === 'ready' || state === 'created') {
        return event.hideIframe ? 'hidden' : 'removed';
      }
      if (state === 'hidden') return event.hideIframe ? 'hidden' : 'removed';
      break;
  }
  throw new DialogTransitionError(state, event.type);
}

/** Showing before the content has loaded is retried every SHOW_RETRY_MS. */
export function canShowDialog(state: DialogState): boolean {
  return state === 'loaded' || state === 'hidden' || state === 'visible';
}

/** The overlay with its spinner covers the page while the dialog exists but is not yet shown. */
export function showsLoadingOverlay(state: DialogState): boolean {
  return state === 'created' || state === 'ready' || state === 'loaded';
}

export type DialogFrameSize =
  | { mode: 'centred'; width: number; height: number }
  | { mode: 'maximised'; width: '100%'; height: '100%' | '100vh' };

/** 675x740 centred while loading, maximised to the viewport once ready (autorecharge 100vh high). */
export function dialogFrameSize(state: DialogState, flow: string): DialogFrameSize {
  if (state === 'not-created' || state === 'created') {
    return { mode: 'centred', width: DIALOG_WIDTH, height: DIALOG_HEIGHT };
  }
  return { mode: 'maximised', width: '100%', height: flow === 'autorecharge' ? '100vh' : '100%' };
}

/**
 * Messages are accepted only from the dialog origin with the matching id (spec 5). The data is
 * still untrusted: parse it with DialogMessageSchema afterwards.
 */
export function acceptMessage(
  event: { origin: string; data: unknown },
  expected: { dialogOrigin: string; dialogId: string },
): boolean {
  if (event.origin !== expected.dialogOrigin || expected.dialogId === '') return false;
  const data = event.data;
  if (typeof data !== 'object' || data === null) return false;
  return (data as { id?: unknown }).id === expected.dialogId;
}

// URL parameters read on page load (spec 2).

/** vxpAutoFlow=X opens the flow of the command `open` + X. */
export const AUTO_FLOW_COMMANDS: Readonly<Record<string, string>> = {
  openLogin: 'login',
  openSignUp: 'signup',
  openPayment: 'moneycharge',
  openLimitedPayment: 'limit',
  openOneClick: 'oneclick',
  openAutoRecharge: 'autorecharge',
  openVipAbo: 'vipabo',
  openVipAboTrial: 'trialvipabo',
  openAbo: 'vxabo',
  openPremiumAbo: 'vxtvabo',
  openSettings: 'settings',
  openAVS: 'avs',
  openPromoCode: 'promocode',
  openScratchCard: 'scratchcard',
  openLostPassword: 'pwdlost',
  openResetPassword: 'pwdreset',
};

export type DialogUrlAction =
  | { kind: 'none' }
  | { kind: 'restore'; flow: string; view: 'wait' }
  | { kind: 'auto-flow'; command: string; flow: string }
  | { kind: 'password-reset'; u: string; key: string }
  | { kind: 'password-lost'; login: string | null; email: string | null }
  | { kind: 'redirect-token'; token: string };

/** The two vxp parameters, removed from the address after use. */
export const STRIPPED_PARAMS = ['vxpFlow', 'vxpAutoFlow'] as const;

/**
 * Reads the dialog parameters of an absolute URL, first match wins:
 * showModalbox=1 restores the dialog in flow vxpFlow (or moneycharge) with view wait;
 * vxpAutoFlow=X opens the flow of command openX; u + key open password reset;
 * tpLoginPwdLost / tpEmailPwdLost open password lost prefilled; redirect_token logs in by token.
 * Unknown flows are ignored. vxpFlow and vxpAutoFlow are stripped whenever present.
 */
export function readDialogUrl(
  url: string,
  knownFlows: readonly string[],
): { action: DialogUrlAction; strippedUrl: string } {
  const parsed = new URL(url);
  const q = parsed.searchParams;
  const action = actionOf(q, knownFlows);
  let stripped = false;
  for (const name of STRIPPED_PARAMS) {
    if (q.has(name)) {
      q.delete(name);
      stripped = true;
    }
  }
  return { action, strippedUrl: stripped ? parsed.toString() : url };
}

function nonEmpty(value: string | null): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

function actionOf(q: URLSearchParams, knownFlows: readonly string[]): DialogUrlAction {
  if (q.get('showModalbox') === '1') {
    const requested = nonEmpty(q.get('vxpFlow'));
    const flow = requested && knownFlows.includes(requested) ? requested : 'moneycharge';
    return { kind: 'restore', flow, view: 'wait' };
  }
  const auto = nonEmpty(q.get('vxpAutoFlow'));
  if (auto) {
    const command = `open${auto}`;
    const flow = Object.hasOwn(AUTO_FLOW_COMMANDS, command) ? AUTO_FLOW_COMMANDS[command] : undefined;
    if (flow && (flow === 'signup' || knownFlows.includes(flow))) return { kind: 'auto-flow', command, flow };
  }
  const u = nonEmpty(q.get('u'));
  const key = nonEmpty(q.get('key'));
  if (u && key) return { kind: 'password-reset', u, key };
  const login = nonEmpty(q.get('tpLoginPwdLost'));
  const email = nonEmpty(q.get('tpEmailPwdLost'));
  if (login || email) return { kind: 'password-lost', login, email };
  const token = nonEmpty(q.get('redirect_token'));
  if (token) return { kind: 'redirect-token', token };
  return { kind: 'none' };
}

// Success handling (spec 4).

export interface SuccessUrlInput {
  /** The guest's profile page (guest area). */
  profileUrl: string | null;
  homeUrl: string;
  disableJump: boolean;
  host?: string | null;
  uhash?: string | null;
  transferToken?: string | null;
  pfm?: string | null;
  w?: string | null;
  ws?: string | null;
}

/**
 * Where a success without a registered handler goes: the profile unless disableJump (or no profile),
 * otherwise home; with host, uhash (or else the transfer token as tt), pfm, w and ws when present.
 * Relative URLs stay relative.
 */
export function successUrl(input: SuccessUrlInput): string {
  const base = !input.disableJump && input.profileUrl ? input.profileUrl : input.homeUrl;
  const params = new URLSearchParams();
  const add = (name: string, value: string | null | undefined) => {
    if (value) params.set(name, value);
  };
  add('host', input.host);
  if (input.uhash) add('uhash', input.uhash);
  else add('tt', input.transferToken);
  add('pfm', input.pfm);
  add('w', input.w);
  add('ws', input.ws);
  const query = params.toString();
  if (!query) return base;
  const hashAt = base.indexOf('#');
  const path = hashAt === -1 ? base : base.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : base.slice(hashAt);
  return `${path}${path.includes('?') ? '&' : '?'}${query}${hash}`;
}

/**
 * Login/signup completion starts on a success of flow login or signup, or on close after the
 * dialog reported a login/signup for a guest who was not logged in (spec 4).
 */
export function completesLogin(
  message: { type: string; flow?: string },
  context: { loggedInByDialog: boolean; wasLoggedIn: boolean },
): boolean {
  if (message.type === 'success') return message.flow === 'login' || message.flow === 'signup';
  if (message.type === 'close') return context.loggedInByDialog && !context.wasLoggedIn;
  return false;
}

export type AfterLoginStep =
  | { kind: 'run-stored-action' }
  | { kind: 'navigate'; url: string }
  | { kind: 'reload' }
  | { kind: 'nothing' };

/**
 * After the result was posted to the server (vxpay/onsuccess): the stored action, else the server's
 * URL, else a reload; handled once; a failed post reloads (spec 4).
 */
export function afterLoginStep(input: {
  alreadyHandled: boolean;
  serverOk: boolean;
  hasStoredAction: boolean;
  serverUrl: string | null;
}): AfterLoginStep {
  if (input.alreadyHandled) return { kind: 'nothing' };
  if (!input.serverOk) return { kind: 'reload' };
  if (input.hasStoredAction) return { kind: 'run-stored-action' };
  if (input.serverUrl) return { kind: 'navigate', url: input.serverUrl };
  return { kind: 'reload' };
}
