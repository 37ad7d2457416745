/**
 * Album comments (spec 3/5): a guest may comment on an album only once; the text is plain text
 * (rendered as text, never HTML), trimmed, without control characters, 1 to 1000 characters.
 * The list is read with a limit of at most 500 (spec 9), newest first.
 */

export const COMMENT_MAX_LENGTH = 1000;
/** Spec 9: album comments limit 500 (the default and the maximum of one read). */
export const COMMENTS_LIMIT = 500;

// C0 controls except line feed and tab, DEL, C1 controls, and the invisible bidi/format characters
// that can reorder or hide text (U+200B-U+200F, U+202A-U+202E, U+2066-U+2069, U+FEFF).
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/g;

/**
 * The stored form of a comment: line breaks normalised to \n, tabs to spaces, control characters
 * removed, at most two consecutive empty lines, trimmed. HTML is kept literally (it is text).
 */
export function sanitizeCommentText(raw: string): string {
  return raw
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(/\t/g, ' ')
    .replace(CONTROL, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export type CommentTextProblem = 'empty' | 'too-long';

/** Why a sanitized text cannot be stored, or null when it can. Length counts code points. */
export function commentTextProblem(text: string): CommentTextProblem | null {
  const length = [...text].length;
  if (length === 0) return 'empty';
  if (length > COMMENT_MAX_LENGTH) return 'too-long';
  return null;
}
