import { describe, expect, it } from 'vitest';
import {
  DISLIKE,
  GUEST_RATINGS,
  type GuestRating,
  isGuestRating,
  isNoChange,
  LIKE,
  NO_RATING,
  ownRatingOf,
  ratingAfterPress,
  ratingDelta,
  ratingFields,
} from './ratings.ts';

describe('rating delta (spec 3: one rating per guest and item; switching like -> dislike moves the count)', () => {
  it('none -> like -> dislike -> none moves exactly one count each step', () => {
    expect(ratingDelta(NO_RATING, LIKE)).toEqual({ likes: 1, dislikes: 0 });
    expect(ratingDelta(LIKE, DISLIKE)).toEqual({ likes: -1, dislikes: 1 });
    expect(ratingDelta(DISLIKE, NO_RATING)).toEqual({ likes: 0, dislikes: -1 });
    expect(ratingDelta(DISLIKE, LIKE)).toEqual({ likes: 1, dislikes: -1 });
    expect(ratingDelta(LIKE, NO_RATING)).toEqual({ likes: -1, dislikes: 0 });
    expect(ratingDelta(NO_RATING, DISLIKE)).toEqual({ likes: 0, dislikes: 1 });
  });

  it('the same rating again changes nothing', () => {
    for (const rating of GUEST_RATINGS) {
      expect(isNoChange(ratingDelta(rating, rating))).toBe(true);
    }
    expect(isNoChange(ratingDelta(NO_RATING, LIKE))).toBe(false);
  });

  it('any sequence of ratings leaves counters equal to the final rating (never negative)', () => {
    const sequence: GuestRating[] = [LIKE, LIKE, DISLIKE, NO_RATING, NO_RATING, DISLIKE, LIKE, DISLIKE];
    let likes = 0;
    let dislikes = 0;
    let current: GuestRating = NO_RATING;
    for (const next of sequence) {
      const delta = ratingDelta(current, next);
      likes += delta.likes;
      dislikes += delta.dislikes;
      expect(likes).toBeGreaterThanOrEqual(0);
      expect(dislikes).toBeGreaterThanOrEqual(0);
      current = next;
    }
    expect({ likes, dislikes }).toEqual({ likes: 0, dislikes: 1 });
  });
});

describe('rating fields (spec 3 guestRatingLikes, guestRatingDislikes, isLiked, isDisliked)', () => {
  it('flags follow the own rating', () => {
    expect(ratingFields(3, 2, LIKE)).toEqual({
      guestRatingLikes: 3,
      guestRatingDislikes: 2,
      isLiked: true,
      isDisliked: false,
    });
    expect(ratingFields(0, 1, DISLIKE)).toMatchObject({ isLiked: false, isDisliked: true });
    expect(ratingFields(0, 0, NO_RATING)).toMatchObject({ isLiked: false, isDisliked: false });
    expect(ownRatingOf({ isLiked: false, isDisliked: true })).toBe(DISLIKE);
    expect(ownRatingOf({ isLiked: false, isDisliked: false })).toBe(NO_RATING);
  });

  it('pressing the pressed button takes the rating back; pressing the other switches', () => {
    expect(ratingAfterPress(NO_RATING, LIKE)).toBe(LIKE);
    expect(ratingAfterPress(LIKE, LIKE)).toBe(NO_RATING);
    expect(ratingAfterPress(LIKE, DISLIKE)).toBe(DISLIKE);
    expect(ratingAfterPress(DISLIKE, DISLIKE)).toBe(NO_RATING);
  });

  it('wire values are exactly 1, -1 and 0', () => {
    expect([1, -1, 0].every(isGuestRating)).toBe(true);
    for (const bad of [2, '1', 'like', null, undefined, 0.5, -0.5]) expect(isGuestRating(bad)).toBe(false);
  });
});
