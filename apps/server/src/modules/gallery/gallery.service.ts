/**
 * The photos slice's use cases (issue 5 deliverable 4, spec 3/4/5/6/7/9): the album page, album
 * preview, sedcards, like/dislike ratings of albums, pictures and sedcards, album comments (once
 * per guest) and album views (logged-in guests only, once per guest). Every call takes the
 * caller's country: a performer's albums, pictures and sedcard are never offered to a caller from
 * one of their banned countries (spec 6): lists leave them out, single items answer 403
 * ACTOR_BLOCKED_IN_COUNTRY (infra/country.ts).
 */

import type { Language } from '@vela/contracts/common';
import type {
  AlbumComments,
  AlbumPageBlocked,
  AlbumPageData,
  AlbumPicture,
  GalleryAlbum,
  Sedcard,
} from '@vela/contracts/gallery';
import { type AlbumAccess, albumAccess, pictureOpen } from '@vela/domain/album-access';
import { COMMENTS_LIMIT, commentTextProblem, sanitizeCommentText } from '@vela/domain/album-comments';
import { type GuestRating, ratingDelta } from '@vela/domain/ratings';
import { AppError } from '../../http/errors.ts';
import { assertOfferedIn, type Country, isBlockedIn } from '../../infra/country.ts';
import { imageRef } from '../catalog/catalog.presenter.ts';

import { presentAlbum, presentComment, presentPicture, presentRating } from './gallery.presenter.ts';
import type { AlbumRow, GalleryRepository, PictureRow, RatingKind } from './gallery.repository.ts';
import type { PictureUrlSigner } from './picture-media.ts';

/** The pinned photos listed at once (spec 9 names no number; a guest pins by hand). */
const PINNED_PHOTOS_MAX = 500;

/** Pictures shown on one album page (albums have 4-12; a hard cap keeps the read bounded). */
export const ALBUM_PICTURES_MAX = 200;
/** gallery/getPreview: the cover plus the first 4 pictures. */
export const PREVIEW_PICTURES = 4;
/** Spec 2 page size of galleries. */
export const GALLERIES_PAGE_SIZE = 14;
export const GALLERIES_MAX_LIMIT = 100;

const albumNotFound = () => new AppError('ALBUM_NOT_FOUND', 'No such album', 404);

