/**
 * The card and SEPA fields of the charge views: formatting as the guest types (card number in
 * groups of four, expiry MM/YY, IBAN in groups of four) and the checks the dialog makes before it
 * sends anything (the server checks again with the same rules of @vela/domain/payments: Luhn,
 * expiry, IBAN mod-97). Checks answer message keys of pay-payment.ts.
 */
import type { CardInput, SepaInput } from '@vela/contracts/payment-api';
import { cardExpired, ibanValid, luhnValid } from '@vela/domain/payments';

export const digitsOnly = (value: string): string => value.replace(/\D+/g, '');

/** Card numbers have 12 to 19 digits. */
export const CARD_MAX_DIGITS = 19;

/** "4242424242424242" -> "4242 4242 4242 4242"; anything but digits is dropped. */
export function formatCardNumber(raw: string): string {
  const digits = digitsOnly(raw).slice(0, CARD_MAX_DIGITS);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1" -> "1", "12" -> "12", "123" -> "12/3", "12/34" stays; at most MM/YY. */
export function formatExpiry(raw: string): string {
  const digits = digitsOnly(raw).slice(0, 4);
  return digits.length <= 2 ? digits : `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

export function formatCvc(raw: string): string {
  return digitsOnly(raw).slice(0, 4);
}

export type ExpiryProblem = 'cardExpiryInvalid' | 'cardExpired';

/** MM/YY (or MM/YYYY) -> month and four-digit year; a card is valid through its expiry month. */
export function parseExpiry(
  text: string,
  now: Date,
): { month: number; year: number } | { problem: ExpiryProblem } {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return { problem: 'cardExpiryInvalid' };
  const month = Number(match[1]);
  const yearText = match[2] ?? '';
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  if (month < 1 || month > 12 || year < 2000 || year > 2100) return { problem: 'cardExpiryInvalid' };
  if (cardExpired(month, year, now)) return { problem: 'cardExpired' };
  return { month, year };
}

export interface CardForm {
  number: string;
  expiry: string;
  cvc: string;
  holder: string;
}

export type CardProblem =
  | 'required'
  | 'cardNumberInvalid'
  | ExpiryProblem
  | 'cardCvcInvalid'
  | 'holderInvalid';

export type CardProblems = Partial<Record<keyof CardForm, CardProblem>>;

function holderProblem(holder: string): 'required' | 'holderInvalid' | undefined {
  const trimmed = holder.trim();
  if (trimmed === '') return 'required';
  return trimmed.length < 2 || trimmed.length > 100 ? 'holderInvalid' : undefined;
}

/** The dialog's checks of a new card, in the order of the fields (the first problem gets focus). */
export function checkCardForm(form: CardForm, now: Date): CardProblems {
  const problems: CardProblems = {};
  const digits = digitsOnly(form.number);
  if (digits === '') problems.number = 'required';
  else if (digits.length < 12 || digits.length > CARD_MAX_DIGITS || !luhnValid(digits))
    problems.number = 'cardNumberInvalid';
  if (form.expiry.trim() === '') problems.expiry = 'required';
  else {
    const expiry = parseExpiry(form.expiry, now);
    if ('problem' in expiry) problems.expiry = expiry.problem;
  }
  if (form.cvc === '') problems.cvc = 'required';
  else if (!/^\d{3,4}$/.test(form.cvc)) problems.cvc = 'cardCvcInvalid';
  const holder = holderProblem(form.holder);
  if (holder) problems.holder = holder;
  return problems;
}

/** The contract's CardInput of a checked form (checkCardForm found nothing). */
export function cardInputOf(form: CardForm, now: Date): CardInput {
  const expiry = parseExpiry(form.expiry, now);
  if ('problem' in expiry) throw new RangeError(`Unchecked card form: ${expiry.problem}`);
  return {
    number: digitsOnly(form.number),
    expMonth: expiry.month,
    expYear: expiry.year,
    cvc: form.cvc,
    holder: form.holder.trim(),
  };
}

/** IBAN as typed -> upper case, groups of four: "de89 3704..." -> "DE89 3704 ...". */
export function formatIban(raw: string): string {
  const compact = raw
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '')
    .slice(0, 34);
  return compact.replace(/(.{4})(?=.)/g, '$1 ');
}

export const compactIban = (value: string): string => value.toUpperCase().replace(/[^A-Z0-9]+/g, '');

export interface SepaForm {
  iban: string;
  holder: string;
}

export type SepaProblems = Partial<Record<keyof SepaForm, 'required' | 'ibanInvalid' | 'holderInvalid'>>;

export function checkSepaForm(form: SepaForm): SepaProblems {
  const problems: SepaProblems = {};
  if (compactIban(form.iban) === '') problems.iban = 'required';
  else if (!ibanValid(form.iban)) problems.iban = 'ibanInvalid';
  const holder = holderProblem(form.holder);
  if (holder) problems.holder = holder;
  return problems;
}

export function sepaInputOf(form: SepaForm): SepaInput {
  return { iban: compactIban(form.iban), holder: form.holder.trim() };
}

/** E.164 phone number as the carrier flow sends it: "+49 151 0000 0001" -> "+4915100000001". */
export function compactMsisdn(value: string): string {
  const trimmed = value.trim();
  const plus = trimmed.startsWith('+') || trimmed.startsWith('00');
  const digits = digitsOnly(trimmed.startsWith('00') ? trimmed.slice(2) : trimmed);
  return plus ? `+${digits}` : digits;
}

export function msisdnValid(value: string): boolean {
  return /^\+[1-9]\d{7,14}$/.test(compactMsisdn(value));
}
