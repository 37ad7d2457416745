/**
 * Like/dislike ratings of albums, pictures and sedcards (spec 3 Gallery album, Picture rating,
 * Sedcard: guestRatingLikes, guestRatingDislikes, isLiked, isDisliked). One rating per guest and
 * item; on the wire a rating is 1 (like), -1 (dislike) or 0 (none: the guest takes the rating back).
 * Stored ratings are only 1 or -1 (no row means none).
 */

export const LIKE = 1;
export const DISLIKE = -1;
export const NO_RATING = 0;
export type GuestRating = typeof LIKE | typeof DISLIKE | typeof NO_RATING;

export const GUEST_RATINGS: readonly GuestRating[] = [LIKE, DISLIKE, NO_RATING];

export function isGuestRating(value: unknown): value is GuestRating {
  return value === LIKE || value === DISLIKE || value === NO_RATING;
}

/** How an item's like and dislike counters move when a guest's rating goes from `previous` to `next`. */
export interface RatingDelta {
  likes: -1 | 0 | 1;
  dislikes: -1 | 0 | 1;
}

export function ratingDelta(previous: GuestRating, next: GuestRating): RatingDelta {
  const likes = (next === LIKE ? 1 : 0) - (previous === LIKE ? 1 : 0);
  const dislikes = (next === DISLIKE ? 1 : 0) - (previous === DISLIKE ? 1 : 0);
  return { likes: likes as RatingDelta['likes'], dislikes: dislikes as RatingDelta['dislikes'] };
}

/** True when the counters do not move (the same rating again). */
export function isNoChange(delta: RatingDelta): boolean {
  return delta.likes === 0 && delta.dislikes === 0;
}

/** The four rating fields of spec 3 that every rating answer carries (responses overwrite counts and flags). */
export interface RatingFields {
  guestRatingLikes: number;
  guestRatingDislikes: number;
  isLiked: boolean;
  isDisliked: boolean;
}

export function ratingFields(likes: number, dislikes: number, own: GuestRating): RatingFields {
  return {
    guestRatingLikes: likes,
    guestRatingDislikes: dislikes,
    isLiked: own === LIKE,
    isDisliked: own === DISLIKE,
  };
}

/**
 * What a click on the like (or dislike) button asks for: pressing the pressed button takes the
 * rating back (none), pressing the other one switches.
 */
export function ratingAfterPress(current: GuestRating, pressed: typeof LIKE | typeof DISLIKE): GuestRating {
  return current === pressed ? NO_RATING : pressed;
}

/** The guest's own rating from the two flags of an answer. */
export function ownRatingOf(fields: Pick<RatingFields, 'isLiked' | 'isDisliked'>): GuestRating {
  if (fields.isLiked) return LIKE;
  if (fields.isDisliked) return DISLIKE;
  return NO_RATING;
}