export function createGalleryService(deps: {
  repository: GalleryRepository;
  /** Signs a picture's URLs for a caller (picture-media.ts). */
  pictureUrls: PictureUrlSigner;
}) {
  const { repository, pictureUrls } = deps;

  /** A picture at `rank` in its album for a caller with `access`: signed URLs, or locked. */
  const pictureFor = (row: PictureRow, rank: number, access: AlbumAccess, guestId: number | null) =>
    presentPicture(row, pictureOpen(access, rank) ? pictureUrls(guestId, row.id) : null);

  /** An album's pictures from its first by position (issue 17: the preview open, the rest locked unless bought). */
  const albumPictures = (album: AlbumRow, rows: PictureRow[], guestId: number | null): AlbumPicture[] => {
    const access = albumAccess(album, { owned: album.isBought });
    return rows.map((row, index) => pictureFor(row, index + 1, access, guestId));
  };

  const rate = async (
    kind: RatingKind,
    guestId: number,
    itemId: number,
    next: GuestRating,
    country: Country,
  ) => {
    const banned = await repository.bannedCountriesOf(kind, itemId);
    if (banned) assertOfferedIn(banned, country);
    const counts = await repository.rate(kind, guestId, itemId, next, ratingDelta);
    if (!counts) {
      const what = kind === 'album' ? 'album' : kind === 'picture' ? 'picture' : 'actor';
      const code =
        what === 'album' ? 'ALBUM_NOT_FOUND' : what === 'picture' ? 'PICTURE_NOT_FOUND' : 'ACTOR_NOT_FOUND';
      throw new AppError(code, `No such ${what}`, 404);
    }
    return presentRating(counts.likes, counts.dislikes, next);
  };

  /** An album's comments; `known`: the album was read and offered already (its comment count). */
  const comments = async (
    albumId: number,
    guestId: number | null,
    limit: number,
    offset: number,
    known: { total: number } | { country: Country },
  ): Promise<AlbumComments> => {
    let count: number;
    if ('total' in known) count = known.total;
    else {
      const album = await repository.albumById(albumId, guestId);
      if (!album) throw albumNotFound();
      assertOfferedIn(album.actorBannedCountryCodes, known.country);
      count = album.commentCount;
    }
    const [rows, commented] = await Promise.all([
      repository.comments(albumId, guestId, Math.min(limit, COMMENTS_LIMIT), offset),
      guestId === null ? Promise.resolve(true) : repository.hasCommented(albumId, guestId),
    ]);
    return {
      list: rows.map(presentComment),
      total: count,
      // Spec 5: once per guest; visitors cannot comment.
      isGuestAllowedToCommentAlbum: guestId !== null && !commented,
    };
  };

  return {
    async album(albumId: number, guestId: number | null, country: Country): Promise<GalleryAlbum> {
      const row = await repository.albumById(albumId, guestId);
      if (!row) throw albumNotFound();
      assertOfferedIn(row.actorBannedCountryCodes, country);
      return presentAlbum(row);
    },

    /** Albums newest first, without those of performers blocked in `country`. */
    async albums(
      filter: { actorId: number | null; limit: number; offset: number },
      guestId: number | null,
      country: Country,
    ): Promise<GalleryAlbum[]> {
      const rows = await repository.albums(filter, guestId, country);
      return rows.map(presentAlbum);
    },

    /**
     * The guest's pinned pictures (spec 7 gallery/getPinnedPhotos), at most PINNED_PHOTOS_MAX,
     * without those of performers blocked in `country`.
     */
    async pinnedPhotos(guestId: number, country: Country) {
      const { rows, total } = await repository.pinnedPictures(guestId, PINNED_PHOTOS_MAX, country);
      return {
        list: rows.map((row) => ({
          ...pictureFor(
            row,
            row.rank,
            albumAccess({ priceCents: row.albumPriceCents }, { owned: row.albumBought }),
            guestId,
          ),
          albumId: row.albumId,
          pinnedAt: row.pinnedAt.toISOString(),
        })),
        total,
      };
    },

    /** The album page; null for an unknown album or one of another actor than `actorName`. */
    async albumPage(
      _lang: Language,
      actorName: string,
      albumId: number,
      guestId: number | null,
      country: Country,
    ): Promise<AlbumPageData | AlbumPageBlocked | null> {
      const row = await repository.albumById(albumId, guestId);
      if (!row || row.actorSlug !== actorName.toLowerCase()) return null;
      if (isBlockedIn(row.actorBannedCountryCodes, country)) return { blocked: true };
      const [pictures, sedcard, albumComments] = await Promise.all([
        repository.picturesOf(albumId, guestId, ALBUM_PICTURES_MAX),
        repository.sedcardOf({ id: row.actorId }, guestId),
        comments(albumId, guestId, COMMENTS_LIMIT, 0, { total: row.commentCount }),
      ]);
      return {
        album: presentAlbum(row),
        actor: {
          id: row.actorId,
          name: row.actorName,
          slug: row.actorSlug,
          avatar: imageRef(row.actorAvatarKey, 16),
          isOnline: row.actorIsOnline,
        },
        sedcard: sedcard
          ? presentRating(sedcard.likes, sedcard.dislikes, sedcard.ownRating)
          : presentRating(0, 0, 0),
        pictures: albumPictures(row, pictures, guestId),
        ageRating: pictures.some((p) => p.ageRating >= 18) ? 18 : 16,
        comments: albumComments,
      };
    },

    /** gallery/getPreview: the album with its cover and first pictures. */
    async preview(albumId: number, guestId: number | null, country: Country) {
      const row = await repository.albumById(albumId, guestId);
      if (!row) throw albumNotFound();
      assertOfferedIn(row.actorBannedCountryCodes, country);
      const pictures = await repository.picturesOf(albumId, guestId, PREVIEW_PICTURES);
      return {
        album: presentAlbum(row),
        cover: imageRef(row.coverKey, row.coverAgeRating),
        pictures: albumPictures(row, pictures, guestId),
      };
    },

    /** gallery/getsedcards: the sedcard (rating fields) and the actor's photos. */
    async sedcard(
      actor: { id: number } | { slug: string },
      guestId: number | null,
      options: { maxAgeRating: 16 | 18; limit: number; offset: number },
      country: Country,
    ): Promise<Sedcard> {
      const row = await repository.sedcardOf(actor, guestId);
      if (!row) throw new AppError('ACTOR_NOT_FOUND', 'No such actor', 404);
      assertOfferedIn(row.bannedCountryCodes, country);
      const avatar = imageRef(row.avatarKey, 16);
      const photos = await repository.actorPhotos(row.actorId, options);
      return {
        actor: { id: row.actorId, name: row.name, slug: row.slug, avatar },
        ...presentRating(row.likes, row.dislikes, row.ownRating),
        photos: [
          ...(options.offset === 0 ? [{ id: 0, albumId: null, image: avatar, urls: null }] : []),
          ...photos.map((p) => ({
            id: p.id,
            albumId: p.albumId,
            image: imageRef(p.imageKey, p.ageRating),
            urls: pictureUrls(guestId, p.id),
          })),
        ],
      };
    },

    rateAlbum: (guestId: number, albumId: number, rating: GuestRating, country: Country) =>
      rate('album', guestId, albumId, rating, country),
    ratePicture: (guestId: number, pictureId: number, rating: GuestRating, country: Country) =>
      rate('picture', guestId, pictureId, rating, country),
    rateSedcard: (guestId: number, actorId: number, rating: GuestRating, country: Country) =>
      rate('sedcard', guestId, actorId, rating, country),

    comments: (albumId: number, guestId: number | null, limit: number, offset: number, country: Country) =>
      comments(albumId, guestId, limit, offset, { country }),

    /** Spec 5: a guest may comment on an album only once (409 ALREADY_COMMENTED, nothing changes). */
    async postComment(guestId: number, albumId: number, rawText: string, country: Country) {
      const banned = await repository.bannedCountriesOf('album', albumId);
      if (banned) assertOfferedIn(banned, country);
      const text = sanitizeCommentText(rawText);
      const problem = commentTextProblem(text);
      if (problem === 'empty') throw new AppError('COMMENT_EMPTY', 'The comment is empty', 400);
      if (problem === 'too-long')
        throw new AppError('COMMENT_TOO_LONG', 'The comment is longer than 1000 characters', 400);
      const result = await repository.addComment(albumId, guestId, text);
      if (result === undefined) throw albumNotFound();
      if (result === null)
        throw new AppError('ALREADY_COMMENTED', 'You have already commented on this album', 409);
      return {
        comment: presentComment(result.comment),
        total: result.total,
        isGuestAllowedToCommentAlbum: false as const,
      };
    },

    /**
     * gallery/open: the album and its pictures (the preview open, the rest locked unless the guest
     * bought it: after a purchase this answers every picture open at once); for a logged-in guest
     * the first open records a view and raises the total views once per guest (spec 6: visitors
     * never record).
     */
    async open(albumId: number, guestId: number | null, country: Country) {
      // Unknown album or a blocked caller: nothing is recorded.
      const owner = await repository.albumById(albumId, null);
      if (!owner) throw albumNotFound();
      assertOfferedIn(owner.actorBannedCountryCodes, country);
      let viewRecorded = false;
      if (guestId !== null) {
        const view = await repository.recordView(albumId, guestId);
        if (!view) throw albumNotFound();
        viewRecorded = view.recorded;
      }
      const row = await repository.albumById(albumId, guestId);
      if (!row) throw albumNotFound();
      const pictures = await repository.picturesOf(albumId, guestId, ALBUM_PICTURES_MAX);
      return { album: presentAlbum(row), viewRecorded, pictures: albumPictures(row, pictures, guestId) };
    },
  };
}

export type GalleryService = ReturnType<typeof createGalleryService>;
