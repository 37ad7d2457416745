/**
 * Query-language field of the VIP subscription (spec 7): the caller's vip30 value history.
 */
import type { GraphqlContext, GraphqlExtension } from '../graphql/graphql.schema.ts';
import type { SubscriptionsService } from './subscriptions.service.ts';

const TYPE_DEFS = /* GraphQL */ `
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

  extend type Query {
    "The caller's vip30 value history: per paid VIP period what was charged and the VIP30 offers' value (needs a token)."
    vip30ValueHistory: Vip30History
  }
`;

export function subscriptionsGraphql(
  subscriptions: Pick<SubscriptionsService, 'vip30History'>,
): GraphqlExtension {
  return {
    typeDefs: TYPE_DEFS,
    tokenFields: ['vip30ValueHistory'],
    resolvers: {
      async vip30ValueHistory(_args: unknown, context: GraphqlContext) {
        if (context.guestId === null) return null;
        return subscriptions.vip30History(context.guestId);
      },
    },
  };
}
