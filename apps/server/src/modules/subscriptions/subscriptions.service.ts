/**
 * The subscription use cases (issue 4 deliverable 4; docs/decisions/0013-subscriptions.md).
 *
 * Money only moves through the wallet service: a period's charge is a purchase of kind
 * `subscription` with the key `subscription:<id>:<periodIndex>`, so however often a subscribe or a
 * renewal is retried or run in parallel, a period is charged once. A subscribe is ONE database
 * transaction (`wallet.atomically`, issue 14): insert the subscription (the partial unique index
 * allows one running per guest and product), charge period 0, record period 0 with its transfer.
 * Whatever fails in between (NOT_ENOUGH_MONEY, a broken ledger, a key the database cannot store)
 * rolls all three back: there is never a running subscription without its charge. A renewal
 * charges, records the period and moves the subscription in one transaction the same way.
 * The job's `recoverUnpaid` stays as a backstop for rows an older version left half-done.
 *
 * Never sell what is not delivered (issue 14, decision 0029 addendum): a subscribe (paid or trial)
 * of a product that is not offered is refused with 409 PRODUCT_NOT_OFFERED before anything is
 * written or charged. The offer list defaults to the domain's `offeredProducts()` (a product with
 * at least one delivered benefit); tests of the mechanics inject both products. Existing
 * subscriptions are not new sales: cancel, resume within the paid period, the cancellation offer
 * and the renewals keep working for a product that is not offered.
 */

import type {
  AboStatus,
  RenewalRunResult,
  SubscribeResult,
  SubscriptionsState,
  SubscriptionView,
  Vip30History,
} from '@vela/contracts/subscriptions-api';
import type { Db } from '@vela/db/client';
import { NOTIFICATION_TYPES } from '@vela/domain/notifications';
import { offeredProducts } from '@vela/domain/subscription-benefits';
import {
  assertCanAcceptOffer,
  assertCanCancel,
  assertCanResume,
  assertCanSubscribe,
  firstPeriod,
  ledgerProductOf,
  nextPeriod,
  PLANS,
  periodChargeKey,
  renewalChargeCents,
  type SubscriptionProduct,
  SubscriptionRuleError,
  VIP_TRIAL,
  vip30Window,
} from '@vela/domain/subscriptions';
import { AppError } from '../../http/errors.ts';
import type { EventBus } from '../../infra/bus.ts';
import { uniqueViolation } from '../../infra/db-errors.ts';
import { publishToGuest } from '../../infra/publish-to-guest.ts';
import type { GuestNotifier } from '../feature-module.ts';
import { NotEnoughMoneyError, type WalletService } from '../wallet/wallet.service.ts';
import {
  aboUpdateEvent,
  eur,
  presentSubscription,
  presentVip30History,
  stateOf,
} from './subscriptions.presenter.ts';
import {
  createSubscriptionsRepository,
  type SubscriptionRow,
  type SubscriptionsRepository,
} from './subscriptions.repository.ts';

/** A subscription without a paid period this old is a subscribe that died half-way: the job finishes it. */
export const UNPAID_RECOVERY_AFTER_MS = 10 * 60 * 1000;
/** Due subscriptions taken per query by the renewal job. */
export const RENEWAL_BATCH = 50;
/** VIP periods shown in the vip30 value history. */
export const VIP30_HISTORY_LIMIT = 24;

export interface SubscriptionsServiceDeps {
  db: Db;
  wallet: WalletService;
  bus?: EventBus;
  log?: {
    info(object: object, message: string): void;
    warn(object: object, message: string): void;
    error(object: object, message: string): void;
  };
  /** The clock (tests move it forward). */
  now?: () => Date;
  /** Tells the guest a subscription has started (a notification). */
  notify?: GuestNotifier;
  /** The products sold (new subscribes); default: the domain's `offeredProducts()`. */
  offered?: readonly SubscriptionProduct[];
  /**
   * Read port of the videos module (their table): the summed list price of the VIP videos released
   * in [from, until), read on `db` (this module's transaction while it records a period).
   */
  vipReleasesValueCents: VipReleasesValue;
}

