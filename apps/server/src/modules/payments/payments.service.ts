/**
 * Top-ups through the payment dialog (issue 4, deliverable 3; docs/decisions/0012): charges at the
 * payment provider, their callbacks, stored methods, settings, one-click and auto-recharge.
 *
 * Money: a succeeded charge is credited by ONE ledger top-up with key `charge:<charge id>`, and the
 * charge becomes `succeeded` with its transfer id in the SAME transaction (the wallet's transfer
 * guard): synchronous successes and callbacks take this one path, so a charge is credited once
 * whatever arrives twice or out of order. A charge is created inside a transaction that row-locks
 * the guest's wallet settings: parallel charges of one guest are checked against the monthly
 * limit (and the trial, and the idempotency key) one after the other.
 */
import { randomBytes } from 'node:crypto';
import type {
  ChangeMethodRequest,
  Charge,
  ChargeRequest,
  OneClickConfig,
  PaymentMethod,
  PaymentSettings,
  PaymentSettingsUpdate,
} from '@vela/contracts/payment-api';
import type { Db } from '@vela/db/client';
import {
  AUTO_RECHARGE_AMOUNTS_CENTS,
  amountProblem,
  autoRechargeDecision,
  berlinMonthBounds,
  cardDigits,
  cardExpired,
  cardLabel,
  ibanLabel,
  ibanValid,
  limitAllows,
  luhnValid,
  MAX_AUTO_RECHARGE_THRESHOLD_CENTS,
  MAX_CARRIER_CODE_ATTEMPTS,
  MAX_CHARGE_CENTS,
  MAX_MONTHLY_LIMIT_CENTS,
  MIN_CHARGE_CENTS,
  normalizeIban,
  TOP_UP_AMOUNTS_CENTS,
  TRIAL_CHARGE_CENTS,
  trialAvailable,
} from '@vela/domain/payments';
import { AppError } from '../../http/errors.ts';
import type { GuestsRepository } from '../guests/guests.repository.ts';
import { createRateLimiter, type Limit } from '../guests/rate-limit.ts';
import { CLEARING_OWNER, type WalletChange, type WalletService } from '../wallet/wallet.service.ts';
import { hmacHex, sameHex } from './payments.callbacks.ts';
import type { PaymentProvider, ProviderEvent, ProviderSource } from './payments.provider.ts';
import {
  type ChargeRow,
  createPaymentsRepository,
  FINAL_STATUSES,
  type MethodRow,
  OPEN_STATUSES,
  type SettingsRow,
} from './payments.repository.ts';

/** New charges per guest (retries with a known idempotency key do not count). */
export const CHARGES_PER_GUEST: Limit = { name: 'charge-guest', max: 30, windowMs: 10 * 60 * 1000 };
/** New or changed payment methods per guest. */
export const METHOD_CHANGES_PER_GUEST: Limit = { name: 'method-guest', max: 10, windowMs: 60 * 60 * 1000 };

/**
 * A charge still waiting for the guest (3-D Secure, SMS code) or never driven (a crash before the
 * provider answered) this long is failed `expired`: it stops counting against the monthly limit
 * and no longer blocks auto-recharge. SEPA debits wait for their settlement instead.
 */
export const ABANDONED_AFTER_MS = 30 * 60 * 1000;

/** Which paytypes each flow may charge with (flow autorecharge is started by the server only). */
const FLOW_PAYTYPES: Record<string, readonly string[]> = {
  moneycharge: ['CC', 'LS'],
  trialmoneycharge: ['CC', 'LS'],
  oneclick: ['CC', 'LS'],
  autorecharge: ['CC', 'LS'],
  opcompensation: ['CC', 'LS'],
  carrier: ['carrier'],
  voice: ['Voice'],
};

const DEFAULT_SETTINGS = {
  oneClickEnabled: false,
  autoRechargeEnabled: false,
  autoRechargeThresholdCents: 500,
  autoRechargeAmountCents: 2000,
  monthlyLimitCents: null as number | null,
};

class DuplicateEvent extends Error {}
class ChargeAlreadyFinal extends Error {}

export interface PaymentsServiceDeps {
  db: Db;
  wallet: WalletService;
  guests: GuestsRepository;
  provider: () => PaymentProvider;
  /** Where the sandbox bank page lives: `<publicOrigin>/rest/v1/payment/sandbox/3ds/...`. */
  publicOrigin: string;
  /** Key of the bank page links (derived from the webhook secret; same on every node). */
  challengeKey: () => Promise<Buffer>;
  log: { info(object: object, message: string): void; error(object: object, message: string): void };
  now?: () => Date;
}

