import { describe, expect, it } from 'vitest';
import { EMAIL_PATTERN, isValidEmail } from './email.ts';

describe('email format (spec 5)', () => {
  it.each([
    ['plain local part and dotted domain', 'guest@example.com'],
    ['dots inside the local part', 'first.middle.last@example.com'],
    ['plus, dash, underscore and digits in the local part', 'a+b-c_d.9@example.com'],
    ['subdomains before the top-level part', 'guest@mail.eu.example.co.uk'],
    ['digits and dashes in domain labels', 'guest@mail-1.example2.de'],
    ['two-letter top-level part is the minimum', 'guest@example.nl'],
    ['long alphabetic top-level part', 'guest@example.museum'],
    ['upper-case letters', 'Guest.Name@Example.COM'],
    ['quoted local part may hold otherwise forbidden characters', '"john..doe, (x) <y>"@example.com'],
    ['quoted local part with spaces and @', '"a b@c"@example.com'],
    ['bracketed IPv4 address as domain', 'guest@[192.168.0.1]'],
    ['bracketed IPv4 with edge octets', 'guest@[0.0.0.255]'],
    ['non-ASCII letters in the local part are not forbidden', 'jürgen@example.de'],
  ])('accepts %s: %s', (_rule, address) => {
    expect(isValidEmail(address)).toBe(true);
  });

  it.each([
    ['missing @', 'guest.example.com'],
    ['two @', 'guest@home@example.com'],
    ['empty local part', '@example.com'],
    ['empty domain', 'guest@'],
    ['leading dot in the local part', '.guest@example.com'],
    ['trailing dot in the local part', 'guest.@example.com'],
    ['two consecutive dots in the local part', 'gu..est@example.com'],
    ['opening angle bracket', 'gu<est@example.com'],
    ['closing angle bracket', 'gu>est@example.com'],
    ['opening parenthesis', 'gu(est@example.com'],
    ['closing parenthesis', 'gu)est@example.com'],
    ['opening bracket', 'gu[est@example.com'],
    ['closing bracket', 'gu]est@example.com'],
    ['backslash', 'gu\\est@example.com'],
    ['comma', 'gu,est@example.com'],
    ['semicolon', 'gu;est@example.com'],
    ['colon', 'gu:est@example.com'],
    ['space', 'gu est@example.com'],
    ['tab', 'gu\test@example.com'],
    ['unbalanced quote', '"guest@example.com'],
    ['empty quoted local part', '""@example.com'],
    ['top-level part of one letter', 'guest@example.c'],
    ['top-level part with digits', 'guest@example.c0m'],
    ['numeric top-level part', 'guest@example.123'],
    ['domain without a dot', 'guest@localhost'],
    ['domain with an empty label', 'guest@example..com'],
    ['domain starting with a dot', 'guest@.example.com'],
    ['unbracketed IPv4 address', 'guest@192.168.0.1'],
    ['bracketed IPv4 with an octet over 255', 'guest@[192.168.0.256]'],
    ['bracketed IPv4 with three octets', 'guest@[192.168.0]'],
    ['bracketed host name', 'guest@[example.com]'],
    ['leading whitespace', ' guest@example.com'],
    ['trailing whitespace', 'guest@example.com '],
    ['empty string', ''],
  ])('refuses %s: %s', (_rule, address) => {
    expect(isValidEmail(address)).toBe(false);
  });

  it('exports the pattern used by isValidEmail', () => {
    expect(EMAIL_PATTERN.test('guest@example.com')).toBe(true);
    expect(EMAIL_PATTERN.test('guest@example')).toBe(false);
  });
});
