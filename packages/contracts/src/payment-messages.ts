/**
 * Cross-window messages between the page and the payment dialog (spec 4), and the stored
 * onLoginAction (spec 3). One typed union; every message carries the dialog `id`; objects are
 * strict, so nothing undeclared (never card data) crosses postMessage. The receiver first checks
 * origin and id (`acceptMessage` in @vela/domain/payment-dialog), then parses with these schemas.
 */
import { z } from 'zod';
import { PAYMENT_FLOWS, PAYMENT_VIEWS } from './payment.ts';

export const PaymentFlowSchema = z.enum(PAYMENT_FLOWS);
export const PaymentViewSchema = z.enum(PAYMENT_VIEWS);

/** A same-site path (`/en/...`), never another origin nor a protocol-relative `//host`. */
export const LocalPathSchema = z
  .string()
  .max(2048)
  .regex(/^\/(?![/\\])[^\s]*$/, 'must be a path on this site');

const DialogId = z.string().min(1).max(100);

/** Hooks the dialog reports to the page (named after what happened). */
export const DIALOG_HOOKS = [
  'flow-changed',
  'login',
  'signup',
  'payment',
  'password-changed',
  'email-verified',
  'email-not-verified',
  'comfort-settings-changed',
] as const;
export type DialogHook = (typeof DIALOG_HOOKS)[number];

export const DialogHookSchema = z.discriminatedUnion('hook', [
  z.strictObject({
    hook: z.literal('flow-changed'),
    prevFlow: PaymentFlowSchema.nullable(),
    flow: PaymentFlowSchema,
  }),
  z.strictObject({ hook: z.literal('login') }),
  z.strictObject({ hook: z.literal('signup') }),
  z.strictObject({ hook: z.literal('payment') }),
  z.strictObject({ hook: z.literal('password-changed') }),
  z.strictObject({ hook: z.literal('email-verified') }),
  z.strictObject({ hook: z.literal('email-not-verified') }),
  z.strictObject({ hook: z.literal('comfort-settings-changed') }),
]);

/** Answers of the dialog to the page's questions (balance, active subscriptions, AVS, login). */
export const DialogResponseSchema = z.discriminatedUnion('request', [
  z.strictObject({
    request: z.literal('balance'),
    balanceCents: z.number().int(),
    currency: z.string().min(1),
  }),
  z.strictObject({ request: z.literal('active-abos'), vip: z.boolean(), tv: z.boolean() }),
  z.strictObject({
    request: z.literal('avs-status'),
    status: z.enum(['unknown', 'pending', 'rejected', 'accepted']),
  }),
  z.strictObject({ request: z.literal('is-logged-in'), loggedIn: z.boolean() }),
]);

export const DIALOG_MESSAGE_TYPES = [
  'close',
  'iframe-ready',
  'content-loaded',
  'success',
  'view-ready',
  'response',
  'scrollto',
  'hook',
  'logout',
  'redirect',
  'transfer-token',
  'countdownfinished',
  'signup',
] as const;
export type DialogMessageType = (typeof DIALOG_MESSAGE_TYPES)[number];

export const DialogMessageSchema = z.discriminatedUnion('type', [
  z.strictObject({ id: DialogId, type: z.literal('close') }),
  z.strictObject({ id: DialogId, type: z.literal('iframe-ready') }),
  z.strictObject({ id: DialogId, type: z.literal('content-loaded') }),
  z.strictObject({
    id: DialogId,
    type: z.literal('success'),
    flow: z.union([PaymentFlowSchema, z.literal('signup')]),
    /** One-time token the page posts to `vxpay/onsuccess` after login/signup. */
    transferToken: z.string().min(1).max(512).optional(),
  }),
  z.strictObject({ id: DialogId, type: z.literal('view-ready'), view: PaymentViewSchema }),
  z.strictObject({ id: DialogId, type: z.literal('response'), response: DialogResponseSchema }),
  z.strictObject({ id: DialogId, type: z.literal('scrollto'), top: z.number().int().min(0) }),
  z.strictObject({ id: DialogId, type: z.literal('hook'), hook: DialogHookSchema }),
  z.strictObject({ id: DialogId, type: z.literal('logout') }),
  z.strictObject({ id: DialogId, type: z.literal('redirect'), url: LocalPathSchema }),
  z.strictObject({ id: DialogId, type: z.literal('transfer-token'), token: z.string().min(1).max(512) }),
  z.strictObject({ id: DialogId, type: z.literal('countdownfinished') }),
  z.strictObject({ id: DialogId, type: z.literal('signup') }),
]);
export type DialogMessage = z.infer<typeof DialogMessageSchema>;

/** Parses untrusted `MessageEvent.data`; null when it is not a dialog message. */
export function parseDialogMessage(data: unknown): DialogMessage | null {
  const result = DialogMessageSchema.safeParse(data);
  return result.success ? result.data : null;
}

/** Stored login action types (spec 3, local storage key onLoginAction). */
export const LOGIN_ACTION_TYPES = [
  'loadActorNote',
  'pinActor',
  'unpinActor',
  'pinAlbum',
  'pinPicture',
  'pinSedcards',
  'setSedcardsGuestRating',
  'selectMessengerChannel',
  'showPaytour',
  'redirectTo',
] as const;
export type LoginActionType = (typeof LOGIN_ACTION_TYPES)[number];

export const ON_LOGIN_ACTION_STORAGE_KEY = 'onLoginAction';

const TargetId = z.union([z.string().min(1).max(100), z.number().int().positive()]);
const Options = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional();
const withTarget = { targetId: TargetId, options: Options };

export const OnLoginActionSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('loadActorNote'), params: z.strictObject(withTarget) }),
  z.strictObject({ type: z.literal('pinActor'), params: z.strictObject(withTarget) }),
  z.strictObject({ type: z.literal('unpinActor'), params: z.strictObject(withTarget) }),
  z.strictObject({ type: z.literal('pinAlbum'), params: z.strictObject(withTarget) }),
  z.strictObject({ type: z.literal('pinPicture'), params: z.strictObject(withTarget) }),
  z.strictObject({ type: z.literal('pinSedcards'), params: z.strictObject(withTarget) }),
  z.strictObject({
    type: z.literal('setSedcardsGuestRating'),
    params: z.strictObject({ ...withTarget, value: z.union([z.literal('like'), z.literal('dislike')]) }),
  }),
  z.strictObject({ type: z.literal('selectMessengerChannel'), params: z.strictObject(withTarget) }),
  z.strictObject({
    type: z.literal('showPaytour'),
    params: z.strictObject({
      targetId: TargetId.optional(),
      storeAutoOpenSetting: z.boolean().optional(),
      options: Options,
    }),
  }),
  z.strictObject({
    type: z.literal('redirectTo'),
    params: z.strictObject({ targetUrl: LocalPathSchema, options: Options }),
  }),
]);
export type OnLoginAction = z.infer<typeof OnLoginActionSchema>;

/** Reads the stored JSON string; null for nothing, bad JSON or an unknown shape. */
export function parseOnLoginAction(stored: string | null): OnLoginAction | null {
  if (!stored) return null;
  let data: unknown;
  try {
    data = JSON.parse(stored);
  } catch {
    return null;
  }
  const result = OnLoginActionSchema.safeParse(data);
  return result.success ? result.data : null;
}
