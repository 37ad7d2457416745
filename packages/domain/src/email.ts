/**
 * Email format (spec 5): a local part without angle brackets, parentheses, brackets, backslash,
 * dots at its ends, commas, semicolons, colons, spaces or @ — or a quoted local part; then @; then a
 * dotted domain whose top-level part is alphabetic with at least 2 letters, or a bracketed IPv4
 * address. Shared by the server (validation) and the payment dialog (form check).
 */

/** One unquoted local-part segment: none of `< > ( ) [ ] \ . , ; : @ "` nor whitespace. */
const ATOM = '[^<>()[\\]\\\\.,;:\\s@"]+';
/** Dots only between segments, so never at either end and never doubled. */
const UNQUOTED_LOCAL = `${ATOM}(?:\\.${ATOM})*`;
/** A quoted local part: anything but a quote or a line break between the quotes. */
const QUOTED_LOCAL = '"[^"\\r\\n]+"';
const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const BRACKETED_IPV4 = `\\[${OCTET}(?:\\.${OCTET}){3}\\]`;
const DOTTED_DOMAIN = '(?:[a-zA-Z0-9-]+\\.)+[a-zA-Z]{2,}';

export const EMAIL_PATTERN: RegExp = new RegExp(
  `^(?:${UNQUOTED_LOCAL}|${QUOTED_LOCAL})@(?:${BRACKETED_IPV4}|${DOTTED_DOMAIN})$`,
);

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value);
}
