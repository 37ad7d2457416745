/**
 * Request and response shapes of the guest REST calls (spec 7, under /rest/v1), shared by the
 * server, the pages (apps/web) and the payment dialog (apps/pay). Rules that are more than a shape
 * (email format of spec 5, password policy) live in @vela/domain and are checked by the server; the
 * dialog checks them too, for early feedback.
 *
 * Two origins: the pages call with their session cookie; the payment dialog (its own origin, CORS,
 * no cookies) calls with `Authorization: Bearer <accessToken>`. A login or signup in the dialog
 * answers with an access token for the dialog's next calls and a one-time transfer token that the
 * page exchanges for its session cookie through `vxpay/onsuccess`.
 */
import { z } from 'zod';
import { LanguageSchema, SandboxPageQuerySchema } from './common.ts';
import { codedIssue, defineEndpoint, definePage } from './endpoint.ts';
import { AvsStatusSchema, RestrictionReasonSchema } from './guest.ts';
import { PaymentFlowSchema } from './payment-messages.ts';

// Bodies.

export const ScreenNameSchema = z
  .string()
  .trim()
  .min(3)
  .max(32)
  .regex(/^[\p{L}\p{N}_.-]+$/u, 'letters, digits, _ . - only');

export const SignupRequestSchema = z.strictObject({
  screenName: ScreenNameSchema,
  email: z.string().trim().min(3).max(254),
  password: z.string().min(1).max(1024),
  signupOrigin: z.string().max(64).optional(),
});
export type SignupRequest = z.infer<typeof SignupRequestSchema>;

