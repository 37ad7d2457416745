/**
 * Query-language field of age verification (spec 4, spec 7): the caller's own AVS state.
 */
import type { GraphqlContext, GraphqlExtension } from '../graphql/graphql.schema.ts';
import type { AvsService } from './avs.service.ts';

const TYPE_DEFS = /* GraphQL */ `
  type AvsState {
    avsStatus: AvsStatus!
    avsRejectMessage: String
  }

  extend type Query {
    "The caller's age verification (needs a token); null for an anonymous session."
    avsStatus: AvsState
  }
`;

export function avsGraphql(avs: Pick<AvsService, 'status'>): GraphqlExtension {
  return {
    typeDefs: TYPE_DEFS,
    tokenFields: ['avsStatus'],
    resolvers: {
      async avsStatus(_args: unknown, context: GraphqlContext) {
        if (context.guestId === null) return null;
        return avs.status(context.guestId);
      },
    },
  };
}
