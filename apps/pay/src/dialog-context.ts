/** What every view of the dialog uses: language, API, the guest, and the protocol actions. */
import type { Language } from '@vela/contracts/common';
import type { AuthResult, DialogInitMessage, GuestMe } from '@vela/contracts/guest-api';
import type { DialogFlow } from '@vela/contracts/payment';
import { createContext, useContext } from 'react';
import type { Api } from './api.ts';
import type { PayTranslate } from './i18n.ts';

export type Prefill = NonNullable<DialogInitMessage['prefill']>;

export interface DialogContextValue {
  t: PayTranslate;
  lang: Language;
  brand: string;
  api: Api;
  /** The guest the dialog's token belongs to; null for a visitor. */
  guest: GuestMe | null;
  flow: DialogFlow;
  /** A flow asked for by a visitor, opened after login or signup. */
  pendingFlow: DialogFlow | null;
  loginDisabled: boolean;
  prefill: Prefill;
  /** Switches to another flow (its view); reports `hook flow-changed`. */
  goToFlow(flow: DialogFlow): void;
  /** A login, signup or password reset succeeded with this answer. */
  authenticated(result: AuthResult, kind: 'login' | 'signup' | 'pwdreset'): void;
  /** The flow finished successfully (posts `success`). */
  succeed(flow: DialogFlow): void;
  /** Reports a hook without payload (password-changed). */
  hook(hook: 'password-changed'): void;
  /** The guest updated (e.g. AVS status). */
  setGuest(guest: GuestMe): void;
  close(): void;
  /** The session ended (vxpay/logout done): posts `logout`. */
  loggedOut(): void;
}

export const DialogContext = createContext<DialogContextValue | null>(null);

export function useDialog(): DialogContextValue {
  const value = useContext(DialogContext);
  if (!value) throw new Error('useDialog outside the dialog');
  return value;
}