export const LoginRequestSchema = z.strictObject({
  /** Screen name or email. */
  login: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(1024),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

export const PasswordChangeRequestSchema = z.strictObject({
  currentPassword: z.string().min(1).max(1024),
  newPassword: z.string().min(1).max(1024),
});

/** `guest/passwordLost` POST: by screen name or email; the answer is the same whether or not it exists. */
export const PasswordLostRequestSchema = z
  .strictObject({
    login: z.string().trim().min(1).max(254).optional(),
    email: z.string().trim().min(1).max(254).optional(),
    /** Language of the mail and of the link in it. */
    language: LanguageSchema,
  })
  .refine((body) => body.login !== undefined || body.email !== undefined, {
    message: 'login or email is required',
  });
export type PasswordLostRequest = z.infer<typeof PasswordLostRequestSchema>;

/** `guest/passwordReset` POST: `u` and `key` from the mailed link (spec 2 URL parameters). */
export const PasswordResetRequestSchema = z.strictObject({
  u: z.string().regex(/^\d{1,15}$/),
  key: z.string().min(16).max(128),
  password: z.string().min(1).max(1024),
});
export type PasswordResetRequest = z.infer<typeof PasswordResetRequestSchema>;

/** `vxpay/onsuccess` POST (spec 7: result, targetUrl; the answer's data.url is where the page goes). */
export const OnSuccessRequestSchema = z.strictObject({
  result: z.strictObject({
    flow: z.union([PaymentFlowSchema, z.literal('signup')]),
    /** The one-time login transfer token of a dialog login/signup/password reset. */
    transferToken: z.string().min(1).max(512).optional(),
  }),
  /** Where the page wants to go afterwards (a path on this site). */
  targetUrl: z
    .string()
    .max(2048)
    .regex(/^\/(?![/\\])[^\s]*$/)
    .optional(),
});
export type OnSuccessRequest = z.infer<typeof OnSuccessRequestSchema>;

/** Preferences (`guest/savePreferences` POST `{ data }`): a small flat record. */
export const PreferencesSchema = z.strictObject({
  /** Language of mails and of the pages after login. */
  language: LanguageSchema.optional(),
  /** Play video previews on hover. */
  autoplayPreviews: z.boolean().optional(),
  /** Show only performers who are online first in grids. */
  onlineFirst: z.boolean().optional(),
});
export type Preferences = z.infer<typeof PreferencesSchema>;
export const SavePreferencesRequestSchema = z.strictObject({ data: PreferencesSchema });

/** Notification settings (`guest/getNotificationsSettings` GET, and POST to change them). */
export const NOTIFICATION_SETTING_KEYS = [
  'favoriteOnlineEmail',
  'favoriteOnlineSms',
  'newMessageEmail',
  'newVideoFromFavoriteEmail',
  'specialOffersEmail',
  'webPush',
] as const;
export type NotificationSettingKey = (typeof NOTIFICATION_SETTING_KEYS)[number];
export const NotificationSettingsSchema = z.strictObject(
  Object.fromEntries(NOTIFICATION_SETTING_KEYS.map((key) => [key, z.boolean()])) as Record<
    NotificationSettingKey,
    z.ZodBoolean
  >,
);
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;
/** POST body: any subset; keys not given keep their value. */
export const NotificationSettingsUpdateSchema = NotificationSettingsSchema.partial();

/** Newsletter types (spec 3, bit values). */
export const NEWSLETTER_TYPES = { vipClub: 1024, lateNight: 512, vrPorn: 2048, contests: 256 } as const;
export type NewsletterType = keyof typeof NEWSLETTER_TYPES;
export const NEWSLETTER_BITS = Object.values(NEWSLETTER_TYPES);
const NewsletterTypeId = z.union(
  NEWSLETTER_BITS.map((bit) => z.literal(bit)) as [
    z.ZodLiteral<1024>,
    z.ZodLiteral<512>,
    z.ZodLiteral<2048>,
    z.ZodLiteral<256>,
  ],
);

/** `guest/newsletter/subscribe` POST (typeId, userId, emailAddress): userId and email must be the caller's. */
export const NewsletterSubscribeRequestSchema = z.strictObject({
  typeId: NewsletterTypeId,
  userId: z.union([z.string().regex(/^\d{1,15}$/), z.number().int().positive()]),
  emailAddress: z.string().trim().min(3).max(254),
});
/** `guest/newsletter/unsubscribe` POST. */
export const NewsletterUnsubscribeRequestSchema = z.strictObject({ typeId: NewsletterTypeId });

/** `guest/closeDataProtection` and `guest/closeAgbAndDataProtection` POST. */
export const CloseDataProtectionRequestSchema = z.strictObject({ accepted: z.boolean() });

/** Age verification request of the sandbox provider (`avs/request` POST). */
export const AVS_DOCUMENT_TYPES = ['id-card', 'passport', 'driving-licence'] as const;
export const AvsRequestSchema = z.strictObject({
  fullName: z.string().trim().min(3).max(120),
  /** YYYY-MM-DD; the guest must be 18 or older. */
  birthDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  documentType: z.enum(AVS_DOCUMENT_TYPES),
  documentNumber: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{5,30}$/),
});
export type AvsRequest = z.infer<typeof AvsRequestSchema>;

/** Operator decision through the internal API (`internal/avs/{requestId}/decision` POST). */
export const AvsDecisionRequestSchema = z.discriminatedUnion('decision', [
  z.strictObject({ decision: z.literal('accept') }),
  z.strictObject({ decision: z.literal('reject'), message: z.string().trim().min(1).max(1000) }),
]);
export type AvsDecisionRequest = z.infer<typeof AvsDecisionRequestSchema>;

// Answers (the `data` of `{ success: true, data }`).

/** What a guest reads about themself (GET guest/me, GraphQL `guest`). */
export const GuestMeSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  hasAvs: z.boolean(),
  avsStatus: AvsStatusSchema,
  avsRejectMessage: z.string().nullable(),
  isLocked: z.boolean(),
  isLoggedIn: z.boolean(),
  isRestricted: z.boolean(),
  restrictionLevel: z.number().int(),
  showDataProtection: z.boolean(),
  signupOrigin: z.string().nullable(),
  /** Wallet balance in coins (spec 9: 1 EUR = 4 coins, rounded up). */
  balance: z.number().int().nonnegative(),
  /** Wallet balance in euro cents (the ledger's unit). */
  balanceCents: z.number().int().nonnegative(),
  /** The coins formatted per spec 9 (dot thousands, no decimals), without the unit. */
  balanceFormatted: z.string(),
  /** Has paid money in at least once (a succeeded charge). */
  isPayingCustomer: z.boolean(),
  /** A running VIP club subscription. */
  isVip: z.boolean(),
  /** A running TV subscription, or VIP (VIP counts as TV subscriber, spec 6). */
  isVXTVAboSubscriber: z.boolean(),
  /** Spec 3 "conversion chat countdown ends": the open countdown's end (ISO), null without one (issue 18). */
  conversionChatCountdownEnds: z.string().nullable().optional(),
  /**
   * Spec 3 Guest isVoicecallActive: the guest is on a voice call now (decision 0051). Always sent by
   * the server; optional so an older answer still parses.
   */
  isVoicecallActive: z.boolean().optional(),
  /** Spec 3 Guest isAnonymousVoicecall: false for a logged-in guest (the anonymous caller is a visitor). */
  isAnonymousVoicecall: z.boolean().optional(),
  /** Spec 3 boughtGifts: messenger gifts owned (bought or granted, not yet sent), gift id → quantity (issue 19). */
  boughtGifts: z.record(z.string(), z.number().int().nonnegative()).optional(),
});
export type GuestMe = z.infer<typeof GuestMeSchema>;

