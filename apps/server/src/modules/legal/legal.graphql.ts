/**
 * Query-language field of the legal texts (spec 3, spec 7): public, no token.
 */
import { LANGUAGES } from '@vela/contracts/common';
import type { LegalTextType, PageServices } from '@vela/contracts/pages';
import { badInput, type GraphqlExtension } from '../graphql/graphql.schema.ts';

const LEGAL_TEXT_TYPES: readonly LegalTextType[] = ['PP', 'GTC', 'IMP'];

const TYPE_DEFS = /* GraphQL */ `
  "Legal text of spec 3: type PP, GTC or IMP."
  type LegalText {
    id: ID!
    type: String!
    product: String!
    version: String!
    language: String!
    html: String!
  }

  extend type Query {
    "The current legal text of a type in a language (English when there is none in it). Public."
    legalTexts(type: String!, language: String!): [LegalText!]!
  }
`;

export function legalGraphql(legal: Pick<PageServices, 'legalText'>): GraphqlExtension {
  return {
    typeDefs: TYPE_DEFS,
    resolvers: {
      async legalTexts(args: { type: string; language: string }) {
        const type = LEGAL_TEXT_TYPES.find((known) => known === args.type);
        if (!type) throw badInput(`type must be one of ${LEGAL_TEXT_TYPES.join(', ')}`);
        const language = LANGUAGES.find((known) => known === args.language);
        if (!language) throw badInput(`language must be one of ${LANGUAGES.join(', ')}`);
        const text = await legal.legalText(language, type);
        return text ? [text] : [];
      },
    },
  };
}
