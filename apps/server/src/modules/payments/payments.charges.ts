/**
 * Creating and driving charges (decision 0012): a charge is validated, created once per
 * idempotency key inside a transaction that row-locks the guest's wallet settings (so parallel
 * charges of one guest are checked against the monthly limit, the trial and the key one after the
 * other), then driven at the provider outside any transaction; its answer goes to the settlement.
 */
import { randomBytes } from 'node:crypto';
import type { Charge, ChargeRequest } from '@vela/contracts/payment-api';
import {
  amountProblem,
  berlinMonthBounds,
  limitAllows,
  MAX_CHARGE_CENTS,
  MIN_CHARGE_CENTS,
  TRIAL_CHARGE_CENTS,
  trialAvailable,
} from '@vela/domain/payments';
import { AppError } from '../../http/errors.ts';
import { createRateLimiter, type Limit } from '../../infra/rate-limit.ts';
import type { PaymentsContext } from './payments.context.ts';
import type { ChargePresenter } from './payments.presenter.ts';
import { type ChargeRow, createPaymentsRepository, type PaymentsRepository } from './payments.repository.ts';
import type { Settlement } from './payments.settlement.ts';
import type { ChargeSource, PaymentSources } from './payments.sources.ts';

/** New charges per guest (retries with a known idempotency key do not count). */
export const CHARGES_PER_GUEST: Limit = { name: 'charge-guest', max: 30, windowMs: 10 * 60 * 1000 };

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

export interface ChargeOptions {
  /** The guest is not there to answer a challenge (auto-recharge). */
  offSession?: boolean;
  /** Started by the server (auto-recharge): no rate limit, and flow autorecharge is allowed. */
  serverInitiated?: boolean;
}

export interface Charges {
  /**
   * A charge of the guest: validated, created once per idempotency key (under the settings lock,
   * with the limit and trial checks), then driven at the provider.
   */
  createCharge(guestId: number, request: ChargeRequest, options?: ChargeOptions): Promise<Charge>;
  /** One of the guest's charges (404 for another guest's). */
  charge(guestId: number, publicId: string): Promise<Charge>;
  /** The guest's latest charges, newest first. */
  charges(guestId: number, limit?: number): Promise<Charge[]>;
}

const publicIdOf = () => `ch_${randomBytes(16).toString('base64url')}`;

function sameRequest(row: ChargeRow, request: ChargeRequest): boolean {
  return (
    row.flow === request.flow && row.paytype === request.paytype && row.amountCents === request.amountCents
  );
}

const keyReused = () =>
  new AppError('IDEMPOTENCY_KEY_REUSED', 'This idempotency key was already used for a different charge', 409);

/** A charge of the guest; another guest's charge is answered like a missing one. */
export async function ownCharge(
  repository: PaymentsRepository,
  guestId: number,
  publicId: string,
): Promise<ChargeRow> {
  const row = await repository.chargeByPublicId(publicId);
  if (!row || row.guestId !== guestId) throw new AppError('NOT_FOUND', 'No such charge', 404);
  return row;
}

export function createCharges(
  context: PaymentsContext,
  parts: { presenter: ChargePresenter; settlement: Settlement; sources: PaymentSources },
): Charges {
  const { db, repository, now } = context;
  const { presenter, settlement, sources } = parts;
  const limiter = createRateLimiter(context.rateLimits);

  async function createCharge(
    guestId: number,
    request: ChargeRequest,
    options: ChargeOptions = {},
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
    const guest = await context.guestState(guestId);
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
      return presenter.present(earlier);
    }
    const source = await sources.sourceOf(guestId, request);
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
    return presenter.present(
      await drive(created.row, source, request.saveMethod === true, options.offSession === true),
    );
  }

  /** The same key again: the same charge; one still `created` (a crash or a lost answer) is driven on. */
  async function replay(
    row: ChargeRow,
    request: ChargeRequest,
    source: ChargeSource,
    options: ChargeOptions,
  ): Promise<Charge> {
    if (!sameRequest(row, request)) throw keyReused();
    if (row.status === 'created') {
      return presenter.present(
        await drive(row, source, request.saveMethod === true, options.offSession === true),
      );
    }
    return presenter.present(row);
  }

  /** Asks the provider (outside any transaction) and applies its answer. */
  async function drive(
    row: ChargeRow,
    source: ChargeSource,
    saveMethod: boolean,
    offSession: boolean,
  ): Promise<ChargeRow> {
    const result = await context.provider().charge({
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
        await settlement.credit(row, { providerRef: result.providerRef });
        break;
      case 'declined':
        await settlement.decline(row, 'declined', result.declineCode, { providerRef: result.providerRef });
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

  return {
    createCharge,
    async charge(guestId, publicId) {
      return presenter.present(await ownCharge(repository, guestId, publicId));
    },
    async charges(guestId, limit = 20) {
      return Promise.all((await repository.chargesOf(guestId, limit)).map(presenter.present));
    },
  };
}
