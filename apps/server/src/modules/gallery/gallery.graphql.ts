/**
 * The photos slice in the query-language service (spec 7): `galleries` (public, the caller's own
 * rating flags with a token), the mutations like/dislike gallery and view album (need a token:
 * spec 8 'Missing Vxql-Token'). Same use cases as the REST routes.
 */
import { GraphQLError } from 'graphql';
import type { GraphqlContext, GraphqlExtension } from '../graphql/graphql.schema.ts';
import { GALLERIES_MAX_LIMIT, GALLERIES_PAGE_SIZE, type GalleryService } from './gallery.service.ts';

const typeDefs = /* GraphQL */ `
  "Spec 3 gallery album: price in EUR cents (shown in coins), the rating fields of the caller."
  type Gallery {
    id: Int!
    title: String!
    "image or video"
    type: String!
    price: Price!
    actor: GalleryActor!
    albumTotalViews: Int!
    commentCount: Int!
    pictureCount: Int!
    coverImageKey: String!
    coverAgeRating: Int!
    createdAt: String!
    isBought: Boolean!
    guestRatingLikes: Int!
    guestRatingDislikes: Int!
    isLiked: Boolean!
    isDisliked: Boolean!
  }

  type GalleryActor {
    id: Int!
    name: String!
    slug: String!
  }

  "Spec 3 rating fields; clients overwrite their counts and flags with them."
  type GalleryRating {
    albumId: Int!
    guestRatingLikes: Int!
    guestRatingDislikes: Int!
    isLiked: Boolean!
    isDisliked: Boolean!
  }

  extend type Query {
    "Albums newest first, of one actor or all (page size 14, at most 100). Public."
    galleries(actorId: Int, offset: Int, limit: Int): [Gallery!]!
  }

  extend type Mutation {
    "Like a gallery (needs a token); undo: true takes the rating back."
    likeGallery(albumId: Int!, undo: Boolean): GalleryRating
    "Dislike a gallery (needs a token); undo: true takes the rating back."
    dislikeGallery(albumId: Int!, undo: Boolean): GalleryRating
    "Record the caller's view of an album (needs a token; once per guest)."
    viewAlbum(albumId: Int!): Gallery
  }
`;

const badInput = (message: string) => new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });
const notFound = () => new GraphQLError('No such album', { extensions: { code: 'ALBUM_NOT_FOUND' } });

function positiveId(value: unknown, name: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0)
    throw badInput(`${name} must be a positive id`);
  return value;
}

function loggedIn(context: GraphqlContext): number {
  if (context.guestId === null)
    throw new GraphQLError('Log in to do this', { extensions: { code: 'UNAUTHORIZED' } });
  return context.guestId;
}

/** AppError 404 of the service -> GraphQL error with its code. */
async function mapped<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (
      error instanceof Error &&
      'statusCode' in error &&
      (error as { statusCode: number }).statusCode === 404
    )
      throw notFound();
    throw error;
  }
}

function presentGallery(album: Awaited<ReturnType<GalleryService['album']>>) {
  return { ...album, coverImageKey: album.cover.key, coverAgeRating: album.cover.ageRating };
}

export function galleryGraphql(gallery: GalleryService): GraphqlExtension {
  const rate =
    (value: 1 | -1) => async (args: { albumId: number; undo?: boolean | null }, context: GraphqlContext) => {
      const guestId = loggedIn(context);
      const albumId = positiveId(args.albumId, 'albumId');
      const fields = await mapped(() =>
        gallery.rateAlbum(guestId, albumId, args.undo ? 0 : value, context.country ?? null),
      );
      return { albumId, ...fields };
    };
  return {
    typeDefs,
    tokenFields: ['likeGallery', 'dislikeGallery', 'viewAlbum'],
    resolvers: {
      async galleries(
        args: { actorId?: number | null; offset?: number | null; limit?: number | null },
        context,
      ) {
        const actorId = args.actorId == null ? null : positiveId(args.actorId, 'actorId');
        const limit = args.limit ?? GALLERIES_PAGE_SIZE;
        const offset = args.offset ?? 0;
        if (!Number.isSafeInteger(limit) || limit < 1 || limit > GALLERIES_MAX_LIMIT)
          throw badInput(`limit must be 1 to ${GALLERIES_MAX_LIMIT}`);
        if (!Number.isSafeInteger(offset) || offset < 0 || offset > 100_000)
          throw badInput('offset must be 0 to 100000');
        // Albums of performers blocked in the caller's country are left out (spec 6).
        const albums = await gallery.albums(
          { actorId, limit, offset },
          context.guestId,
          context.country ?? null,
        );
        return albums.map(presentGallery);
      },
      likeGallery: rate(1),
      dislikeGallery: rate(-1),
      async viewAlbum(args: { albumId: number }, context) {
        const guestId = loggedIn(context);
        const albumId = positiveId(args.albumId, 'albumId');
        const { album } = await mapped(() => gallery.open(albumId, guestId, context.country ?? null));
        return presentGallery(album);
      },
    },
  };
}