export type VipReleasesValue = (db: Db, from: Date, until: Date) => Promise<number>;

const ruleError = (error: SubscriptionRuleError) =>
  new AppError(error.code, error.message, error.code === 'NOT_SUBSCRIBED' ? 404 : 409);

function checked<T>(rule: () => T): T {
  try {
    return rule();
  } catch (error) {
    if (error instanceof SubscriptionRuleError) throw ruleError(error);
    throw error;
  }
}

const notSubscribed = (product: SubscriptionProduct) =>
  new AppError('NOT_SUBSCRIBED', `No running ${product} subscription`, 404);

export function createSubscriptionsService(deps: SubscriptionsServiceDeps) {
  const { wallet } = deps;
  const repository: SubscriptionsRepository = createSubscriptionsRepository(deps.db);
  const clock = deps.now ?? (() => new Date());
  const offered = new Set<SubscriptionProduct>(deps.offered ?? offeredProducts());

  async function runningByProduct(guestId: number) {
    const rows = await repository.runningOf(guestId);
    return {
      vip: rows.find((row) => row.product === 'vip'),
      tv: rows.find((row) => row.product === 'tv'),
    };
  }

  /** After every change: the VIP update on the guest's channel. The bus only notifies; a failure is logged. */
  async function publish(guestId: number, product: SubscriptionProduct, isStarted: boolean): Promise<void> {
    if (!deps.bus) return;
    try {
      const running = await runningByProduct(guestId);
      if (!(await publishToGuest(deps.bus, guestId, aboUpdateEvent(product, running, isStarted), deps.log)))
        return;
      if (isStarted)
        await deps.notify?.(guestId, {
          type: NOTIFICATION_TYPES.subscriptionStarted,
          params: { product },
          url: null,
          dedupeKey: `subscriptionStarted:${product}:${running[product]?.id ?? 'none'}`,
        });
    } catch (error) {
      deps.log?.warn({ err: error, guestId, product }, 'subscription update not published');
    }
  }

  async function vip30Value(
    product: SubscriptionProduct,
    periodStart: Date,
    db: Db = deps.db,
  ): Promise<number> {
    if (product !== 'vip') return 0;
    const window = vip30Window(periodStart);
    return deps.vipReleasesValueCents(db, window.from, window.until);
  }

  /**
   * Step 3 of a subscribe: period 0 with its transfer. When the subscription is gone meanwhile (the
   * job removed it as abandoned), the charge is refunded: money never stays without a subscription.
   */
  async function recordFirstPeriod(row: SubscriptionRow, transferId: number, chargedCents: number) {
    const outcome = await repository.recordFirstPeriod({
      subscriptionId: row.id,
      periodIndex: 0,
      periodStart: row.currentPeriodStart,
      periodEnd: row.currentPeriodEnd,
      chargedCents,
      transferId,
      valueCents: await vip30Value(row.product, row.currentPeriodStart),
    });
    if (outcome === 'gone') {
      await wallet.refund(transferId, `${periodChargeKey(row.id, 0)}:refund`);
      throw new AppError(
        'SUBSCRIPTION_ABORTED',
        'The subscription was not started; the charge was refunded',
        409,
      );
    }
    return outcome;
  }

  /** Cancel or resume the guest's running subscription of `product`, when `rule` allows it now. */
  async function changeRunning(
    guestId: number,
    product: SubscriptionProduct,
    rule: (state: ReturnType<typeof stateOf>, now: Date) => void,
    change: (id: number, now: Date) => Promise<SubscriptionRow | undefined>,
  ): Promise<SubscriptionView> {
    const now = clock();
    const row = await repository.runningOfProduct(guestId, product);
    if (!row) throw notSubscribed(product);
    checked(() => rule(stateOf(row), now));
    const updated = await change(row.id, now);
    if (!updated) throw new AppError('CONFLICT', 'The subscription changed meanwhile; reload', 409);
    await publish(guestId, product, false);
    return presentSubscription(updated, now);
  }

  /** The subscription already runs: the same request again gets the same answer, another one a 409. */
  async function replayOrRefuse(existing: SubscriptionRow, idempotencyKey: string): Promise<SubscribeResult> {
    const transfer = await wallet.transferByKey(periodChargeKey(existing.id, 0));
    if (transfer && transfer.reference.requestKey === idempotencyKey) {
      await recordFirstPeriod(existing, transfer.id, Number(transfer.reference.chargedCents));
      return {
        subscription: presentSubscription(existing, clock()),
        replayed: true,
        balanceCents: await wallet.guestBalance(existing.guestId),
      };
    }
    if (!transfer) {
      throw new AppError(
        'SUBSCRIPTION_PENDING',
        'A subscription is being started; try again in a moment',
        409,
      );
    }
    throw new AppError('ALREADY_SUBSCRIBED', `A ${existing.product} subscription is already running`, 409);
  }

  return {
    repository,

    /** Both statuses of the VIP update event (the socket snapshot a page resyncs from). */
    async aboStatuses(guestId: number): Promise<{ vipAboStatus: AboStatus; vxtvAboStatus: AboStatus }> {
      const { vipAboStatus, vxtvAboStatus } = aboUpdateEvent('vip', await runningByProduct(guestId), false);
      return { vipAboStatus, vxtvAboStatus };
    },

    async state(guestId: number): Promise<SubscriptionsState> {
      const now = clock();
      const [running, hadTrial, balanceCents] = await Promise.all([
        runningByProduct(guestId),
        repository.hadTrial(guestId),
        wallet.guestBalance(guestId),
      ]);
      return {
        vip: running.vip ? presentSubscription(running.vip, now) : null,
        tv: running.tv ? presentSubscription(running.tv, now) : null,
        isVip: running.vip !== undefined,
        isVXTVAboSubscriber: running.vip !== undefined || running.tv !== undefined,
        trialAvailable: offered.has('vip') && !hadTrial && running.vip === undefined,
        offered: { vip: offered.has('vip'), tv: offered.has('tv') },
        plans: {
          vip: { price: eur(PLANS.vip.priceCents), periodDays: PLANS.vip.periodDays },
          tv: { price: eur(PLANS.tv.priceCents), periodDays: PLANS.tv.periodDays },
          vipTrial: { price: eur(VIP_TRIAL.priceCents), periodDays: VIP_TRIAL.periodDays },
        },
        balanceCents,
      };
    },

    async subscribe(
      guestId: number,
      request: { product: SubscriptionProduct; trial: boolean; idempotencyKey: string },
    ): Promise<SubscribeResult> {
      const { product, trial, idempotencyKey } = request;
      const now = clock();
      const running = await runningByProduct(guestId);
      const existing = running[product];
      if (existing) return replayOrRefuse(existing, idempotencyKey);
      // A new sale (paid or trial) only of a product that delivers something; nothing written or charged.
      if (!offered.has(product)) {
        throw new AppError(
          'PRODUCT_NOT_OFFERED',
          `The ${product} subscription is not offered: it delivers nothing yet`,
          409,
        );
      }
      const hadTrial = trial ? await repository.hadTrial(guestId) : false;
      checked(() =>
        assertCanSubscribe(product, trial, { vip: running.vip !== undefined, tv: false }, hadTrial),
      );
      const first = checked(() => firstPeriod(product, trial, now));

      // One transaction: the row, the charge of period 0 and period 0 itself, or nothing at all.
      let started: { row: SubscriptionRow; balanceCents: number };
      try {
        started = await wallet.atomically(async (tx, ledger) => {
          const store = createSubscriptionsRepository(tx);
          const row = await store.insert({
            guestId,
            product,
            trial,
            priceCents: PLANS[product].priceCents,
            startedAt: now,
            currentPeriodStart: first.start,
            currentPeriodEnd: first.end,
          });
          const charged = await ledger.purchase(guestId, first.chargeCents, periodChargeKey(row.id, 0), {
            kind: 'subscription',
            reference: {
              subscriptionId: row.id,
              product: ledgerProductOf(product, trial),
              periodIndex: 0,
              trial,
              chargedCents: first.chargeCents,
              requestKey: idempotencyKey,
            },
          });
          const recorded = await store.recordFirstPeriod({
            subscriptionId: row.id,
            periodIndex: 0,
            periodStart: row.currentPeriodStart,
            periodEnd: row.currentPeriodEnd,
            chargedCents: first.chargeCents,
            transferId: charged.transferId,
            valueCents: await vip30Value(product, row.currentPeriodStart, tx),
          });
          // The row is this transaction's own: anything but a new period is a broken invariant (rolls back).
          if (recorded !== 'recorded') throw new Error(`period 0 of subscription ${row.id}: ${recorded}`);
          return { row, balanceCents: await ledger.guestBalance(guestId) };
        });
      } catch (error) {
        // A parallel subscribe of the same product won on the unique index: its answer, or a 409.
        if (uniqueViolation(error) !== 'subscriptions_running_idx') throw error;
        const winner = await repository.runningOfProduct(guestId, product);
        if (!winner) throw new AppError('SUBSCRIPTION_PENDING', 'Try again in a moment', 409);
        return replayOrRefuse(winner, idempotencyKey);
      }

      const { row } = started;
      deps.log?.info({ guestId, subscriptionId: row.id, product, trial }, 'subscription started');
      await publish(guestId, product, true);
      return {
        subscription: presentSubscription(row, clock()),
        replayed: false,
        balanceCents: started.balanceCents,
      };
    },

    /** Cancel: runs to the end of the paid period, then the job ends it. */
    cancel(guestId: number, product: SubscriptionProduct): Promise<SubscriptionView> {
      return changeRunning(guestId, product, assertCanCancel, repository.cancel);
    },

    /** Undo a cancel before the period ends. */
    resume(guestId: number, product: SubscriptionProduct): Promise<SubscriptionView> {
      return changeRunning(guestId, product, assertCanResume, repository.resume);
    },

    /** Spec 7 guest/acceptCancellationOffer: the next period at the offer price; keeps it running. */
    async acceptCancellationOffer(
      guestId: number,
      product: SubscriptionProduct | undefined,
    ): Promise<SubscriptionView> {
      const now = clock();
      const running = await runningByProduct(guestId);
      const chosen: SubscriptionProduct = product ?? (running.vip ? 'vip' : 'tv');
      const row = running[chosen];
      if (!row) throw notSubscribed(chosen);
      checked(() => assertCanAcceptOffer(stateOf(row), now));
      const updated = await repository.acceptOffer(row.id, now);
      if (!updated) {
        throw new AppError('OFFER_NOT_AVAILABLE', 'The cancellation offer is not available', 409);
      }
      await publish(guestId, chosen, false);
      return presentSubscription(updated, now);
    },

    async vip30History(guestId: number): Promise<Vip30History> {
      return presentVip30History(await repository.vipPeriodsOf(guestId, VIP30_HISTORY_LIMIT));
    },

    /**
     * The renewal job's run: finish abandoned subscribes, then renew (active) or end (cancelled)
     * every due subscription, each on its own. Safe to run twice, in parallel, or after a restart.
     */
    async runRenewals(): Promise<RenewalRunResult> {
      const now = clock();
      const result: RenewalRunResult = { renewed: 0, ended: 0, paymentFailed: 0, recovered: 0, errors: 0 };

      for (const row of await repository.unpaidSince(
        new Date(now.getTime() - UNPAID_RECOVERY_AFTER_MS),
        RENEWAL_BATCH,
      )) {
        try {
          const transfer = await wallet.transferByKey(periodChargeKey(row.id, 0));
          if (transfer) await recordFirstPeriod(row, transfer.id, Number(transfer.reference.chargedCents));
          else await repository.deleteUnpaid(row.id);
          result.recovered += 1;
          await publish(row.guestId, row.product, transfer !== undefined);
        } catch (error) {
          result.errors += 1;
          deps.log?.error({ err: error, subscriptionId: row.id }, 'unpaid subscription not recovered');
        }
      }

      const attempted = new Set<number>();
      for (;;) {
        const batch = await repository.dueBatch(now, RENEWAL_BATCH, [...attempted]);
        if (batch.length === 0) break;
        for (const row of batch) {
          attempted.add(row.id);
          try {
            const outcome = await renewOne(row, now);
            if (outcome) result[outcome] += 1;
          } catch (error) {
            result.errors += 1;
            deps.log?.error({ err: error, subscriptionId: row.id }, 'subscription renewal failed');
          }
        }
      }
      if (result.renewed + result.ended + result.paymentFailed + result.recovered + result.errors > 0) {
        deps.log?.info({ ...result }, 'subscription renewals');
      }
      return result;
    },
  };

  /** One due subscription: end it (cancelled) or charge and record the next period (active). */
  async function renewOne(
    row: SubscriptionRow,
    now: Date,
  ): Promise<'renewed' | 'ended' | 'paymentFailed' | null> {
    if (row.status === 'cancelled') {
      if (!(await repository.endCancelled(row.id, row.currentPeriodEnd, now))) return null;
      await publish(row.guestId, row.product, false);
      return 'ended';
    }
    // One transaction: the charge, the new period and the move of the subscription, or nothing.
    const outcome = await wallet.atomically(async (tx, ledger) => {
      const store = createSubscriptionsRepository(tx);
      // Locked as it is now: another worker skips it; moved on or ended meanwhile, there is nothing to do.
      const current = await store.lockDue(row.id, row.currentPeriodEnd);
      if (!current) return null;
      const last = await store.lastPeriodOf(current.id);
      if (!last) return null;
      const periodIndex = last.periodIndex + 1;
      const key = periodChargeKey(current.id, periodIndex);
      const amount = renewalChargeCents(stateOf(current));
      let transferId: number;
      let chargedCents = amount;
      try {
        const charged = await ledger.purchase(current.guestId, amount, key, {
          kind: 'subscription',
          reference: {
            subscriptionId: current.id,
            product: ledgerProductOf(current.product, false),
            periodIndex,
            chargedCents: amount,
          },
        });
        transferId = charged.transferId;
      } catch (error) {
        // Refused (the savepoint rolled back, nothing charged): the subscription ends.
        if (error instanceof NotEnoughMoneyError) {
          return (await store.endUnpaid(current.id, current.currentPeriodEnd, now)) ? 'paymentFailed' : null;
        }
        // The period was charged already with other terms (by an older version): record that charge.
        if (error instanceof AppError && error.code === 'IDEMPOTENCY_KEY_REUSED') {
          const stored = await ledger.transferByKey(key);
          if (!stored) throw error;
          transferId = stored.id;
          chargedCents = Number(stored.reference.chargedCents);
        } else {
          throw error;
        }
      }
      const period = nextPeriod(current.currentPeriodEnd, now, PLANS[current.product].periodDays);
      const recorded = await store.recordRenewal(
        current.currentPeriodEnd,
        {
          subscriptionId: current.id,
          periodIndex,
          periodStart: period.start,
          periodEnd: period.end,
          chargedCents,
          transferId,
          valueCents: await vip30Value(current.product, period.start, tx),
        },
        now,
      );
      // Not recorded: thrown, so the charge rolls back with it (never money without its period).
      if (!recorded) throw new Error(`renewal ${periodIndex} of subscription ${current.id} not recorded`);
      return 'renewed' as const;
    });
    if (!outcome) return null;
    if (outcome === 'paymentFailed') {
      deps.log?.info({ subscriptionId: row.id, guestId: row.guestId }, 'subscription ended: payment failed');
    }
    await publish(row.guestId, row.product, false);
    return outcome;
  }
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
