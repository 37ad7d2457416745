/**
 * Query-language fields of video ratings (spec 7 mutations "like/dislike video"): `likeVideo` and
 * `dislikeVideo` need a token (spec 8 'Missing Vxql-Token') and a logged-in guest; `undo: true`
 * takes the rating back. `videoRating` is public (the caller's own flags with a token). Each answer
 * carries the spec 3 rating fields, which the client overwrites its counts and flags with (spec 4).
 */
import { GraphQLError } from 'graphql';
import type { GraphqlContext, GraphqlExtension } from '../graphql/graphql.schema.ts';
import type { VideoRatings } from './video-ratings.ts';

const typeDefs = /* GraphQL */ `
  "Spec 3 rating fields of a video; clients overwrite their counts and flags with them."
  type VideoRating {
    videoId: Int!
    guestRatingLikes: Int!
    guestRatingDislikes: Int!
    isLiked: Boolean!
    isDisliked: Boolean!
  }

  extend type Query {
    "A video's likes and dislikes, with the caller's own flags when a token is sent. Public."
    videoRating(videoId: Int!): VideoRating
  }

  extend type Mutation {
    "Like a video (needs a token, logged-in guests); undo: true takes the rating back."
    likeVideo(videoId: Int!, undo: Boolean): VideoRating
    "Dislike a video (needs a token, logged-in guests); undo: true takes the rating back."
    dislikeVideo(videoId: Int!, undo: Boolean): VideoRating
  }
`;

function videoIdOf(value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0)
    throw new GraphQLError('videoId must be a positive id', { extensions: { code: 'BAD_USER_INPUT' } });
  return value;
}

export function videoRatingsGraphql(ratings: VideoRatings): GraphqlExtension {
  const rate =
    (value: 1 | -1) => async (args: { videoId: number; undo?: boolean | null }, context: GraphqlContext) => {
      if (context.guestId === null)
        throw new GraphQLError('Log in to rate videos', { extensions: { code: 'UNAUTHORIZED' } });
      return ratings.rate(
        context.guestId,
        videoIdOf(args.videoId),
        args.undo ? 0 : value,
        context.country ?? null,
      );
    };
  return {
    typeDefs,
    tokenFields: ['likeVideo', 'dislikeVideo'],
    resolvers: {
      videoRating: (args: { videoId: number }, context) =>
        ratings.ratingOf(videoIdOf(args.videoId), context.guestId, context.country ?? null),
      likeVideo: rate(1),
      dislikeVideo: rate(-1),
    },
  };
}

/** One module's query-language fields from two extensions (types, resolvers and token fields of both). */
export function joinGraphql(first: GraphqlExtension, second: GraphqlExtension): GraphqlExtension {
  return {
    typeDefs: `${first.typeDefs}\n${second.typeDefs}`,
    resolvers: { ...first.resolvers, ...second.resolvers },
    tokenFields: [...(first.tokenFields ?? []), ...(second.tokenFields ?? [])],
  };
}
