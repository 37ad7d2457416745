/**
 * Pin call verification of a phone number (spec 4 "Pin call verification: started, verified; error
 * from first server error or unknown", spec 5 "Phone code length 6 mobile, 5 fixed line (server may
 * supply length)", spec 7 guest service start/verify, spec 8 phone verification codes 1-10).
 *
 * Pure rules: the phone number parser (E.164 normalisation for the countries below, national and
 * international forms), mobile vs fixed line by the number's prefix, the blocked (premium-rate and
 * service) ranges, the code lengths, the attempt limit and the timeout. The server module
 * (apps/server/src/modules/pincall) stores the verifications and applies these rules; no library for
 * phone numbers is installed and none may be added, hence the small documented parser
 * (docs/decisions/0048).
 */

/** The verification types of spec 7: a mobile number gets an SMS, a fixed line (landline) a voice call. */
export const PINCALL_TYPES = ['mobile', 'landline'] as const;
export type PincallType = (typeof PINCALL_TYPES)[number];

export const isPincallType = (value: unknown): value is PincallType =>
  typeof value === 'string' && (PINCALL_TYPES as readonly string[]).includes(value);

/** Spec 5: the pin has 6 digits for a mobile number, 5 for a fixed line (the start answer carries it). */
export const PINCALL_CODE_LENGTH: Readonly<Record<PincallType, number>> = { mobile: 6, landline: 5 };

/** Wrong pins allowed per verification: the third wrong pin answers 9 and the verification is dead. */
export const PINCALL_MAX_ATTEMPTS = 3;
/** How long a pin works: after 10 minutes the verification answers 4 (timeout). */
export const PINCALL_TIMEOUT_MS = 10 * 60 * 1000;
/** Starts a guest may make per hour (any number), and starts per phone number per hour (any guest). */
export const PINCALL_STARTS_PER_GUEST_HOUR = 5;
export const PINCALL_STARTS_PER_NUMBER_HOUR = 3;
/** Verified numbers a guest may hold. */
export const PINCALL_MAX_NUMBERS_PER_GUEST = 3;
/** The longest phone number input accepted (with spaces and separators). */
export const PHONE_INPUT_MAX_LENGTH = 32;

/** Spec 8 phone verification codes. */
export const PINCALL_ERROR = {
  invalidPhoneNumber: 1,
  countryNotAllowed: 2,
  invalidType: 3,
  timeout: 4,
  blacklisted: 5,
  notUnique: 6,
  idDoesNotExist: 7,
  invalidCode: 8,
  attemptLimit: 9,
  unknown: 10,
} as const;
export type PincallErrorCode = (typeof PINCALL_ERROR)[keyof typeof PINCALL_ERROR];
export const PINCALL_ERROR_CODES: readonly PincallErrorCode[] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

/** Spec 4: a verification is started, then verified; failed (attempt limit) and expired end it. */
export const PINCALL_STATES = ['started', 'verified', 'failed', 'expired'] as const;
export type PincallState = (typeof PINCALL_STATES)[number];

interface CountryRule {
  /** ISO 3166-1 alpha-2. */
  country: string;
  callingCode: string;
  /** Lengths of the national significant number (without trunk 0 and calling code). */
  minLength: number;
  maxLength: number;
  /** National significant number prefixes of mobile numbers (everything else is a fixed line). */
  mobile: readonly string[];
  /** Premium-rate, shared-cost and personal-number ranges: never called or texted (code 5). */
  blocked: readonly string[];
}

/**
 * The countries the parser knows (their national number plans, simplified to length ranges and
 * prefixes). Only PINCALL_ALLOWED_COUNTRIES may be verified; a well-formed number of another known
 * country answers 2, a number of an unknown calling code 1.
 */
