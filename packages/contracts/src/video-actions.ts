/**
 * Around the player (issue 17 deliverable 7): like/dislike of a video in the query-language service
 * (spec 7 mutations "like/dislike video or gallery"; the answer carries the spec 3 rating fields and
 * the client overwrites its counts and flags with them, spec 4) and `guest/sendVideoShareEmail`
 * (spec 7: a logged-in guest sends a video to one friend's address, in a fixed template; spec 5
 * e-mail rules). Shapes shared by apps/server and apps/web.
 */
import { isValidEmail } from '@vela/domain/email';
import { z } from 'zod';
import { LanguageSchema } from './common.ts';
import { codedIssue, defineEndpoint } from './endpoint.ts';
import { RatingFieldsSchema } from './gallery.ts';

/** A video's rating as the mutations and the `videoRating` query answer it (spec 3 rating fields). */
export const VideoRatingSchema = RatingFieldsSchema.extend({ videoId: z.number().int().positive() });
export type VideoRating = z.infer<typeof VideoRatingSchema>;

const RATING_FIELDS = 'videoId guestRatingLikes guestRatingDislikes isLiked isDisliked';

/** The query-language documents the pages send (POST /graphql). `undo: true` takes the rating back. */
export const VIDEO_RATING_DOCUMENTS = {
  likeVideo: `mutation LikeVideo($videoId: Int!, $undo: Boolean) { likeVideo(videoId: $videoId, undo: $undo) { ${RATING_FIELDS} } }`,
  dislikeVideo: `mutation DislikeVideo($videoId: Int!, $undo: Boolean) { dislikeVideo(videoId: $videoId, undo: $undo) { ${RATING_FIELDS} } }`,
  videoRating: `query VideoRating($videoId: Int!) { videoRating(videoId: $videoId) { ${RATING_FIELDS} } }`,
} as const;

/** Spec 7 sendVideoShareEmail: the personal note is plain text of at most this many characters. */
export const VIDEO_SHARE_NOTE_MAX = 200;
/** RFC 5321 path limit: a longer address is refused before the format check. */
export const EMAIL_MAX_LENGTH = 254;

/** POST guest/sendVideoShareEmail: one recipient; no subject, body or header of the sender's. */
export const SendVideoShareEmailRequestSchema = z.strictObject({
  videoId: z.number().int().positive().max(2_147_483_647),
  email: z
    .string()
    .max(EMAIL_MAX_LENGTH)
    .transform((value, ctx) => {
      const address = value.trim();
      // Spec 5 e-mail rules; the pattern allows no whitespace (CR/LF) and one @, so no header injection.
      if (isValidEmail(address)) return address;
      ctx.addIssue(codedIssue('INVALID_EMAIL', ['email'], 'email must be one valid e-mail address'));
      return z.NEVER;
    }),
  /** The recipient-facing language of the mail; the sender's page language when absent. */
  language: LanguageSchema.optional(),
  note: z.string().trim().max(VIDEO_SHARE_NOTE_MAX).optional(),
});
export type SendVideoShareEmailRequest = z.input<typeof SendVideoShareEmailRequestSchema>;

export const SendVideoShareEmailAnswerSchema = z.object({
  sent: z.literal(true),
  /** The language the mail went out in. */
  language: LanguageSchema,
});

export const videoShareEndpoints = {
  /**
   * Sends the video to a friend (logged-in guests; 429 RATE_LIMITED per guest and per recipient;
   * FSK-18 videos need the sender's accepted age check: 403 RESTRICTED).
   */
  sendVideoShareEmail: defineEndpoint({
    method: 'POST',
    path: 'guest/sendVideoShareEmail',
    body: SendVideoShareEmailRequestSchema,
    response: SendVideoShareEmailAnswerSchema,
    errors: ['NOT_LOGGED_IN', 'INVALID_EMAIL', 'VIDEO_NOT_FOUND', 'RESTRICTED', 'ACTOR_BLOCKED_IN_COUNTRY'],
  }),
};