/** Answer of login, signup and password reset. */
export const AuthResultSchema = z.object({
  guest: GuestMeSchema,
  /** Short-lived access token of the new session, for calls with `Authorization: Bearer`. */
  accessToken: z.string(),
  accessTokenExpiresAt: z.string(),
  /** One-time token the page exchanges for its session cookie via `vxpay/onsuccess` (5 minutes). */
  transferToken: z.string(),
});
export type AuthResult = z.infer<typeof AuthResultSchema>;

export const OnSuccessResultSchema = z.object({
  /** Where the page goes next; null: run the stored action or reload. */
  url: z.string().nullable(),
  loggedIn: z.boolean(),
});

export const AvsStateSchema = z.object({
  avsStatus: AvsStatusSchema,
  avsRejectMessage: z.string().nullable(),
});
export type AvsState = z.infer<typeof AvsStateSchema>;

/**
 * `avs/sandbox` GET: the sandbox provider's decision page of the guest's pending request (a link
 * with a token, on the page origin), or null when nothing is pending or the provider has no such page.
 */
export const AvsSandboxLinkSchema = z.object({ url: z.string().nullable() });
export type AvsSandboxLink = z.infer<typeof AvsSandboxLinkSchema>;

/** The sandbox decision page: `avs/sandbox/:requestId?token=…&lang=…` (issue 14). */
const AvsRequestId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
export const AvsSandboxPageParamsSchema = z.object({ requestId: AvsRequestId });
/** Its form: approve, or reject with the reason the guest reads (the page fills in a default). */
export const AvsSandboxFormSchema = SandboxPageQuerySchema.extend({
  decision: z.enum(['accept', 'reject']),
  message: z.string().max(1000).optional(),
});

// Page -> dialog message (the dialog -> page messages are in payment-messages.ts).

/**
 * The page answers the dialog's `iframe-ready` with `init`: the flow to show, the language, the
 * page's current access token (absent for a visitor without session) and prefilled values.
 * The dialog accepts it only from PUBLIC_ORIGIN and with its own id.
 */
export const DialogInitMessageSchema = z.strictObject({
  id: z.string().min(1).max(100),
  type: z.literal('init'),
  flow: z.union([PaymentFlowSchema, z.literal('signup')]),
  language: LanguageSchema,
  accessToken: z.string().min(1).max(512).nullable(),
  prefill: z
    .strictObject({
      screenName: z.string().max(254).optional(),
      signupEmail: z.string().max(254).optional(),
      /** Password lost: tpLoginPwdLost / tpEmailPwdLost. */
      login: z.string().max(254).optional(),
      email: z.string().max(254).optional(),
      /** Password reset: u and key. */
      u: z.string().max(20).optional(),
      key: z.string().max(128).optional(),
    })
    .optional(),
});
export type DialogInitMessage = z.infer<typeof DialogInitMessageSchema>;

/** Page -> dialog: a fresh access token (the page refreshes it before it expires). */
export const DialogTokenMessageSchema = z.strictObject({
  id: z.string().min(1).max(100),
  type: z.literal('access-token'),
  accessToken: z.string().min(1).max(512),
});