const COUNTRY_RULES: readonly CountryRule[] = [
  {
    country: 'DE',
    callingCode: '49',
    minLength: 6,
    maxLength: 11,
    mobile: ['15', '16', '17'],
    blocked: ['900', '137', '180', '700', '118'],
  },
  {
    country: 'AT',
    callingCode: '43',
    minLength: 5,
    maxLength: 13,
    mobile: ['65', '66', '67', '68', '69'],
    blocked: ['900', '901', '930', '931', '939', '810', '820', '821', '118'],
  },
  {
    country: 'CH',
    callingCode: '41',
    minLength: 9,
    maxLength: 9,
    mobile: ['75', '76', '77', '78', '79'],
    blocked: ['900', '901', '906'],
  },
  {
    country: 'NL',
    callingCode: '31',
    minLength: 9,
    maxLength: 9,
    mobile: ['6'],
    blocked: ['900', '906', '909'],
  },
  { country: 'BE', callingCode: '32', minLength: 8, maxLength: 9, mobile: ['4'], blocked: ['90'] },
  { country: 'LU', callingCode: '352', minLength: 6, maxLength: 11, mobile: ['6'], blocked: ['90'] },
  {
    country: 'ES',
    callingCode: '34',
    minLength: 9,
    maxLength: 9,
    mobile: ['6', '7'],
    blocked: ['803', '806', '807', '905'],
  },
  { country: 'GB', callingCode: '44', minLength: 9, maxLength: 10, mobile: ['7'], blocked: ['9', '87'] },
  { country: 'FR', callingCode: '33', minLength: 9, maxLength: 9, mobile: ['6', '7'], blocked: ['89'] },
  { country: 'IT', callingCode: '39', minLength: 6, maxLength: 11, mobile: ['3'], blocked: ['89'] },
  {
    country: 'PL',
    callingCode: '48',
    minLength: 9,
    maxLength: 9,
    mobile: ['45', '5', '6', '7', '88'],
    blocked: ['70'],
  },
  { country: 'US', callingCode: '1', minLength: 10, maxLength: 10, mobile: [], blocked: ['900'] },
];

/** Where a phone number may be verified (spec 8 code 2 "country not allowed" for the rest). */
export const PINCALL_ALLOWED_COUNTRIES: readonly string[] = ['DE', 'AT', 'CH', 'NL', 'BE', 'LU', 'ES'];

/** Which country a national form (leading 0) belongs to when the caller's country is unknown, by language. */
export const PINCALL_COUNTRY_OF_LANGUAGE: Readonly<Record<string, string>> = {
  de: 'DE',
  en: 'GB',
  nl: 'NL',
  es: 'ES',
};

export interface ParsedPhone {
  /** +<calling code><national significant number>, digits only after the plus. */
  e164: string;
  country: string;
  /** By the number's prefix; `unknown` where the plan does not tell (US). */
  line: 'mobile' | 'landline' | 'unknown';
  blocked: boolean;
}

export type PhoneParseResult = { ok: true; phone: ParsedPhone } | { ok: false; code: 1 };

const SEPARATORS = /[\s\-./()]/g;

/**
 * Normalises a typed phone number to E.164: `+49 151 2345 6789`, `0049 151 23456789`, `(0151) 2345-6789`
 * with `defaultCountry` DE. Spaces, dashes, dots, slashes and parentheses are ignored; anything else but
 * digits (and one leading +) is invalid (code 1), so are unknown calling codes and wrong lengths.
 */
export function parsePhoneNumber(input: string, defaultCountry: string | null): PhoneParseResult {
  const invalid = { ok: false, code: PINCALL_ERROR.invalidPhoneNumber } as const;
  if (input.length > PHONE_INPUT_MAX_LENGTH) return invalid;
  const compact = input.trim().replace(SEPARATORS, '');
  let rule: CountryRule | undefined;
  let national: string;
  if (/^(\+|00)\d+$/.test(compact)) {
    const digits = compact.startsWith('+') ? compact.slice(1) : compact.slice(2);
    rule = COUNTRY_RULES.find((candidate) => digits.startsWith(candidate.callingCode));
    if (!rule) return invalid;
    national = digits.slice(rule.callingCode.length);
    // "+49 (0) 151 …": the trunk zero written after the calling code.
    if (national.startsWith('0') && rule.callingCode !== '1') national = national.slice(1);
  } else if (/^0\d+$/.test(compact)) {
    rule = COUNTRY_RULES.find((candidate) => candidate.country === defaultCountry);
    if (!rule) return invalid;
    national = compact.slice(1);
  } else {
    return invalid;
  }
  if (national.length < rule.minLength || national.length > rule.maxLength || national.startsWith('0'))
    return invalid;
  const line =
    rule.mobile.length === 0
      ? 'unknown'
      : rule.mobile.some((prefix) => national.startsWith(prefix))
        ? 'mobile'
        : 'landline';
  return {
    ok: true,
    phone: {
      e164: `+${rule.callingCode}${national}`,
      country: rule.country,
      line,
      blocked: rule.blocked.some((prefix) => national.startsWith(prefix)),
    },
  };
}