const publicIdOf = () => `ch_${randomBytes(16).toString('base64url')}`;

function maskMsisdn(msisdn: string): string {
  return `${msisdn.slice(0, 5)}${'•'.repeat(Math.max(0, msisdn.length - 7))}${msisdn.slice(-2)}`;
}

export function createPaymentsService(deps: PaymentsServiceDeps) {
  const { db, wallet } = deps;
  const repository = createPaymentsRepository(db);
  const limiter = createRateLimiter(deps.guests);
  const now = deps.now ?? (() => new Date());
  const pendingWork = new Set<Promise<unknown>>();

  // --- presentation ----------------------------------------------------------------------

  const challengeToken = async (publicId: string) => hmacHex(await deps.challengeKey(), `3ds:${publicId}`);

  /** The sandbox bank page of a 3-D Secure charge (the dialog may add `&lang=`). */
  async function challengeUrl(publicId: string): Promise<string> {
    return `${deps.publicOrigin}/rest/v1/payment/sandbox/3ds/${encodeURIComponent(publicId)}?token=${await challengeToken(publicId)}`;
  }

  async function present(row: ChargeRow): Promise<Charge> {
    let nextAction: Charge['nextAction'] = null;
    if (row.status === 'requires_action') {
      const action = deps.provider().actionOf(row.providerRef);
      if (action?.type === '3ds') nextAction = { type: '3ds', url: await challengeUrl(row.publicId) };
      if (action?.type === 'sms') nextAction = { type: 'sms', msisdn: maskMsisdn(action.msisdn) };
    }
    const balanceCents =
      row.status === 'succeeded' && row.transferId !== null
        ? await repository.walletBalanceAfter(row.transferId)
        : null;
    return {
      id: row.publicId,
      flow: row.flow,
      paytype: row.paytype,
      amountCents: row.amountCents,
      status: row.status,
      declineCode: row.declineCode,
      nextAction,
      balanceCents,
      createdAt: row.createdAt.toISOString(),
    };
  }

  const presentMethod = (row: MethodRow): PaymentMethod => ({
    id: String(row.id),
    paytype: row.paytype,
    label: row.label,
    createdAt: row.createdAt.toISOString(),
  });

  // --- crediting (the one success path) --------------------------------------------------

  /**
   * Credits a charge once and marks it succeeded in the same transaction. `event`: the callback
   * that reported it (recorded in that transaction; a repeated event id changes nothing).
   * Answers 'credited', 'duplicate' (event seen before) or 'final' (the charge was decided already).
   */
  async function credit(
    row: ChargeRow,
    options: { providerRef?: string; event?: ProviderEvent } = {},
  ): Promise<'credited' | 'duplicate' | 'final'> {
    const [clearing, guestWallet] = await Promise.all([
      wallet.accountOf('provider-clearing', CLEARING_OWNER),
      wallet.walletOf(row.guestId),
    ]);
    const { event } = options;
    try {
      const result = await wallet.transfer(
        {
          idempotencyKey: `charge:${row.publicId}`,
          kind: 'top-up',
          postings: [
            { account: clearing.id, amountCents: -row.amountCents },
            { account: guestWallet.id, amountCents: row.amountCents },
          ],
          reference: { chargeId: row.publicId, flow: row.flow, paytype: row.paytype, guestId: row.guestId },
        },
        async (_store, transferId, tx) => {
          const store = createPaymentsRepository(tx);
          const locked = await store.lockCharge(row.id);
          if (event && !(await store.recordCallback(callbackValues(row.id, event))))
            throw new DuplicateEvent();
          if (!locked || FINAL_STATUSES.includes(locked.status)) throw new ChargeAlreadyFinal();
          await store.moveCharge(row.id, OPEN_STATUSES, {
            status: 'succeeded',
            transferId,
            declineCode: null,
            ...(options.providerRef ? { providerRef: options.providerRef } : {}),
          });
        },
      );
      if (result.replayed) {
        // Credited before: a new event is kept (it changes nothing), a known one is a repeat.
        if (event && !(await repository.recordCallback(callbackValues(row.id, event)))) return 'duplicate';
        return 'final';
      }
      deps.log.info(
        { guestId: row.guestId, charge: row.publicId, amountCents: row.amountCents },
        'charge credited',
      );
      return 'credited';
    } catch (error) {
      if (error instanceof DuplicateEvent) return 'duplicate';
      if (error instanceof ChargeAlreadyFinal) {
        // Out of order: the charge was decided before; the event is kept, nothing moves.
        if (event && !(await repository.recordCallback(callbackValues(row.id, event)))) return 'duplicate';
        return 'final';
      }
      throw error;
    }
  }

  /** Declines or fails an open charge (nothing was credited); a decided charge stays as it is. */
  async function decline(
    row: ChargeRow,
    status: 'declined' | 'failed',
    declineCode: string,
    options: { providerRef?: string; event?: ProviderEvent } = {},
  ): Promise<'changed' | 'duplicate' | 'final'> {
    return db.transaction(async (tx) => {
      const store = createPaymentsRepository(tx);
      const locked = await store.lockCharge(row.id);
      if (options.event && !(await store.recordCallback(callbackValues(row.id, options.event))))
        return 'duplicate';
      if (!locked || FINAL_STATUSES.includes(locked.status)) return 'final';
      await store.moveCharge(row.id, OPEN_STATUSES, {
        status,
        declineCode,
        ...(options.providerRef ? { providerRef: options.providerRef } : {}),
      });
      // A mandate saved with this very debit is not kept when the bank returned the debit.
      if (status === 'failed' && locked.paytype === 'LS' && locked.methodId !== null) {
        await store.retireMethodSavedSince(locked.methodId, locked.createdAt);
      }
      return 'changed';
    });
  }

  function callbackValues(chargeId: number, event: ProviderEvent) {
    return {
      eventId: event.eventId,
      chargeId,
      type: event.type,
      payload: { ...event } as Record<string, unknown>,
    };
  }

  // --- creating and driving charges -------------------------------------------------------

  interface ChargeSource {
    source: ProviderSource;
    /** Label of a new card or mandate (stored when saveMethod is set). */
    newMethod?: { paytype: 'CC' | 'LS'; label: string };
    methodId?: number;
  }

  /** Checks the card, mandate or stored method of a request (400 before anything is stored). */
  async function sourceOf(guestId: number, request: ChargeRequest): Promise<ChargeSource> {
    switch (request.paytype) {
      case 'Voice':
        return { source: { kind: 'voice' } };
      case 'carrier':
        if (!request.carrier)
          throw new AppError(
            'CARRIER_REQUIRED',
            'Carrier billing needs the phone number (carrier.msisdn)',
            400,
          );
        return { source: { kind: 'carrier', msisdn: request.carrier.msisdn } };
      case 'CC': {
        if (request.sepa)
          throw new AppError('VALIDATION_ERROR', 'Paytype CC takes a card, not a SEPA mandate', 400);
        if (request.card) {
          const digits = checkedCard(request.card);
          return { source: { kind: 'card', digits }, newMethod: { paytype: 'CC', label: cardLabel(digits) } };
        }
        return storedSource(guestId, 'CC');
      }
      case 'LS': {
        if (request.card)
          throw new AppError('VALIDATION_ERROR', 'Paytype LS takes a SEPA mandate, not a card', 400);
        if (request.sepa) {
          const iban = checkedIban(request.sepa.iban);
          return { source: { kind: 'sepa', iban }, newMethod: { paytype: 'LS', label: ibanLabel(iban) } };
        }
        return storedSource(guestId, 'LS');
      }
    }
  }

  async function storedSource(guestId: number, paytype: 'CC' | 'LS'): Promise<ChargeSource> {
    const method = await repository.activeMethod(guestId, paytype);
    if (!method)
      throw new AppError('NO_PAYMENT_METHOD', `No stored ${paytype === 'CC' ? 'card' : 'SEPA mandate'}`, 409);
    return { source: { kind: 'token', token: method.providerRef }, methodId: method.id };
  }

  function checkedCard(card: { number: string; expMonth: number; expYear: number }): string {
    const digits = cardDigits(card.number);
    if (!digits || !luhnValid(digits))
      throw new AppError('INVALID_CARD', 'The card number is not valid', 400);
    if (cardExpired(card.expMonth, card.expYear, now()))
      throw new AppError('CARD_EXPIRED', 'The card has expired', 400);
    return digits;
  }

  function checkedIban(input: string): string {
    if (!ibanValid(input)) throw new AppError('INVALID_IBAN', 'The IBAN is not valid', 400);
    return normalizeIban(input);
  }

  function sameRequest(row: ChargeRow, request: ChargeRequest): boolean {
    return (
      row.flow === request.flow && row.paytype === request.paytype && row.amountCents === request.amountCents
    );
  }

  const keyReused = () =>
    new AppError(
      'IDEMPOTENCY_KEY_REUSED',
      'This idempotency key was already used for a different charge',
      409,
    );

  /**
   * A charge of the guest: validated, created once per idempotency key (under the settings lock,
   * with the limit and trial checks), then driven at the provider.
   */
  async function createCharge(
    guestId: number,
    request: ChargeRequest,
    options: { offSession?: boolean; serverInitiated?: boolean } = {},
  ): Promise<Charge> {
    const allowed = FLOW_PAYTYPES[request.flow];
    if (!allowed?.includes(request.paytype)) {
      throw new AppError(
        'PAYTYPE_NOT_ALLOWED',
        `Flow ${request.flow} does not charge with ${request.paytype}`,
        400,
      );
    }
    if (request.flow === 'autorecharge' && !options.serverInitiated) {
      throw new AppError('FLOW_NOT_ALLOWED', 'Auto-recharge charges are started by the server', 400);
    }
    const problem = amountProblem(request.flow, request.amountCents);
    if (problem === 'TRIAL_AMOUNT_FIXED') {
      throw new AppError('INVALID_AMOUNT', `The trial charge is exactly ${TRIAL_CHARGE_CENTS} cents`, 400);
    }
    if (problem) {
      throw new AppError(
        'AMOUNT_OUT_OF_RANGE',
        `A charge is ${MIN_CHARGE_CENTS} to ${MAX_CHARGE_CENTS} cents`,
        400,
      );
    }
    const guest = await repository.guestState(guestId);
    if (!guest) throw new AppError('NOT_LOGGED_IN', 'Log in to pay', 401);
    // Spec 5: restricted guests opening a charge get the compensation flow.
    if (guest.restricted && request.flow !== 'opcompensation') {
      throw new AppError(
        'RESTRICTED',
        'Your account is restricted: only the compensation payment (flow opcompensation) is possible',
        403,
      );
    }
    const earlier = await repository.chargeByKey(guestId, request.idempotencyKey);
    if (earlier && earlier.status !== 'created') {
      // A decided or waiting charge answers as it is (the retry need not repeat the card).
      if (!sameRequest(earlier, request)) throw keyReused();
      return present(earlier);
    }
    const source = await sourceOf(guestId, request);
    if (earlier) return replay(earlier, request, source, options);
    if (!options.serverInitiated) await limiter.take(CHARGES_PER_GUEST, String(guestId));

    const created = await db.transaction(async (tx) => {
      const store = createPaymentsRepository(tx);
      const settings = await store.lockSettings(guestId);
      // Under the lock: a concurrent request with the same key created it meanwhile.
      const existing = await store.chargeByKey(guestId, request.idempotencyKey);
      if (existing) return { row: existing, fresh: false };
      if (request.flow === 'trialmoneycharge') {
        const available = trialAvailable({
          isPayingCustomer: await store.hasSucceeded(guestId),
          trialUsed: await store.trialUsed(guestId),
        });
        if (!available)
          throw new AppError(
            'TRIAL_NOT_AVAILABLE',
            'The trial charge is only for a first payment, once',
            409,
          );
      }
      if (request.flow === 'autorecharge' && (await store.autoRechargeOpen(guestId))) {
        throw new AppError('AUTO_RECHARGE_OPEN', 'An auto-recharge is still open', 409);
      }
      const month = berlinMonthBounds(now());
      const used = await store.countedCents(guestId, month.start, month.end);
      if (!limitAllows(settings.monthlyLimitCents, used, request.amountCents)) {
        throw new AppError(
          'LIMIT_EXCEEDED',
          'This top-up would exceed your monthly limit; change the limit or choose a smaller amount',
          409,
        );
      }
      const row = await store.insertCharge({
        publicId: publicIdOf(),
        guestId,
        idempotencyKey: request.idempotencyKey,
        flow: request.flow,
        paytype: request.paytype,
        amountCents: request.amountCents,
        methodId: source.methodId ?? null,
      });
      return { row, fresh: true };
    });
    if (!created.fresh) return replay(created.row, request, source, options);
    return present(
      await drive(created.row, source, request.saveMethod === true, options.offSession === true),
    );
  }

  /** The same key again: the same charge; one still `created` (a crash or a lost answer) is driven on. */
  async function replay(
    row: ChargeRow,
    request: ChargeRequest,
    source: ChargeSource,
    options: { offSession?: boolean },
  ): Promise<Charge> {
    if (!sameRequest(row, request)) throw keyReused();
    if (row.status === 'created') {
      return present(await drive(row, source, request.saveMethod === true, options.offSession === true));
    }
    return present(row);
  }

  /** Asks the provider (outside any transaction) and applies its answer. */
  async function drive(
    row: ChargeRow,
    source: ChargeSource,
    saveMethod: boolean,
    offSession: boolean,
  ): Promise<ChargeRow> {
    const result = await deps.provider().charge({
      chargeRef: row.publicId,
      amountCents: row.amountCents,
      paytype: row.paytype,
      source: source.source,
      offSession,
    });
    if (saveMethod && source.newMethod && result.status !== 'declined' && result.token) {
      await saveChargeMethod(row, source.newMethod, result.token);
    }
    switch (result.status) {
      case 'succeeded':
        await credit(row, { providerRef: result.providerRef });
        break;
      case 'declined':
        await decline(row, 'declined', result.declineCode, { providerRef: result.providerRef });
        break;
      case 'requires_action':
      case 'pending':
        await repository.moveCharge(row.id, ['created'], {
          status: result.status,
          providerRef: result.providerRef,
        });
        break;
    }
    return (await repository.chargeById(row.id)) ?? row;
  }

  async function saveChargeMethod(
    row: ChargeRow,
    method: { paytype: 'CC' | 'LS'; label: string },
    token: string,
  ): Promise<void> {
    await db.transaction(async (tx) => {
      const store = createPaymentsRepository(tx);
      await store.lockSettings(row.guestId);
      const locked = await store.lockCharge(row.id);
      if (!locked || locked.methodId !== null) return;
      const saved = await store.replaceMethod({
        guestId: row.guestId,
        paytype: method.paytype,
        label: method.label,
        providerRef: token,
      });
      await store.moveCharge(row.id, [locked.status], { methodId: saved.id });
    });
  }

  async function ownCharge(guestId: number, publicId: string): Promise<ChargeRow> {
    const row = await repository.chargeByPublicId(publicId);
    // Another guest's charge is answered like a missing one.
    if (!row || row.guestId !== guestId) throw new AppError('NOT_FOUND', 'No such charge', 404);
    return row;
  }

  // --- callbacks ------------------------------------------------------------------------

  /** A verified provider event: applies it once; repeated or late events change nothing. */
  async function applyEvent(event: ProviderEvent): Promise<'credited' | 'changed' | 'duplicate' | 'final'> {
    const row = await repository.chargeByPublicId(event.chargeRef);
    if (!row) throw new AppError('UNKNOWN_CHARGE', 'The callback names no known charge', 404);
    if (event.amountCents !== row.amountCents) {
      throw new AppError('AMOUNT_MISMATCH', 'The callback amount differs from the charge', 400);
    }
    if (event.type === 'charge.succeeded') return credit(row, { event });
    return decline(
      row,
      event.type === 'charge.declined' ? 'declined' : 'failed',
      event.declineCode ?? (event.type === 'charge.declined' ? 'card_declined' : 'payment_failed'),
      { event },
    );
  }

  // --- auto-recharge --------------------------------------------------------------------

  async function autoRecharge(change: WalletChange): Promise<void> {
    if (change.amountCents >= 0) return;
    const [settings, methods, guest, open] = await Promise.all([
      repository.settingsOf(change.guestId),
      repository.activeMethods(change.guestId),
      repository.guestState(change.guestId),
      repository.autoRechargeOpen(change.guestId),
    ]);
    if (!settings || !guest) return;
    const method = methods.find((m) => m.paytype === 'CC') ?? methods.find((m) => m.paytype === 'LS');
    const decision = autoRechargeDecision({
      settings: {
        enabled: settings.autoRechargeEnabled,
        thresholdCents: settings.autoRechargeThresholdCents,
        amountCents: settings.autoRechargeAmountCents,
      },
      hasMethod: method !== undefined,
      restricted: guest.restricted,
      rechargeOpen: open,
      change,
    });
    if (!decision.charge || !method) return;
    try {
      const charge = await createCharge(
        change.guestId,
        {
          idempotencyKey: `autorecharge:${change.transferId}`,
          flow: 'autorecharge',
          paytype: method.paytype,
          amountCents: decision.amountCents,
        },
        { offSession: true, serverInitiated: true },
      );
      deps.log.info(
        { guestId: change.guestId, charge: charge.id, status: charge.status, debit: change.transferId },
        'auto-recharge charged',
      );
    } catch (error) {
      deps.log.info(
        { guestId: change.guestId, err: error, debit: change.transferId },
        'auto-recharge not charged',
      );
    }
  }

  // --- settings -------------------------------------------------------------------------

  function settingsValues(row: SettingsRow | undefined) {
    return row
      ? {
          oneClickEnabled: row.oneClickEnabled,
          autoRechargeEnabled: row.autoRechargeEnabled,
          autoRechargeThresholdCents: row.autoRechargeThresholdCents,
          autoRechargeAmountCents: row.autoRechargeAmountCents,
          monthlyLimitCents: row.monthlyLimitCents,
        }
      : DEFAULT_SETTINGS;
  }

  async function settingsOf(guestId: number): Promise<PaymentSettings> {
    const month = berlinMonthBounds(now());
    const [row, methods, monthToDate, paying, trialUsed] = await Promise.all([
      repository.settingsOf(guestId),
      repository.activeMethods(guestId),
      repository.succeededCents(guestId, month.start, month.end),
      repository.hasSucceeded(guestId),
      repository.trialUsed(guestId),
    ]);
    const values = settingsValues(row);
    return {
      oneClickEnabled: values.oneClickEnabled,
      autoRecharge: {
        enabled: values.autoRechargeEnabled,
        thresholdCents: values.autoRechargeThresholdCents,
        amountCents: values.autoRechargeAmountCents,
      },
      monthlyLimitCents: values.monthlyLimitCents,
      monthToDateCents: monthToDate,
      amountsCents: [...TOP_UP_AMOUNTS_CENTS],
      autoRechargeAmountsCents: [...AUTO_RECHARGE_AMOUNTS_CENTS],
      minChargeCents: MIN_CHARGE_CENTS,
      maxChargeCents: MAX_CHARGE_CENTS,
      trial: {
        available: trialAvailable({ isPayingCustomer: paying, trialUsed }),
        amountCents: TRIAL_CHARGE_CENTS,
      },
      methods: methods.map(presentMethod),
    };
  }

  return {
    present,
    createCharge,
    async charge(guestId: number, publicId: string): Promise<Charge> {
      return present(await ownCharge(guestId, publicId));
    },
    async charges(guestId: number, limit = 20): Promise<Charge[]> {
      return Promise.all((await repository.chargesOf(guestId, limit)).map(present));
    },

    /** Carrier billing: the SMS code; 3 wrong codes fail the charge. */
    async confirm(guestId: number, publicId: string, code: string): Promise<Charge> {
      const row = await ownCharge(guestId, publicId);
      if (row.status !== 'requires_action' || row.paytype !== 'carrier') {
        throw new AppError('CHARGE_NOT_AWAITING_CODE', 'This charge does not wait for a code', 409);
      }
      if (await deps.provider().confirmCode(row.providerRef ?? '', code)) {
        await credit(row);
        return present((await repository.chargeById(row.id)) ?? row);
      }
      // One counter per charge (atomic; pruned a day after the charge was made).
      const attempts =
        (await deps.guests.rateLimits.take(
          `carrier-code:${row.publicId}`,
          row.createdAt,
          new Date(row.createdAt.getTime() + 24 * 60 * 60 * 1000),
          MAX_CARRIER_CODE_ATTEMPTS,
        )) ?? MAX_CARRIER_CODE_ATTEMPTS;
      if (attempts >= MAX_CARRIER_CODE_ATTEMPTS) {
        await decline(row, 'failed', 'too_many_attempts');
        throw new AppError('WRONG_CODE', 'Wrong code. No tries are left: the payment failed', 400);
      }
      const left = MAX_CARRIER_CODE_ATTEMPTS - attempts;
      throw new AppError('WRONG_CODE', `Wrong code. ${left} ${left === 1 ? 'try' : 'tries'} left`, 400);
    },

    applyEvent,

    /** The sandbox bank page: the charge behind a page link, or 404 for a wrong link. */
    async challenge(publicId: string, token: string): Promise<ChargeRow> {
      const row = await repository.chargeByPublicId(publicId);
      if (!row || !sameHex(await challengeToken(publicId), token)) {
        throw new AppError('NOT_FOUND', 'No such payment confirmation', 404);
      }
      return row;
    },
    /** The guest's answer on the bank page goes to the provider; its callback decides the charge. */
    async answerChallenge(row: ChargeRow, approved: boolean): Promise<ChargeRow> {
      if (row.status === 'requires_action' && deps.provider().actionOf(row.providerRef)?.type === '3ds') {
        await deps.provider().completeChallenge(
          {
            chargeRef: row.publicId,
            providerRef: row.providerRef ?? '',
            amountCents: row.amountCents,
            createdAt: row.createdAt,
          },
          approved,
        );
      }
      return (await repository.chargeById(row.id)) ?? row;
    },

    // --- methods --------------------------------------------------------------------------
    async methods(guestId: number): Promise<PaymentMethod[]> {
      return (await repository.activeMethods(guestId)).map(presentMethod);
    },
    /** Flows changecc / changels: verified at the provider, then the active method of its paytype. */
    async changeMethod(guestId: number, request: ChangeMethodRequest): Promise<PaymentMethod> {
      const guest = await repository.guestState(guestId);
      if (!guest) throw new AppError('NOT_LOGGED_IN', 'Log in to pay', 401);
      const method =
        request.paytype === 'CC'
          ? (() => {
              const digits = checkedCard(request.card);
              return { source: { kind: 'card' as const, digits }, label: cardLabel(digits) };
            })()
          : (() => {
              const iban = checkedIban(request.sepa.iban);
              return { source: { kind: 'sepa' as const, iban }, label: ibanLabel(iban) };
            })();
      await limiter.take(METHOD_CHANGES_PER_GUEST, String(guestId));
      const verified = await deps.provider().tokenize(method.source);
      if (!verified.ok) {
        throw new AppError('CARD_DECLINED', 'The card was declined; try another card', 402);
      }
      const saved = await db.transaction(async (tx) => {
        const store = createPaymentsRepository(tx);
        await store.lockSettings(guestId);
        return store.replaceMethod({
          guestId,
          paytype: request.paytype,
          label: method.label,
          providerRef: verified.token,
        });
      });
      return presentMethod(saved);
    },

    // --- settings -------------------------------------------------------------------------
    settings: settingsOf,
    async updateSettings(guestId: number, update: PaymentSettingsUpdate): Promise<PaymentSettings> {
      if (update.autoRecharge) {
        const { amountCents, thresholdCents } = update.autoRecharge;
        if (amountProblem('autorecharge', amountCents)) {
          throw new AppError(
            'AMOUNT_OUT_OF_RANGE',
            `An auto-recharge is ${MIN_CHARGE_CENTS} to ${MAX_CHARGE_CENTS} cents`,
            400,
          );
        }
        if (thresholdCents > MAX_AUTO_RECHARGE_THRESHOLD_CENTS) {
          throw new AppError(
            'THRESHOLD_OUT_OF_RANGE',
            `The threshold is at most ${MAX_AUTO_RECHARGE_THRESHOLD_CENTS} cents`,
            400,
          );
        }
      }
      const limit = update.monthlyLimitCents;
      if (
        limit !== undefined &&
        limit !== null &&
        (limit < MIN_CHARGE_CENTS || limit > MAX_MONTHLY_LIMIT_CENTS)
      ) {
        throw new AppError(
          'LIMIT_OUT_OF_RANGE',
          `A monthly limit is ${MIN_CHARGE_CENTS} to ${MAX_MONTHLY_LIMIT_CENTS} cents`,
          400,
        );
      }
      await db.transaction(async (tx) => {
        const store = createPaymentsRepository(tx);
        await store.lockSettings(guestId);
        await store.updateSettings(guestId, {
          ...(update.oneClickEnabled !== undefined ? { oneClickEnabled: update.oneClickEnabled } : {}),
          ...(update.autoRecharge
            ? {
                autoRechargeEnabled: update.autoRecharge.enabled,
                autoRechargeThresholdCents: update.autoRecharge.thresholdCents,
                autoRechargeAmountCents: update.autoRecharge.amountCents,
              }
            : {}),
          ...(limit !== undefined ? { monthlyLimitCents: limit } : {}),
        });
      });
      return settingsOf(guestId);
    },
    /** Spec 7 guest/autoRechargeTeaserState: how the auto-recharge teaser was left. */
    async setTeaserMode(guestId: number, mode: string): Promise<void> {
      await db.transaction(async (tx) => {
        const store = createPaymentsRepository(tx);
        await store.lockSettings(guestId);
        await store.updateSettings(guestId, { autoRechargeTeaserMode: mode });
      });
    },

    // --- one-click ------------------------------------------------------------------------
    async oneClickConfig(guestId: number | null): Promise<OneClickConfig> {
      if (guestId === null) {
        return {
          canOneClick: false,
          config: { paytype: null, methodLabel: null },
          amounts: [...TOP_UP_AMOUNTS_CENTS],
          autoRechargeConfig: { enabled: false, thresholdCents: DEFAULT_SETTINGS.autoRechargeThresholdCents },
          autoRechargeAmount: DEFAULT_SETTINGS.autoRechargeAmountCents,
          isPaying: false,
        };
      }
      const [row, methods, guest, paying] = await Promise.all([
        repository.settingsOf(guestId),
        repository.activeMethods(guestId),
        repository.guestState(guestId),
        repository.hasSucceeded(guestId),
      ]);
      const values = settingsValues(row);
      const method = methods.find((m) => m.paytype === 'CC') ?? methods.find((m) => m.paytype === 'LS');
      return {
        canOneClick: values.oneClickEnabled && method !== undefined && guest?.restricted === false,
        config: { paytype: method?.paytype ?? null, methodLabel: method?.label ?? null },
        amounts: [...TOP_UP_AMOUNTS_CENTS],
        autoRechargeConfig: {
          enabled: values.autoRechargeEnabled,
          thresholdCents: values.autoRechargeThresholdCents,
        },
        autoRechargeAmount: values.autoRechargeAmountCents,
        isPaying: paying,
      };
    },
    async chargeOneClick(
      guestId: number,
      request: { idempotencyKey: string; amountCents: number },
    ): Promise<Charge> {
      const [row, methods] = await Promise.all([
        repository.settingsOf(guestId),
        repository.activeMethods(guestId),
      ]);
      const method = methods.find((m) => m.paytype === 'CC') ?? methods.find((m) => m.paytype === 'LS');
      if (!row?.oneClickEnabled || !method) {
        // A retry of a charge that was made while one-click was possible still answers it.
        const earlier = await repository.chargeByKey(guestId, request.idempotencyKey);
        if (earlier?.flow === 'oneclick') return present(earlier);
        throw new AppError(
          'ONE_CLICK_NOT_AVAILABLE',
          'One-click needs a stored payment method and one-click switched on',
          409,
        );
      }
      return createCharge(guestId, {
        idempotencyKey: request.idempotencyKey,
        flow: 'oneclick',
        paytype: method.paytype,
        amountCents: request.amountCents,
      });
    },

    // --- jobs -----------------------------------------------------------------------------
    /** Wallet listener: decides without blocking the debit's answer; the charge runs on its own. */
    onWalletChange(change: WalletChange): void {
      if (change.amountCents >= 0) return;
      const work = autoRecharge(change).catch((error) =>
        deps.log.error({ err: error, guestId: change.guestId }, 'auto-recharge failed'),
      );
      pendingWork.add(work);
      void work.finally(() => pendingWork.delete(work));
    },
    /** SEPA debits still pending (e.g. before a restart) are handed back to the provider. */
    async resume(): Promise<void> {
      const open = await repository.pendingSepa();
      deps.provider().resume(
        open.map((row) => ({
          chargeRef: row.publicId,
          providerRef: row.providerRef ?? '',
          amountCents: row.amountCents,
          createdAt: row.createdAt,
        })),
      );
    },
    /** Fails abandoned charges (see ABANDONED_AFTER_MS); answers how many. */
    async expireAbandoned(): Promise<number> {
      const rows = await repository.abandoned(new Date(now().getTime() - ABANDONED_AFTER_MS));
      let expired = 0;
      for (const row of rows) {
        if ((await decline(row, 'failed', 'expired')) === 'changed') expired++;
      }
      if (expired > 0) deps.log.info({ expired }, 'abandoned charges expired');
      return expired;
    },
    async idle(): Promise<void> {
      await Promise.allSettled([...pendingWork]);
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