export const PageToDialogMessageSchema = z.discriminatedUnion('type', [
  DialogInitMessageSchema,
  DialogTokenMessageSchema,
]);
export type PageToDialogMessage = z.infer<typeof PageToDialogMessageSchema>;

// Endpoints (decision 0032): one declaration per call, registered by the server, called by the
// pages (cookie) and the dialog (Bearer).

/** `guest/sessions/:id` DELETE: a session of the caller. */
export const SessionIdParamsSchema = z.strictObject({ id: z.string().regex(/^\d{1,15}$/) });

/** One of the guest's live sessions (GET guest/sessions). */
export const GuestSessionSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  /** The session of this call. */
  current: z.boolean(),
});

export const AccessTokenAnswerSchema = z.object({ accessToken: z.string().min(1), expiresAt: z.string() });

/** Spec 5: a newsletter change succeeded only when the outer and this inner `success` are true. */
export const NewsletterAnswerSchema = z.object({
  success: z.boolean(),
  newsletterBits: z.number().int().nonnegative(),
  types: z.array(z.enum(Object.keys(NEWSLETTER_TYPES) as [NewsletterType, ...NewsletterType[]])),
});
/** The signed link of a newsletter mail also names what it cleared and the guest's language. */
export const NewsletterUnsubscribeAnswerSchema = NewsletterAnswerSchema.extend({
  unsubscribed: NewsletterAnswerSchema.shape.types,
  language: LanguageSchema,
});
/** Longest unsubscribe token accepted (a real one is about 130 characters). */
export const UNSUBSCRIBE_TOKEN_MAX_LENGTH = 512;
/** `guest/newsletter/unsubscribe?token=…` (the mail's link, decision 0028); `lang` names the page's language. */
export const NewsletterTokenQuerySchema = z.object({
  token: z.string().min(1).max(UNSUBSCRIBE_TOKEN_MAX_LENGTH).optional(),
  lang: z.string().max(16).optional(),
});
const ONE_CLICK_FORM = z.object({ 'List-Unsubscribe': z.literal('One-Click') });
/**
 * RFC 8058 3.1: a one-click POST's body is the List-Unsubscribe-Post pair, posted as a form (the
 * server hands over the form's fields, nothing for another body); else 400 ONE_CLICK_BODY_REQUIRED.
 */
export const NewsletterOneClickFormSchema = z.unknown().transform((form, ctx) => {
  const fields = ONE_CLICK_FORM.safeParse(form);
  if (fields.success) return fields.data;
  ctx.addIssue(
    codedIssue(
      'ONE_CLICK_BODY_REQUIRED',
      [],
      'A one-click unsubscribe posts List-Unsubscribe=One-Click as a form',
    ),
  );
  return z.NEVER;
});

const NotificationSettingsAnswerSchema = z.object({ notificationsSettings: NotificationSettingsSchema });
const DataProtectionAnswerSchema = z.object({
  accepted: z.literal(true),
  showDataProtection: z.literal(false),
});
const PASSWORD_POLICY_ERRORS = ['PASSWORD_TOO_SHORT', 'PASSWORD_TOO_LONG', 'PASSWORD_TOO_COMMON'] as const;

/**
 * RFC 8058 one-click: a mail program posts `List-Unsubscribe=One-Click` to the List-Unsubscribe
 * link (`?token=`); decided by the token alone. Answers like the link: a page for a browser, else
 * `{ success, data }` JSON (NEWSLETTER_TOKEN_INVALID, NEWSLETTER_TOKEN_EXPIRED, ONE_CLICK_BODY_REQUIRED).
 * Shares its path with `guestEndpoints.newsletterUnsubscribe`: a token or a form body makes a
 * POST this one.
 */
export const newsletterPages = {
  oneClick: definePage({
    method: 'POST',
    path: 'guest/newsletter/unsubscribe',
    query: NewsletterTokenQuerySchema,
    body: NewsletterOneClickFormSchema,
  }),
};

