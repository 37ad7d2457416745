/**
 * The conversion chat in the query-language service (spec 7 "conversion chat actors"; decision 0047):
 * `conversionChatActors` (spec 9: 30 online performers available for it, offered in the caller's
 * country) and `conversionChat`, the caller's countdown and trial (logged-in only, spec 6: null for
 * an anonymous session).
 */
import { imageRef } from '../catalog/catalog.presenter.ts';
import type { GraphqlContext, GraphqlExtension } from '../graphql/graphql.schema.ts';
import type { ConversionChatService } from './conversion-chat.service.ts';

const TYPE_DEFS = /* GraphQL */ `
  type ConversionChatActor {
    id: Int!
    name: String!
    isOnline: Boolean!
    "Spec 3 actor data isActorAvailableForConversionChat (always true in this list)."
    isActorAvailableForConversionChat: Boolean!
    avatar: ConversionChatAvatar!
  }

  type ConversionChatAvatar {
    key: String!
    ageRating: Int!
    aspect: Float!
  }

  "Spec 3 Guest conversion chat countdown ends; spec 4 eligibility."
  type ConversionChat {
    "ISO time the countdown ends, null when none runs or it was closed."
    countdownEnds: String
    "Spec 4: eligible while the countdown end is in the future (and the guest has not paid)."
    eligible: Boolean!
    "Spec 9 conversion chat trial code."
    trialCode: String!
    trialRedeemed: Boolean!
  }

  extend type Query {
    "Spec 7/9: at most 30 online performers available for a conversion chat."
    conversionChatActors: [ConversionChatActor!]!
    "The caller's conversion chat (needs a token); null for an anonymous session."
    conversionChat: ConversionChat
  }
`;

export function conversionChatGraphql(
  service: Pick<ConversionChatService, 'actors' | 'stateOf'>,
): GraphqlExtension {
  return {
    typeDefs: TYPE_DEFS,
    tokenFields: ['conversionChat'],
    resolvers: {
      async conversionChatActors(_args: unknown, context: GraphqlContext) {
        const rows = await service.actors(context.country ?? null);
        return rows.map((row) => ({
          id: row.id,
          name: row.name,
          isOnline: row.isOnline,
          isActorAvailableForConversionChat: true,
          avatar: imageRef(row.avatarKey, 16),
        }));
      },
      async conversionChat(_args: unknown, context: GraphqlContext) {
        if (context.guestId === null) return null;
        return service.stateOf(context.guestId);
      },
    },
  };
}