/**
 * The checks of a start before anything is stored or sent, in the order of spec 8's codes: 3 an
 * unknown type, 1 a number that does not parse, 2 a country outside the allowed list, 3 a mobile
 * verification (SMS) of a fixed-line number (a voice call reaches a mobile, so `landline` on a mobile
 * number is fine), 5 a premium-rate or service number. Codes 6 (verified by another guest) and 10
 * (the telephony failed) need the database and the provider: the module decides them.
 */
export function checkPincallStart(
  input: { phoneNumber: string; type: string },
  defaultCountry: string | null,
):
  | { ok: true; phone: ParsedPhone; type: PincallType; codeLength: number }
  | { ok: false; code: PincallErrorCode } {
  if (!isPincallType(input.type)) return { ok: false, code: PINCALL_ERROR.invalidType };
  const parsed = parsePhoneNumber(input.phoneNumber, defaultCountry);
  if (!parsed.ok) return parsed;
  const { phone } = parsed;
  if (!PINCALL_ALLOWED_COUNTRIES.includes(phone.country))
    return { ok: false, code: PINCALL_ERROR.countryNotAllowed };
  if (input.type === 'mobile' && phone.line === 'landline')
    return { ok: false, code: PINCALL_ERROR.invalidType };
  if (phone.blocked) return { ok: false, code: PINCALL_ERROR.blacklisted };
  return { ok: true, phone, type: input.type, codeLength: PINCALL_CODE_LENGTH[input.type] };
}

/** What a stored verification looks like to the verify rule. */
export interface PincallVerificationView {
  type: PincallType;
  state: PincallState;
  attempts: number;
  codeLength: number;
  expiresAt: Date;
}

/**
 * The verify rule before the pin is compared: 3 a type other than the start's, 4 an expired one
 * (timeout), 9 one that reached the attempt limit. A verified one answers verified again (idempotent).
 * `compare` means: compare the pin now (a wrong or malformed pin then counts as an attempt).
 */
export function checkPincallVerify(
  verification: PincallVerificationView,
  type: string,
  now: Date,
):
  | { action: 'compare' }
  | { action: 'verified' }
  | { action: 'refuse'; code: PincallErrorCode; expire?: boolean } {
  if (!isPincallType(type) || type !== verification.type)
    return { action: 'refuse', code: PINCALL_ERROR.invalidType };
  if (verification.state === 'verified') return { action: 'verified' };
  if (verification.state === 'failed') return { action: 'refuse', code: PINCALL_ERROR.attemptLimit };
  if (verification.state === 'expired') return { action: 'refuse', code: PINCALL_ERROR.timeout };
  if (now.getTime() >= verification.expiresAt.getTime())
    return { action: 'refuse', code: PINCALL_ERROR.timeout, expire: true };
  if (verification.attempts >= PINCALL_MAX_ATTEMPTS)
    return { action: 'refuse', code: PINCALL_ERROR.attemptLimit };
  return { action: 'compare' };
}

/** After a wrong pin (attempts already counted): 9 and dead at the limit, otherwise 8 with the attempts left. */
export function wrongPinOutcome(attemptsAfter: number): {
  code: PincallErrorCode;
  attemptsLeft: number;
  failed: boolean;
} {
  const attemptsLeft = Math.max(0, PINCALL_MAX_ATTEMPTS - attemptsAfter);
  return attemptsLeft === 0
    ? { code: PINCALL_ERROR.attemptLimit, attemptsLeft, failed: true }
    : { code: PINCALL_ERROR.invalidCode, attemptsLeft, failed: false };
}

/** A pin as typed: exactly `length` ASCII digits (anything else is a wrong pin, code 8). */
export const isWellFormedPin = (pin: string, length: number) => pin.length === length && /^\d+$/.test(pin);

/** A number as the guest data shows it: calling code, the first 3 digits, dots, the last 4 (`+49 151 ••• 4567`; 2 and 2 below 10 digits). */
export function maskPhone(e164: string): string {
  const digits = e164.replace(/^\+/, '');
  const rule = COUNTRY_RULES.find((candidate) => digits.startsWith(candidate.callingCode));
  const callingCode = rule?.callingCode ?? digits.slice(0, 2);
  const national = digits.slice(callingCode.length);
  // Long numbers show 3 + 4 digits, shorter ones 2 + 2: never most of the number.
  const long = national.length >= 10;
  return `+${callingCode} ${national.slice(0, long ? 3 : 2)} ••• ${national.slice(long ? -4 : -2)}`;
}
