import { describe, expect, it } from 'vitest';
import { COMMENT_MAX_LENGTH, commentTextProblem, sanitizeCommentText } from './album-comments.ts';

describe('album comment text (spec 3/5: sanitized, rendered as text)', () => {
  it('removes control characters and trims', () => {
    expect(sanitizeCommentText('  he\u0000l\u0007lo\u001b[31m \u200Bworld\u202E  ')).toBe('hello[31m world');
    expect(sanitizeCommentText('a\r\nb\rc\td')).toBe('a\nb\nc d');
    expect(sanitizeCommentText('a\n\n\n\n\nb')).toBe('a\n\nb');
  });

  it('keeps HTML literally (it is text, never markup)', () => {
    expect(sanitizeCommentText('<b>bold</b> & <script>x()</script>')).toBe(
      '<b>bold</b> & <script>x()</script>',
    );
  });

  it('1 to 1000 characters after sanitizing', () => {
    expect(commentTextProblem(sanitizeCommentText(' \u0000 \n '))).toBe('empty');
    expect(commentTextProblem('x'.repeat(COMMENT_MAX_LENGTH))).toBeNull();
    expect(commentTextProblem('x'.repeat(COMMENT_MAX_LENGTH + 1))).toBe('too-long');
    // Code points, not UTF-16 units: 1000 emoji fit.
    expect(commentTextProblem('😀'.repeat(COMMENT_MAX_LENGTH))).toBeNull();
  });
});
