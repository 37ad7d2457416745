/**
 * Query-language fields of the actor profile (spec 7): chatRatings (last 90 days; the rate only
 * from 10 ratings), heatMap, interviews and videoRecommendations (fromSameActor,
 * fromDifferentActor; the given video excluded). Unknown actor: ACTOR_NOT_FOUND; a caller from a
 * banned country (spec 6): ACTOR_BLOCKED_IN_COUNTRY; bad ids BAD_USER_INPUT.
 */
import { ActorIdSchema } from '@vela/contracts/actors';
import type { Language } from '@vela/contracts/common';
import { GraphQLError } from 'graphql';
import { AppError } from '../../http/errors.ts';
import type { GraphqlContext, GraphqlExtension } from '../graphql/graphql.schema.ts';
import type { ActorsService } from './actors.service.ts';

const TYPE_DEFS = /* GraphQL */ `
  type ProfileImage {
    key: String!
    ageRating: Int!
    aspect: Float!
  }

  type ProfilePrice {
    value: Int!
    currency: String!
  }

  type ProfileRatingWindow {
    countRatings: Int!
    "Percent satisfied; null below 10 ratings (spec 5/9)."
    satisfactionRate: Int
  }

  type ProfileChatRatings {
    actorId: Int!
    lastNinetyDays: ProfileRatingWindow!
  }

  type ProfileHeatMap {
    actorId: Int!
    actorName: String!
    "7 rows (Monday first) of 24 hourly values 0-100, Berlin time."
    heatMaps: [[Int!]!]!
    hoursToBeOnline: [Int!]!
    memo: String
  }

  type ProfileInterview {
    id: Int!
    title: String!
    image: ProfileImage!
    imageSize: Int!
    "Seconds."
    duration: Int!
    publishedAt: String!
  }

  type ProfileVideoActor {
    id: Int!
    name: String!
    slug: String!
  }

  type ProfileVideo {
    id: Int!
    title: String!
    duration: Int!
    ageRating: Int!
    vip: Boolean!
    free: Boolean!
    isNew: Boolean!
    classic: Boolean!
    price: ProfilePrice!
    basePrice: ProfilePrice!
    releasedAt: String!
    likes: Int!
    preview: ProfileImage!
    actor: ProfileVideoActor!
  }

  type ProfileVideoRecommendations {
    fromSameActor: [ProfileVideo!]!
    fromDifferentActor: [ProfileVideo!]!
  }

  extend type Query {
    chatRatings(actorId: Int!): ProfileChatRatings!
    heatMap(actorId: Int!): ProfileHeatMap
    interviews(actorId: Int!): [ProfileInterview!]!
    videoRecommendations(actorId: Int!, videoId: Int): ProfileVideoRecommendations!
  }
`;

const badInput = (message: string) => new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });

function idOf(value: unknown, name: string): number {
  const parsed = ActorIdSchema.safeParse(value);
  if (!parsed.success) throw badInput(`${name} must be a positive id`);
  return parsed.data;
}

export function actorsGraphql(actors: ActorsService): GraphqlExtension {
  /** The actor or a NOT_FOUND error (REST codes carried as extensions). */
  const actorOf = async (value: unknown, context: GraphqlContext) => {
    try {
      return await actors.actorFor(idOf(value, 'actorId'), context.country ?? null);
    } catch (error) {
      if (error instanceof AppError)
        throw new GraphQLError(error.message, { extensions: { code: error.code } });
      throw error;
    }
  };
  const langOf = (lang: Language | undefined): Language => lang ?? 'en';
  return {
    typeDefs: TYPE_DEFS,
    resolvers: {
      chatRatings: async (args: { actorId: unknown }, context) =>
        actors.chatRatings(await actorOf(args.actorId, context)),
      heatMap: async (args: { actorId: unknown }, context) =>
        actors.heatMap(await actorOf(args.actorId, context), langOf(context.lang)),
      interviews: async (args: { actorId: unknown }, context) =>
        actors.interviews(await actorOf(args.actorId, context), langOf(context.lang)),
      videoRecommendations: async (args: { actorId: unknown; videoId?: unknown }, context) => {
        const actor = await actorOf(args.actorId, context);
        const videoId =
          args.videoId === undefined || args.videoId === null ? null : idOf(args.videoId, 'videoId');
        return actors.recommendations(actor, videoId, context.country ?? null);
      },
    },
  };
}
