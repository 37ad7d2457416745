/**
 * The dialog's side of the page <-> dialog protocol (decisions 0006 and 0010). The dialog posts only
 * to PUBLIC_ORIGIN (never '*'), and accepts a message only when it comes from PUBLIC_ORIGIN, carries
 * this dialog's id and parses as a page -> dialog message; everything else is dropped and logged to
 * the console as 'Invalid message response' (spec 8). Outgoing messages are checked against the
 * strict DialogMessageSchema before they leave, so nothing undeclared crosses postMessage.
 */

import { type Language, LanguageSchema } from '@vela/contracts/common';
import { type PageToDialogMessage, PageToDialogMessageSchema } from '@vela/contracts/guest-api';
import { type DialogFlow, isPaymentFlow } from '@vela/contracts/payment';
import { type DialogMessage, DialogMessageSchema } from '@vela/contracts/payment-messages';
import { acceptMessage } from '@vela/domain/payment-dialog';

export const INVALID_MESSAGE_LOG = 'Invalid message response';

/** A dialog message without its id: the channel adds it. */
export type OutgoingMessage = DialogMessage extends infer M
  ? M extends DialogMessage
    ? Omit<M, 'id'>
    : never
  : never;

/** What the dialog reads from its own URL: `/?id=<dialogId>&flow=<flow>&lang=<lang>`. */
export interface DialogParams {
  id: string;
  flow: DialogFlow | null;
  lang: Language;
}

export function readDialogParams(search: string): DialogParams {
  const q = new URLSearchParams(search);
  const id = (q.get('id') ?? '').trim().slice(0, 100);
  const rawFlow = q.get('flow');
  const flow = rawFlow === 'signup' || isPaymentFlow(rawFlow) ? (rawFlow as DialogFlow) : null;
  const lang = LanguageSchema.safeParse(q.get('lang'));
  return { id, flow, lang: lang.success ? lang.data : 'en' };
}

export interface MessageTarget {
  postMessage(message: unknown, targetOrigin: string): void;
}

export interface Logger {
  warn(...args: unknown[]): void;
}

/**
 * The page's message when it is acceptable (origin, id, shape), else null and a console line. When
 * `expectedSource` is given, the message must also come from that window (the page that framed or
 * opened the dialog), not from another frame of the same origin.
 */
export function acceptPageMessage(
  event: { origin: string; data: unknown; source?: unknown },
  expected: { publicOrigin: string; dialogId: string; expectedSource?: unknown },
  log: Logger = console,
): PageToDialogMessage | null {
  const fromPage =
    acceptMessage(event, { dialogOrigin: expected.publicOrigin, dialogId: expected.dialogId }) &&
    (expected.expectedSource === undefined || event.source === expected.expectedSource);
  if (!fromPage) {
    log.warn(INVALID_MESSAGE_LOG);
    return null;
  }
  const parsed = PageToDialogMessageSchema.safeParse(event.data);
  if (!parsed.success) {
    log.warn(INVALID_MESSAGE_LOG);
    return null;
  }
  return parsed.data;
}

export interface DialogChannel {
  /** Posts to the page; throws when the message is not a declared dialog message. */
  post(message: OutgoingMessage): DialogMessage;
}

export function createDialogChannel(options: {
  id: string;
  publicOrigin: string;
  target: MessageTarget | null;
}): DialogChannel {
  if (options.publicOrigin === '' || options.publicOrigin === '*') {
    throw new Error('The dialog needs the exact page origin to post to');
  }
  return {
    post(message) {
      const full = DialogMessageSchema.parse({ ...message, id: options.id });
      options.target?.postMessage(full, options.publicOrigin);
      return full;
    },
  };
}

/** The page that hosts the dialog: the parent frame, or the opener when the dialog runs in a new tab. */
export function pageWindow(win: Window): (MessageTarget & object) | null {
  if (win.parent && win.parent !== win) return win.parent;
  return win.opener ?? null;
}

/** Listens for page messages; returns the function that stops listening. */
export function listenToPage(
  win: Window,
  expected: { publicOrigin: string; dialogId: string; expectedSource?: unknown },
  onMessage: (message: PageToDialogMessage) => void,
): () => void {
  const handler = (event: MessageEvent) => {
    const message = acceptPageMessage(event, expected);
    if (message) onMessage(message);
  };
  win.addEventListener('message', handler);
  return () => win.removeEventListener('message', handler);
}

/**
 * The `hook flow-changed` message for a change of flow, or null when there is nothing to report:
 * the same flow, or a change to signup, which is a command (openSignUp) and not one of the flows the
 * hook names. Leaving signup reports prevFlow null for the same reason.
 */
export function flowChangedMessage(prev: DialogFlow | null, next: DialogFlow): OutgoingMessage | null {
  if (next === 'signup' || prev === next) return null;
  return {
    type: 'hook',
    hook: { hook: 'flow-changed', prevFlow: prev === 'signup' ? null : prev, flow: next },
  };
}

/** A login or signup inside the dialog whose transfer token the page has not had yet. */
export interface UncompletedLogin {
  flow: 'login' | 'signup';
  token: string;
}

/**
 * The message that ends the dialog. After a login inside the dialog that continued with the flow
 * the visitor asked for, closing or finishing that flow is reported as the `success` of the login
 * (with its one-time transfer token), so the page completes the login (spec 4), then reloads or
 * runs its stored action.
 */
export function endingMessage(
  requested: { type: 'close' } | { type: 'success'; flow: DialogFlow },
  uncompleted: UncompletedLogin | null,
): OutgoingMessage {
  if (uncompleted) return { type: 'success', flow: uncompleted.flow, transferToken: uncompleted.token };
  return requested;
}