export const guestEndpoints = {
  /** A session (anonymous when new) and an access token of it. */
  accessToken: defineEndpoint({
    method: 'POST',
    path: 'guest/accessToken',
    response: AccessTokenAnswerSchema,
    errors: [],
  }),
  signup: defineEndpoint({
    method: 'POST',
    path: 'guest/signup',
    body: SignupRequestSchema,
    response: AuthResultSchema,
    status: 201,
    errors: [
      'LOGIN_DISABLED',
      'INVALID_EMAIL',
      ...PASSWORD_POLICY_ERRORS,
      'SCREEN_NAME_TAKEN',
      'EMAIL_TAKEN',
    ],
  }),
  login: defineEndpoint({
    method: 'POST',
    path: 'guest/login',
    body: LoginRequestSchema,
    response: AuthResultSchema,
    errors: ['LOGIN_DISABLED', 'INVALID_CREDENTIALS', 'ACCOUNT_LOCKED'],
  }),
  passwordLost: defineEndpoint({
    method: 'POST',
    path: 'guest/passwordLost',
    body: PasswordLostRequestSchema,
    response: z.object({ requested: z.literal(true) }),
    errors: ['LOGIN_DISABLED'],
  }),
  passwordReset: defineEndpoint({
    method: 'POST',
    path: 'guest/passwordReset',
    body: PasswordResetRequestSchema,
    response: AuthResultSchema,
    errors: ['LOGIN_DISABLED', 'RESET_KEY_INVALID', 'ACCOUNT_LOCKED', ...PASSWORD_POLICY_ERRORS],
  }),
  onSuccess: defineEndpoint({
    method: 'POST',
    path: 'vxpay/onsuccess',
    body: OnSuccessRequestSchema,
    response: OnSuccessResultSchema,
    errors: ['NOT_LOGGED_IN', 'TRANSFER_INVALID'],
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: 'vxpay/logout',
    response: z.object({ loggedOut: z.literal(true) }),
    errors: [],
  }),
  me: defineEndpoint({
    method: 'GET',
    path: 'guest/me',
    response: z.object({ guest: GuestMeSchema }),
    errors: ['NOT_LOGGED_IN'],
  }),
  sessions: defineEndpoint({
    method: 'GET',
    path: 'guest/sessions',
    response: z.object({ sessions: z.array(GuestSessionSchema) }),
    errors: ['NOT_LOGGED_IN'],
  }),
  endSession: defineEndpoint({
    method: 'DELETE',
    path: 'guest/sessions/:id',
    params: SessionIdParamsSchema,
    response: z.object({ revoked: z.string() }),
    errors: ['NOT_LOGGED_IN', 'SESSION_NOT_FOUND'],
  }),
  changePassword: defineEndpoint({
    method: 'POST',
    path: 'guest/password',
    body: PasswordChangeRequestSchema,
    response: z.object({ passwordChanged: z.literal(true) }),
    errors: ['NOT_LOGGED_IN', 'INVALID_CREDENTIALS', ...PASSWORD_POLICY_ERRORS],
  }),
  savePreferences: defineEndpoint({
    method: 'POST',
    path: 'guest/savePreferences',
    body: SavePreferencesRequestSchema,
    response: z.object({ preferences: PreferencesSchema }),
    errors: ['NOT_LOGGED_IN'],
  }),
  notificationsSettings: defineEndpoint({
    method: 'GET',
    path: 'guest/getNotificationsSettings',
    response: NotificationSettingsAnswerSchema,
    errors: ['NOT_LOGGED_IN'],
  }),
  saveNotificationsSettings: defineEndpoint({
    method: 'POST',
    path: 'guest/getNotificationsSettings',
    body: NotificationSettingsUpdateSchema,
    response: NotificationSettingsAnswerSchema,
    errors: ['NOT_LOGGED_IN'],
  }),
  newsletter: defineEndpoint({
    method: 'GET',
    path: 'guest/newsletter',
    response: NewsletterAnswerSchema,
    errors: ['NOT_LOGGED_IN'],
  }),
  newsletterSubscribe: defineEndpoint({
    method: 'POST',
    path: 'guest/newsletter/subscribe',
    body: NewsletterSubscribeRequestSchema,
    response: NewsletterAnswerSchema,
    errors: ['NOT_LOGGED_IN', 'FORBIDDEN'],
  }),
  /**
   * The path has three callers: the mail's link (GET, `newsletterUnsubscribeLink`), a mail
   * program's RFC 8058 one-click (POST form with `?token=`, `newsletterPages.oneClick`) and this
   * one, the logged-in profile page (POST `{ typeId }`).
   */
  newsletterUnsubscribe: defineEndpoint({
    method: 'POST',
    path: 'guest/newsletter/unsubscribe',
    body: NewsletterUnsubscribeRequestSchema,
    response: NewsletterAnswerSchema,
    errors: ['NOT_LOGGED_IN'],
  }),
  /** The link of a newsletter mail: no login; a page for a browser (Accept: text/html), else JSON. */
  newsletterUnsubscribeLink: defineEndpoint({
    method: 'GET',
    path: 'guest/newsletter/unsubscribe',
    query: NewsletterTokenQuerySchema,
    response: NewsletterUnsubscribeAnswerSchema,
    errors: ['NEWSLETTER_TOKEN_INVALID', 'NEWSLETTER_TOKEN_EXPIRED'],
  }),
  closeDataProtection: defineEndpoint({
    method: 'POST',
    path: 'guest/closeDataProtection',
    body: CloseDataProtectionRequestSchema,
    response: DataProtectionAnswerSchema,
    errors: ['NOT_LOGGED_IN', 'NOT_ACCEPTED'],
  }),
  closeAgbAndDataProtection: defineEndpoint({
    method: 'POST',
    path: 'guest/closeAgbAndDataProtection',
    body: CloseDataProtectionRequestSchema,
    response: DataProtectionAnswerSchema,
    errors: ['NOT_LOGGED_IN', 'NOT_ACCEPTED'],
  }),
  profile: defineEndpoint({
    method: 'GET',
    path: 'guest/profile',
    response: z.object({
      guest: GuestMeSchema,
      preferences: PreferencesSchema,
      notificationsSettings: NotificationSettingsSchema,
      newsletterTypes: NewsletterAnswerSchema.shape.types,
    }),
    errors: ['NOT_LOGGED_IN'],
  }),
};

