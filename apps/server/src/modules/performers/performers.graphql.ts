/**
 * Query-language fields of the performer lists (spec 7): models (filter, order, offset, online
 * total), preferredModels (3), recommendedModels (9, online only), topCams and camShows.
 * Bad arguments answer BAD_USER_INPUT; unknown enum values are GraphQL validation errors (400).
 */
import type { ActorTile } from '@vela/contracts/pages';
import type { CamShow, TopCam } from '@vela/contracts/performers';
import { GraphQLError } from 'graphql';
import type { z } from 'zod';
import { formatZodIssues } from '../../http/errors.ts';
import type { GraphqlExtension } from '../graphql/graphql.schema.ts';
import {
  ModelsArgsSchema,
  PagingArgsSchema,
  RecommendedArgsSchema,
  TopCamsArgsSchema,
} from './performers.schema.ts';
import type { PerformersService } from './performers.service.ts';

const TYPE_DEFS = /* GraphQL */ `
  "Actor gender of spec 3."
  enum ModelGender {
    N
    M
    F
  }

  "Actor type (performer group) of spec 3."
  enum ModelActorType {
    F
    M
    FM
    FF
    S
  }

  "Orders of the models lists: ranking (online first), newest, price per minute."
  enum ModelOrder {
    ranking
    newest
    priceAsc
    priceDesc
  }

  input ModelFilter {
    gender: ModelGender
    actorType: ModelActorType
    onlineOnly: Boolean
    "A spoken language: de, en, nl or es."
    language: String
    freeChat: Boolean
  }

  type ModelPicture {
    key: String!
    ageRating: Int!
    aspect: Float!
  }

  type ModelPrice {
    value: Int!
    currency: String!
  }

  "A performer of the models lists."
  type Model {
    id: Int!
    name: String!
    slug: String!
    age: Int!
    gender: ModelGender!
    actorType: ModelActorType!
    online: Boolean!
    spokenLanguages: [String!]!
    avatar: ModelPicture!
    chatPrice: ModelPrice!
  }

  type ModelList {
    items: [Model!]!
    total: Int!
    onlineTotal: Int!
  }

  "Top cam of spec 3."
  type TopCam {
    id: Int!
    name: String!
    profileLink: String!
    online: Boolean!
    onlineVideocall: Boolean!
    age: Int!
    previewPicture: ModelPicture!
    avatarPicture: ModelPicture!
    spokenLanguages: [String!]!
    pinnedCount: Int!
    ratingCount: Int!
    "Percent satisfied over the last 90 days; null below 10 ratings."
    satisfactionRate: Int
    rankingPointsVideoCall: Int!
    videocallPrice: ModelPrice!
    "Single chat price per minute."
    chatPrice: ModelPrice!
  }

  type TopCamList {
    category: String!
    items: [TopCam!]!
    total: Int!
    "Favorites asked without a logged-in guest."
    loginRequired: Boolean!
  }

  "A cam show (chat ticket show of spec 3)."
  type CamShow {
    id: Int!
    actorId: Int!
    actorName: String!
    title: String!
    description: String!
    start: String!
    end: String!
    price: ModelPrice!
    isFree: Boolean!
    isFeatured: Boolean!
    hasStarted: Boolean!
  }

  type CamShowList {
    items: [CamShow!]!
    total: Int!
  }

  extend type Query {
    "Models list with filter, order, offset and the online total (limit 1-100)."
    models(filter: ModelFilter, order: ModelOrder, offset: Int, limit: Int): ModelList!
    "Spec 7 preferred models (3)."
    preferredModels: [Model!]!
    "Spec 9 recommended actors (9, online only), never the given actor."
    recommendedModels(actorId: Int): [Model!]!
    "Top cams: top100, favorites, bestChats, videocall, group-F, group-M, group-FM, group-FF, group-S."
    topCams(category: String!, offset: Int, limit: Int): TopCamList!
    "Upcoming and running cam shows, featured first."
    camShows(offset: Int, limit: Int): CamShowList!
  }
`;

function argsOf<S extends z.ZodType>(schema: S, args: unknown): z.output<S> {
  const result = schema.safeParse(args);
  if (!result.success)
    throw new GraphQLError(formatZodIssues(result.error), { extensions: { code: 'BAD_USER_INPUT' } });
  return result.data;
}

const model = (tile: ActorTile) => ({ ...tile, online: tile.isOnline });
const topCam = (cam: TopCam) => cam;
const camShow = (show: CamShow) => show;

export function performersGraphql(service: PerformersService): GraphqlExtension {
  return {
    typeDefs: TYPE_DEFS,
    resolvers: {
      // Every list leaves out the performers blocked in the caller's country (spec 6).
      async models(args, context) {
        const { filter, order, offset, limit } = argsOf(ModelsArgsSchema, args);
        const list = await service.models(filter, order, offset, limit, context.country ?? null);
        return { ...list, items: list.items.map(model) };
      },
      async preferredModels(_args, context) {
        return (await service.preferredModels(context.guestId, context.country ?? null)).map(model);
      },
      async recommendedModels(args, context) {
        const { actorId } = argsOf(RecommendedArgsSchema, args);
        return (await service.recommendedModels(actorId, context.country ?? null)).map(model);
      },
      async topCams(args, context) {
        const { category, offset, limit } = argsOf(TopCamsArgsSchema, args);
        const list = await service.topCams(
          context.lang ?? 'en',
          category,
          context.guestId,
          offset,
          limit,
          context.country ?? null,
        );
        return { ...list, items: list.items.map(topCam) };
      },
      async camShows(args, context) {
        const { offset, limit } = argsOf(PagingArgsSchema, args);
        const list = await service.camShows(offset, limit, context.country ?? null);
        return { ...list, items: list.items.map(camShow) };
      },
    },
  };
}
