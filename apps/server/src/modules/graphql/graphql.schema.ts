/**
 * The query-language service (spec 7), schema and resolvers. What exists so far: the caller's own
 * Guest (spec 3, the GuestMe fields of @vela/contracts/guest-api), their AVS state, legal texts and
 * whether there is a logged-in viewer. There is no argument that names a guest: a guest can only
 * ever read themself. Fields in TOKEN_FIELDS need an access token (spec 8 `Missing Vxql-Token`).
 */
import { LANGUAGES, type Language } from '@vela/contracts/common';
import type { GuestMe } from '@vela/contracts/guest-api';
import type { LegalText, LegalTextType } from '@vela/contracts/pages';
import { buildSchema, GraphQLError } from 'graphql';
import type { AvsService } from '../avs/avs.service.ts';
import { presentGuest } from '../guests/guests.presenter.ts';
import type { GuestsRepository } from '../guests/guests.repository.ts';
import type { PromotionsService } from '../promotions/promotions.service.ts';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service.ts';

export const BASE_TYPE_DEFS = /* GraphQL */ `
  "Age verification status (spec 4)."
  enum AvsStatus {
    unknown
    pending
    rejected
    accepted
  }

  "The Guest entity of spec 3 as the guest reads it about themself."
  type Guest {
    id: ID!
    name: String!
    email: String!
    hasAvs: Boolean!
    avsStatus: AvsStatus!
    avsRejectMessage: String
    isLocked: Boolean!
    isLoggedIn: Boolean!
    isRestricted: Boolean!
    restrictionLevel: Int!
    showDataProtection: Boolean!
    signupOrigin: String
    "Wallet balance in coins."
    balance: Int!
    balanceCents: Int!
    balanceFormatted: String!
    isPayingCustomer: Boolean!
    isVip: Boolean!
    isVXTVAboSubscriber: Boolean!
    "Spec 3 Guest.vouchers: usable units per voucher type and performer."
    vouchers: [GuestVoucher!]!
  }

  "A voucher of spec 3 (types 1-10: video, videochat, credits, photo album, messages, messenger gift, live show, private show, bonus code, spins)."
  type GuestVoucher {
    type: Int!
    typeName: String!
    amount: Int!
    "Null: valid for any performer."
    actorId: ID
  }

  type VoucherCount {
    type: Int!
    count: Int!
  }

  "Spec 7 guest vouchers; counts summed by type for the performer or any performer (spec 9)."
  type GuestVouchers {
    vouchers: [GuestVoucher!]!
    counts: [VoucherCount!]!
    actorId: ID
  }

  "What a bonus code gives, with its spec 3 reward type."
  type BonusReward {
    kind: String!
    rewardType: String!
    cents: Int
    coins: Int
    voucherType: Int
    voucherTypeName: String
    amount: Int
    actorId: ID
    percent: Int
    flatCents: Int
    maxCents: Int
  }

  "Spec 5: a bonus code check returns success and reason before redeeming; the code shows canRedeem."
  type BonusCodeCheck {
    success: Boolean!
    "OK, UNKNOWN_CODE, INACTIVE, NOT_YET_VALID, EXPIRED, EXHAUSTED or ALREADY_REDEEMED."
    reason: String!
    canRedeem: Boolean!
    code: String!
    reward: BonusReward
    oneTime: Boolean!
  }

  "A redeemed code: what it gave and the balance after it (spec 7 guestBalance fields)."
  type BonusCodeRedemption {
    success: Boolean!
    code: String!
    reward: BonusReward!
    "On-top codes: the bonus waits for the next succeeded top-up."
    pending: Boolean!
    creditedCents: Int!
    vouchers: [GuestVoucher!]!
    guestBalance: Int!
    guestBalanceFormatted: String!
    guestBalanceCents: Int!
  }

  "A redeemed code whose reward is still to come (an on-top bonus waiting for a top-up)."
  type RemainingBonusCode {
    code: String!
    reward: BonusReward!
    redeemedAt: String!
  }

  "A benefit of spec 3 (a voucher or a bonus code reward) with its benefit and reward type."
  type Benefit {
    source: String!
    benefitType: String!
    rewardType: String!
    voucherType: Int
    amount: Int
    cents: Int
    actorId: ID
    code: String
    status: String!
    expiresAt: String
    date: String!
  }

  type AvsState {
    avsStatus: AvsStatus!
    avsRejectMessage: String
  }

  "Legal text of spec 3: type PP, GTC or IMP."
  type LegalText {
    id: ID!
    type: String!
    product: String!
    version: String!
    language: String!
    html: String!
  }

  type Query {
    "The caller (needs a token); null for an anonymous session."
    guest: Guest
    "The caller's age verification (needs a token); null for an anonymous session."
    avsStatus: AvsState
    "The current legal text of a type in a language (English when there is none in it). Public."
    legalTexts(type: String!, language: String!): [LegalText!]!
    "Is there a logged-in guest? Public."
    viewer: Boolean!
    "The caller's vouchers (needs a token); null for an anonymous session."
    guestVouchers(actorId: Int): GuestVouchers
    "The caller's redeemed codes still waiting to pay out (needs a token)."
    remainingBonusCodes: [RemainingBonusCode!]
    "The caller's benefits: vouchers and bonus rewards (needs a token)."
    benefits: [Benefit!]
    "Bonus code service: check a code before redeeming it (needs a token; rate-limited)."
    bonusCodeCheck(code: String!): BonusCodeCheck
    "The caller's vip30 value history: per paid VIP period what was charged and the VIP30 offers' value (needs a token)."
    vip30ValueHistory: Vip30History
  }

  "An amount in the smallest unit of its currency (EUR: cents)."
  type Price {
    value: Int!
    currency: String!
  }

  type Vip30Period {
    subscriptionId: ID!
    periodIndex: Int!
    periodStart: String!
    periodEnd: String!
    charged: Price!
    value: Price!
  }

  type Vip30History {
    periods: [Vip30Period!]!
    totalCharged: Price!
    totalValue: Price!
  }

  type Mutation {
    "Bonus code service: redeem a code (needs a token; rate-limited; errors carry the reason as code)."
    redeemBonusCode(code: String!): BonusCodeRedemption
  }
`;