/**
 * `guest/restriction?ageRating=18`: the age rating of the content the page wants to open. Not
 * strict: spec 7 adds language, version tag and access token to every call's query.
 */
export const RestrictionQuerySchema = z.object({
  ageRating: z.coerce.number().int().min(0).max(18),
});

/**
 * The sandbox provider's decision page (HTML in the dialog's frame, a link with a signed token, no
 * session) and its form post: pages, not endpoints (decision 0032).
 */
export const avsPages = {
  decision: definePage({
    method: 'GET',
    path: 'avs/sandbox/:requestId',
    params: AvsSandboxPageParamsSchema,
    query: SandboxPageQuerySchema,
  }),
  decide: definePage({
    method: 'POST',
    path: 'avs/sandbox/:requestId',
    params: AvsSandboxPageParamsSchema,
    body: AvsSandboxFormSchema,
  }),
};

/** Age verification (spec 4) and the FSK-18 question "which dialog does this action need". */
export const avsEndpoints = {
  status: defineEndpoint({
    method: 'GET',
    path: 'avs/status',
    response: AvsStateSchema,
    errors: ['NOT_LOGGED_IN'],
  }),
  request: defineEndpoint({
    method: 'POST',
    path: 'avs/request',
    body: AvsRequestSchema,
    response: AvsStateSchema,
    errors: [
      'NOT_LOGGED_IN',
      'AVS_UNDERAGE',
      'AVS_INVALID_BIRTH_DATE',
      'AVS_ALREADY_PENDING',
      'AVS_ALREADY_ACCEPTED',
    ],
  }),
  /** The sandbox provider's decision page of the pending request (null with a real provider). */
  sandboxLink: defineEndpoint({
    method: 'GET',
    path: 'avs/sandbox',
    response: AvsSandboxLinkSchema,
    errors: ['NOT_LOGGED_IN'],
  }),
  /** Visitors may ask too: the answer (need-login) is what opens the login dialog. */
  restriction: defineEndpoint({
    method: 'GET',
    path: 'guest/restriction',
    query: RestrictionQuerySchema,
    response: z.object({ reason: RestrictionReasonSchema.nullable() }),
    errors: [],
  }),
};
