/**
 * Query-language fields of the global search (spec 7): suggestions, the logged-in guest's last
 * searches and the mutation storeSearchPattern. A guest only ever reads their own searches.
 */
import { GraphQLError } from 'graphql';
import type { GraphqlContext, GraphqlExtension } from '../graphql/graphql.schema.ts';
import type { SearchService } from './search.service.ts';

const TYPE_DEFS = /* GraphQL */ `
  extend type Query {
    "Suggestions for a search pattern (3+ characters): popular searches, actor names and tags starting with it; at most 8."
    searchSuggestions(pattern: String!): [String!]!
    "The logged-in guest's last searches, newest first (3); null for a visitor (needs a token)."
    lastSearches: [String!]
  }

  extend type Mutation {
    "Stores a search of the logged-in guest (3-100 characters; needs a token) and answers their last searches."
    storeSearchPattern(pattern: String!): [String!]!
  }
`;

export function searchGraphql(search: SearchService): GraphqlExtension {
  return {
    typeDefs: TYPE_DEFS,
    tokenFields: ['lastSearches', 'storeSearchPattern'],
    resolvers: {
      // Never the name of a performer blocked in the caller's country (spec 6).
      searchSuggestions: (args: { pattern: string }, context: GraphqlContext) =>
        search.suggestions(args.pattern, context.country ?? null),
      lastSearches: (_args: unknown, context: GraphqlContext) =>
        context.guestId === null ? null : search.lastSearches(context.guestId),
      storeSearchPattern: async (args: { pattern: string }, context: GraphqlContext) => {
        if (context.guestId === null) {
          throw new GraphQLError('Log in to store searches', { extensions: { code: 'NOT_LOGGED_IN' } });
        }
        // A refused pattern is an AppError 400: the service's masking answers its code and message.
        return search.storeSearchPattern(context.guestId, args.pattern);
      },
    },
  };
}