/**
 * What a feature module adds to the query-language service: SDL that extends the base types
 * (`extend type Query { … }`, `extend type Mutation { … }` and its own types), the root resolvers
 * of its fields (graphql-js calls them with args and the GraphqlContext) and which of its root
 * fields need an access token.
 */
export interface GraphqlExtension {
  typeDefs: string;
  // biome-ignore lint/suspicious/noExplicitAny: each resolver declares its own argument shape.
  resolvers: Record<string, (args: any, context: GraphqlContext) => unknown>;
  tokenFields?: readonly string[];
}

/** The base schema with every module's extension, the merged root value and the token fields. */
export function buildGraphql(services: GraphqlServices, extensions: readonly GraphqlExtension[] = []) {
  const schema = buildSchema([BASE_TYPE_DEFS, ...extensions.map((e) => e.typeDefs)].join('\n'));
  const rootValue: Record<string, unknown> = { ...rootValueOf(services) };
  for (const extension of extensions) {
    for (const [field, resolver] of Object.entries(extension.resolvers)) {
      if (field in rootValue) throw new Error(`GraphQL root field ${field} is defined twice`);
      rootValue[field] = resolver;
    }
  }
  const tokenFields = new Set([...TOKEN_FIELDS, ...extensions.flatMap((e) => e.tokenFields ?? [])]);
  return { schema, rootValue, tokenFields: tokenFields as ReadonlySet<string> };
}

/** The base schema alone (tests of the base fields). */
export const schema = buildSchema(BASE_TYPE_DEFS);

/** Root fields that need an access token. */
export const TOKEN_FIELDS: ReadonlySet<string> = new Set([
  'guest',
  'avsStatus',
  'guestVouchers',
  'remainingBonusCodes',
  'benefits',
  'bonusCodeCheck',
  'redeemBonusCode',
  'vip30ValueHistory',
]);

