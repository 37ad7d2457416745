/**
 * Query-language fields of vouchers and bonus codes (spec 3, spec 5, spec 7): the caller's vouchers,
 * benefits and codes still to pay out, and the bonus code service (check, redeem; rate-limited).
 */
import { GraphQLError } from 'graphql';
import { badInput, type GraphqlContext, type GraphqlExtension } from '../graphql/graphql.schema.ts';
import type { PromotionsService } from './promotions.service.ts';

const TYPE_DEFS = /* GraphQL */ `
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

  extend type Query {
    "The caller's vouchers (needs a token); null for an anonymous session."
    guestVouchers(actorId: Int): GuestVouchers
    "The caller's redeemed codes still waiting to pay out (needs a token)."
    remainingBonusCodes: [RemainingBonusCode!]
    "The caller's benefits: vouchers and bonus rewards (needs a token)."
    benefits: [Benefit!]
    "Bonus code service: check a code before redeeming it (needs a token; rate-limited)."
    bonusCodeCheck(code: String!): BonusCodeCheck
  }

  extend type Mutation {
    "Bonus code service: redeem a code (needs a token; rate-limited; errors carry the reason as code)."
    redeemBonusCode(code: String!): BonusCodeRedemption
  }
`;

/** A code as typed: trimmed, 1 to 64 characters. */
function codeOf(input: string): string {
  const code = input.trim();
  if (code.length === 0 || code.length > 64) throw badInput('code must be 1 to 64 characters');
  return code;
}

export function promotionsGraphql(
  promotions: Pick<
    PromotionsService,
    'vouchers' | 'remainingCodes' | 'benefits' | 'check' | 'redeem' | 'limitAttempt'
  >,
): GraphqlExtension {
  return {
    typeDefs: TYPE_DEFS,
    tokenFields: ['guestVouchers', 'remainingBonusCodes', 'benefits', 'bonusCodeCheck', 'redeemBonusCode'],
    resolvers: {
      async guestVouchers(args: { actorId?: number | null }, context: GraphqlContext) {
        if (context.guestId === null) return null;
        if (args.actorId != null && (!Number.isSafeInteger(args.actorId) || args.actorId <= 0))
          throw badInput('actorId must be a positive id');
        const result = await promotions.vouchers(context.guestId, args.actorId ?? undefined);
        return {
          ...result,
          counts: Object.entries(result.counts).map(([type, count]) => ({ type: Number(type), count })),
        };
      },
      async remainingBonusCodes(_args: unknown, context: GraphqlContext) {
        if (context.guestId === null) return null;
        return promotions.remainingCodes(context.guestId);
      },
      async benefits(_args: unknown, context: GraphqlContext) {
        if (context.guestId === null) return null;
        return promotions.benefits(context.guestId);
      },
      async bonusCodeCheck(args: { code: string }, context: GraphqlContext) {
        if (context.guestId === null) return null;
        const code = codeOf(args.code);
        await promotions.limitAttempt(context.guestId, context.ip);
        return promotions.check(context.guestId, code);
      },
      async redeemBonusCode(args: { code: string }, context: GraphqlContext) {
        if (context.guestId === null)
          throw new GraphQLError('Log in to redeem a code', { extensions: { code: 'UNAUTHORIZED' } });
        const code = codeOf(args.code);
        await promotions.limitAttempt(context.guestId, context.ip);
        return promotions.redeem(context.guestId, code);
      },
    },
  };
}
