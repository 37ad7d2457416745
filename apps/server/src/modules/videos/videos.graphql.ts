/** Query-language fields of the video listings (spec 7 "videos", "video stars"). */
import { VideoFilterSchema } from '@vela/contracts/videos';
import { z } from 'zod';
import { parseInput } from '../../http/errors.ts';
import type { GraphqlExtension } from '../graphql/graphql.schema.ts';
import type { VideosService } from './videos.service.ts';

const typeDefs = /* GraphQL */ `
  "Spec 3 video filter; types: free, premium, discount, vip, bought, trending, vxselect, vip30, classic, shared, original."
  input VideoFilter {
    modelIds: [Int!]
    actingGroups: [String!]
    ids: [Int!]
    tags: [String!]
    releasedFrom: String
    releasedUntil: String
    types: [String!]
  }

  type VideoPreviewImage {
    key: String!
    ageRating: Int!
    aspect: Float!
  }

  type VideoModel {
    id: ID!
    name: String!
    slug: String!
  }

  "Spec 3 video guestInfo (only for a logged-in guest; false for a visitor)."
  type VideoGuestInfo {
    bought: Boolean!
    "The guest's VIP membership includes this VIP or VIP30 video: no charge, no buy button."
    flatrate: Boolean!
    "The guest likes this video (likeVideo)."
    liked: Boolean!
  }

  "A video of a listing (spec 3 Video)."
  type VideoListItem {
    id: ID!
    title: String!
    duration: Int!
    ageRating: Int!
    vip: Boolean!
    free: Boolean!
    new: Boolean!
    classic: Boolean!
    price: Price!
    basePrice: Price!
    releasedAt: String!
    likes: Int!
    preview: VideoPreviewImage!
    model: VideoModel!
    guestInfo: VideoGuestInfo!
  }

  "One page of a video listing category (spec 2), sorted (spec 9)."
  type VideoList {
    category: String!
    sort: String!
    sorts: [String!]!
    items: [VideoListItem!]!
    offset: Int!
    limit: Int!
    hasMore: Boolean!
  }

  "Spec 3 video star."
  type VideoStar {
    actorId: ID!
    actorName: String!
    age: Int!
    videoCount: Int!
    newVideoCount: Int!
    online: Boolean!
    spokenLanguages: [String!]!
  }

  extend type Query {
    "Listing categories: allVideos, newVideos, discountedVideos, trendingVideos, freeVideos, topVideos, vip30Videos, boughtVideos (logged-in)."
    videos(category: String!, sort: String, filter: VideoFilter, offset: Int, limit: Int): VideoList!
    "Spec 9: 100 video stars, most videos first."
    videoStars(limit: Int): [VideoStar!]!
  }
`;

const VideosArgsSchema = z.object({
  category: z.string().max(40),
  sort: z.string().max(40).nullish(),
  filter: VideoFilterSchema.nullish(),
  offset: z.number().int().min(0).max(100_000).nullish(),
  limit: z.number().int().min(1).max(100).nullish(),
});

export function videosGraphql(videos: VideosService): GraphqlExtension {
  return {
    typeDefs,
    resolvers: {
      async videos(args: unknown, context) {
        const input = parseInput(VideosArgsSchema, JSON.parse(JSON.stringify(args)));
        const list = await videos.list(
          {
            category: input.category,
            sort: input.sort ?? null,
            ...(input.filter ? { filter: input.filter } : {}),
            ...(input.offset != null ? { offset: input.offset } : {}),
            ...(input.limit != null ? { limit: input.limit } : {}),
          },
          context.guestId,
          // Videos of performers blocked in the caller's country are left out (spec 6).
          context.country ?? null,
        );
        return {
          ...list,
          items: list.items.map((item) => ({ ...item, new: item.isNew, model: item.actor })),
        };
      },
      async videoStars(args: { limit?: number | null }, context) {
        const limit = parseInput(z.number().int().min(1).max(100).nullish(), args.limit);
        return videos.stars(context.country ?? null, limit ?? undefined);
      },
    },
  };
}