export interface GraphqlContext {
  /** The logged-in guest of the token, or null (no token, or an anonymous session). */
  guestId: number | null;
  lang: Language | undefined;
  /** The client address (rate limits). */
  ip: string;
  /** The caller's ISO country from the edge header (spec 6 banned countries); null unknown. */
  country?: string | null;
}

export interface GraphqlServices {
  guests: Pick<GuestsRepository, 'guestById' | 'moneyStateOf'>;
  avs: Pick<AvsService, 'status'>;
  legalText(lang: Language, type: LegalTextType): Promise<LegalText | null>;
  promotions: Pick<
    PromotionsService,
    'vouchers' | 'remainingCodes' | 'benefits' | 'check' | 'redeem' | 'limitAttempt'
  >;
  subscriptions: Pick<SubscriptionsService, 'vip30History'>;
}

const LEGAL_TEXT_TYPES: readonly LegalTextType[] = ['PP', 'GTC', 'IMP'];

const badInput = (message: string) => new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });

/** Root resolvers (graphql-js calls them with args, context, info). */
export function rootValueOf(services: GraphqlServices) {
  return {
    async guest(_args: unknown, context: GraphqlContext): Promise<GuestMe | null> {
      if (context.guestId === null) return null;
      const row = await services.guests.guestById(context.guestId);
      if (!row) return null;
      const guestId = row.id;
      return {
        ...presentGuest(row, await services.guests.moneyStateOf(guestId)),
        // Resolved only when selected.
        vouchers: async () => (await services.promotions.vouchers(guestId)).vouchers,
      } as GuestMe;
    },
    async avsStatus(_args: unknown, context: GraphqlContext) {
      if (context.guestId === null) return null;
      return services.avs.status(context.guestId);
    },
    async legalTexts(args: { type: string; language: string }) {
      const type = LEGAL_TEXT_TYPES.find((known) => known === args.type);
      if (!type) throw badInput(`type must be one of ${LEGAL_TEXT_TYPES.join(', ')}`);
      const language = LANGUAGES.find((known) => known === args.language);
      if (!language) throw badInput(`language must be one of ${LANGUAGES.join(', ')}`);
      const text = await services.legalText(language, type);
      return text ? [text] : [];
    },
    viewer(_args: unknown, context: GraphqlContext): boolean {
      return context.guestId !== null;
    },
    async guestVouchers(args: { actorId?: number | null }, context: GraphqlContext) {
      if (context.guestId === null) return null;
      if (args.actorId != null && (!Number.isSafeInteger(args.actorId) || args.actorId <= 0))
        throw badInput('actorId must be a positive id');
      const result = await services.promotions.vouchers(context.guestId, args.actorId ?? undefined);
      return {
        ...result,
        counts: Object.entries(result.counts).map(([type, count]) => ({ type: Number(type), count })),
      };
    },
    async vip30ValueHistory(_args: unknown, context: GraphqlContext) {
      if (context.guestId === null) return null;
      return services.subscriptions.vip30History(context.guestId);
    },
    async remainingBonusCodes(_args: unknown, context: GraphqlContext) {
      if (context.guestId === null) return null;
      return services.promotions.remainingCodes(context.guestId);
    },
    async benefits(_args: unknown, context: GraphqlContext) {
      if (context.guestId === null) return null;
      return services.promotions.benefits(context.guestId);
    },
    async bonusCodeCheck(args: { code: string }, context: GraphqlContext) {
      if (context.guestId === null) return null;
      const code = args.code.trim();
      if (code.length === 0 || code.length > 64) throw badInput('code must be 1 to 64 characters');
      await services.promotions.limitAttempt(context.guestId, context.ip);
      return services.promotions.check(context.guestId, code);
    },
    async redeemBonusCode(args: { code: string }, context: GraphqlContext) {
      if (context.guestId === null)
        throw new GraphQLError('Log in to redeem a code', { extensions: { code: 'UNAUTHORIZED' } });
      const code = args.code.trim();
      if (code.length === 0 || code.length > 64) throw badInput('code must be 1 to 64 characters');
      await services.promotions.limitAttempt(context.guestId, context.ip);
      return services.promotions.redeem(context.guestId, code);
    },
  };
}
