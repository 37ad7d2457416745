/**
 * The charge form without React: its values, the checks before sending, and the contract's
 * ChargeRequest (without the idempotency key, which the attempt adds). Paytypes of spec 9: CC, LS
 * and Voice (a voice charge is flow `voice`, paytype Voice, no card); a stored method charges the
 * guest's saved card or mandate of its paytype.
 */
import type { ChargeFlow, ChargeRequest, PaymentMethod, PaymentSettings } from '@vela/contracts/payment-api';
import { type AmountProblem, amountProblem, parseEuroAmount } from './amounts.ts';
import {
  type CardForm,
  type CardProblem,
  cardInputOf,
  checkCardForm,
  checkSepaForm,
  type SepaForm,
  sepaInputOf,
} from './card-input.ts';

/** A charge request as the form builds it; the attempt adds its idempotency key. */
export type ChargeRequestBody = Omit<ChargeRequest, 'idempotencyKey'>;

export const OTHER_AMOUNT = 'other';
export type MethodChoice = 'CC' | 'LS' | 'Voice' | `stored:${string}`;

export interface ChargeFormValues {
  /** A preset in cents (as text) or OTHER_AMOUNT. */
  amount: string;
  otherAmount: string;
  method: MethodChoice;
  card: CardForm;
  sepa: SepaForm;
  save: boolean;
}

export type ChargeField = 'otherAmount' | 'number' | 'expiry' | 'cvc' | 'holder' | 'iban' | 'sepaHolder';
export type ChargeProblem = AmountProblem | CardProblem | 'ibanInvalid';
export type ChargeProblems = Partial<Record<ChargeField, ChargeProblem>>;

/** The form's first state: the second preset (or the first), the stored method, else a new card. */
export function initialChargeForm(
  settings: PaymentSettings,
  methods: readonly PaymentMethod[],
): ChargeFormValues {
  const preset = settings.amountsCents[1] ?? settings.amountsCents[0];
  const stored = methods[0];
  return {
    amount: preset === undefined ? OTHER_AMOUNT : String(preset),
    otherAmount: '',
    method: stored ? `stored:${stored.id}` : 'CC',
    card: { number: '', expiry: '', cvc: '', holder: '' },
    sepa: { iban: '', holder: '' },
    save: true,
  };
}

/** The amount the form asks for (cents), null when the typed amount is not one. */
export function amountOfForm(values: ChargeFormValues, fixedAmountCents: number | null): number | null {
  if (fixedAmountCents !== null) return fixedAmountCents;
  if (values.amount === OTHER_AMOUNT) return parseEuroAmount(values.otherAmount);
  const preset = Number(values.amount);
  return Number.isSafeInteger(preset) && preset > 0 ? preset : null;
}

export type BuiltCharge = { problems: ChargeProblems } | { request: ChargeRequestBody };

/**
 * Checks the form and builds the charge request. `flow` is the dialog flow (moneycharge,
 * trialmoneycharge, opcompensation); paying by Voice turns it into flow `voice`.
 */
export function buildChargeRequest(input: {
  flow: ChargeFlow;
  values: ChargeFormValues;
  settings: PaymentSettings;
  methods: readonly PaymentMethod[];
  fixedAmountCents: number | null;
  now: Date;
}): BuiltCharge {
  const { values, settings, fixedAmountCents, now } = input;
  const problems: ChargeProblems = {};
  const amountCents = amountOfForm(values, fixedAmountCents);
  if (fixedAmountCents === null) {
    const problem = amountProblem(amountCents, settings);
    if (problem) problems.otherAmount = problem;
  }
  let request: ChargeRequestBody | null = null;
  const amount = amountCents ?? 0;
  if (values.method === 'Voice') {
    request = { flow: 'voice', paytype: 'Voice', amountCents: amount };
  } else if (values.method === 'CC') {
    const card = checkCardForm(values.card, now);
    Object.assign(problems, card);
    if (Object.keys(card).length === 0)
      request = {
        flow: input.flow,
        paytype: 'CC',
        amountCents: amount,
        card: cardInputOf(values.card, now),
        saveMethod: values.save,
      };
  } else if (values.method === 'LS') {
    const sepa = checkSepaForm(values.sepa);
    if (sepa.iban) problems.iban = sepa.iban;
    if (sepa.holder) problems.sepaHolder = sepa.holder;
    if (Object.keys(sepa).length === 0)
      request = {
        flow: input.flow,
        paytype: 'LS',
        amountCents: amount,
        sepa: sepaInputOf(values.sepa),
        saveMethod: values.save,
      };
  } else {
    const id = values.method.slice('stored:'.length);
    const method = input.methods.find((m) => m.id === id);
    if (method) request = { flow: input.flow, paytype: method.paytype, amountCents: amount };
    else problems.number = 'required';
  }
  if (Object.keys(problems).length > 0 || request === null) return { problems };
  return { request };
}

/** After a declined charge the form keeps everything but the security code. */
export function afterDecline(values: ChargeFormValues): ChargeFormValues {
  return { ...values, card: { ...values.card, cvc: '' } };
}
