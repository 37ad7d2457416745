/**
 * Vouchers, bonus codes and item purchases (issue 4 deliverables 5 and 6; docs/decisions/0014).
 *
 * - Buying an item: a matching voucher (type 1 video, type 4 photo album) is consumed FIRST, in one
 *   transaction with the purchase row (voucher rows locked, the unique (guest, item) row decides a
 *   race); otherwise the wallet pays with the performer split under the ledger key
 *   `purchase:<guest>:<item type>:<item id>`, so any retry or parallel request is the same transfer,
 *   in one transaction with the purchase row (`wallet.atomically`): never a charge without the item.
 * - Redeeming a code: ONE transaction inserts the redemption (unique per guest and code), counts it
 *   on the code with a conditional update (never above the limit; the database checks it again) and
 *   grants a voucher reward. Coins follow as a ledger transfer promotions -> wallet under the key
 *   `bonus:<redemption id>`; a crash in between is repaired by `settleUnsettled` at start.
 * - On-top codes wait for the guest's next succeeded top-up (wallet.onWalletChange) and credit with
 *   the key `ontop:<redemption id>`.
 * - Chat-minute vouchers (type 2): the live module spends one unit per minute through
 *   `useChatMinuteVoucher` under the minute's key (a `voucher_uses` row, unique per key) and reads
 *   the units usable with a performer through `chatMinuteVouchers` (decision 0038 part 4).
 */
import type { GuestSocketEvent } from '@vela/contracts/socket';
import type { Db } from '@vela/db/client';
import {
  type BonusReward,
  normalizeCode,
  onTopBonusCents,
  parseReward,
  type RedeemReason,
  redeemReason,
} from '@vela/domain/bonus-codes';
import { voucherChatMinutesFor } from '@vela/domain/chat-types';
import { guestBalanceFields } from '@vela/domain/coin-balance';
import { NOTIFICATION_TYPES } from '@vela/domain/notifications';
import { includedInVip } from '@vela/domain/video-access';
import {
  guestVouchers,
  ITEM_VOUCHER_TYPE,
  type ItemType,
  pickVoucher,
  VOUCHER_TYPES,
  type VoucherType,
  voucherCounts,
} from '@vela/domain/vouchers';
import { AppError } from '../../http/errors.ts';
import type { EventBus } from '../../infra/bus.ts';
import { assertOfferedIn, type Country } from '../../infra/country.ts';
import { uniqueViolation } from '../../infra/db-errors.ts';
import { publishToGuest } from '../../infra/publish-to-guest.ts';
import { createRateLimiter, type Limit, type RateLimitStore } from '../../infra/rate-limit.ts';
import type { GuestNotifier } from '../feature-module.ts';
import type { WalletChange, WalletService } from '../wallet/wallet.service.ts';
import {
  presentGuestVouchers,
  presentPurchase,
  presentReward,
  redemptionBenefit,
  voucherBenefits,
} from './promotions.presenter.ts';
import {
  type BonusCodeRow,
  createPromotionsRepository,
  type PurchaseRow,
  type RedemptionWithCode,
  type VoucherUseRow,
} from './promotions.repository.ts';

const DAY_MS = 86_400_000;

/** Bonus code checks and redemptions per guest (every attempt counts: codes cannot be guessed). */
export const BONUS_ATTEMPTS_PER_GUEST: Limit = { name: 'bonus-guest', max: 20, windowMs: 15 * 60 * 1000 };
/** Bonus code checks and redemptions per client address. */
export const BONUS_ATTEMPTS_PER_IP: Limit = { name: 'bonus-ip', max: 60, windowMs: 15 * 60 * 1000 };
/** Age rating from which buying needs an accepted age verification (spec 4/6). */
const FSK18 = 18;

const REASON_MESSAGES: Record<Exclude<RedeemReason, 'OK'>, [string, number]> = {
  UNKNOWN_CODE: ['This code does not exist', 404],
  INACTIVE: ['This code is no longer active', 409],
  NOT_YET_VALID: ['This code is not valid yet', 409],
  EXPIRED: ['This code has expired', 409],
  EXHAUSTED: ['This code has been used up', 409],
  ALREADY_REDEEMED: ['You have already redeemed this code', 409],
};

export const reasonError = (reason: Exclude<RedeemReason, 'OK'>) =>
  new AppError(reason, REASON_MESSAGES[reason][0], REASON_MESSAGES[reason][1]);

/** Spec 7 socket/bus events of this module, on channel `guest:<id>`. */
export type PromotionsBusEvent = Extract<GuestSocketEvent, { type: 'guestVouchers' | 'bonusCodeRedeemed' }>;

export interface PromotionsDeps {
  db: Db;
  bus: EventBus;
  wallet: WalletService;
  /** Read port of the guests module (its table; age check, operator grants) and the rate-limit counters. */
  guests: PromotionsGuests;
  /**
   * Read port of the payments module (its table): the id of the guest's charge a top-up's reference
   * names (numeric id or public id), null when none; recorded with an on-top bonus.
   */
  chargeIdOf: (guestId: number, ref: unknown) => Promise<number | null>;
  /**
   * Read ports of the items' owners: a video (videos module) or an album (gallery module) to buy,
   * read on `db`.
   */
  items: Record<ItemType, (db: Db, itemId: number) => Promise<ItemForSale | undefined>>;
  log: {
    info(o: object, m: string): void;
    warn(o: object, m: string): void;
    error(o: object, m: string): void;
  };
  now?: () => Date;
  /** Tells the guest a bonus code was redeemed (a notification). */
  notify?: GuestNotifier;
  /**
   * The subscriptions module's answer whether a guest is a VIP: a VIP or VIP30 video is included in
   * the VIP membership (issue 17 deliverable 4), so buying it is refused and charges nothing.
   */
  isVip?: (guestId: number) => Promise<boolean>;
}

/** An item to buy as its owner describes it (price, performer, age rating), in one read. */
export interface ItemForSale {
  id: number;
  actorId: number;
  priceCents: number;
  free: boolean;
  ageRating: number;
  /** The performer's banned country codes (spec 3 Actor.bannedCountryCodes; spec 6). */
  bannedCountryCodes: string[];
  /** A VIP video / a VIP30 offer (videos only): included for VIP members. */
  vip?: boolean;
  vip30?: boolean;
}

/** What promotions asks the guests module (app.ts wires the guests repository). */
export interface PromotionsGuests {
  /** The guest's age verification (FSK-18 purchases); undefined for an unknown guest. */
  guestById(guestId: number): Promise<{ avsStatus: string } | undefined>;
  /**
   * Row-locks the guest in the caller's transaction `tx` until it ends (serialises a guest's operator
   * grants); false for an unknown guest.
   */
  lockGuestIn(tx: Db, guestId: number): Promise<boolean>;
  rateLimits: RateLimitStore;
}

function rewardOf(code: BonusCodeRow): BonusReward {
  const reward = parseReward(code.reward);
  if (!reward) throw new AppError('INVALID_REWARD', `Bonus code ${code.id} has no valid reward`, 500);
  return reward;
}

export function createPromotionsService(deps: PromotionsDeps) {
  const { db, wallet, bus, log } = deps;
  const now = deps.now ?? (() => new Date());
  const repository = createPromotionsRepository(db);
  const limiter = createRateLimiter(deps.guests);

  /** Counts a check or redemption attempt; RateLimitedError (429) when the guest or address used up the window. */
  async function limitAttempt(guestId: number, ip: string): Promise<void> {
    await limiter.take(BONUS_ATTEMPTS_PER_IP, ip);
    await limiter.take(BONUS_ATTEMPTS_PER_GUEST, String(guestId));
  }

  /** The spec 7 balance fields of buy and redeem answers: the one balance in coins (rounded down). */
  async function balanceFields(guestId: number) {
    return guestBalanceFields(await wallet.guestBalance(guestId));
  }

  async function publish(guestId: number, event: PromotionsBusEvent): Promise<void> {
    await publishToGuest(bus, guestId, event, log);
  }

  async function vouchersOf(guestId: number) {
    return guestVouchers(await repository.vouchersOf(guestId), now());
  }

  async function announceVouchers(guestId: number): Promise<void> {
    await publish(guestId, {
      type: 'guestVouchers',
      vouchers: presentGuestVouchers(await vouchersOf(guestId)),
    });
  }

  // ----------------------------------------------------------------------------- purchases

  /**
   * The item to buy, offered to a caller from `country`: 403 ACTOR_BLOCKED_IN_COUNTRY when its
   * performer is banned there (spec 6; decision 0018), before anything is charged or written.
   */
  async function itemOf(itemType: ItemType, itemId: number, country: Country) {
    const found = await deps.items[itemType](db, itemId);
    const item = found ? { itemType, ...found } : undefined;
    if (!item) throw new AppError('NOT_FOUND', `No ${itemType} ${itemId}`, 404);
    assertOfferedIn(item.bannedCountryCodes, country);
    if (item.free || item.priceCents <= 0)
      throw new AppError('ITEM_FREE', `This ${itemType} is free: there is nothing to buy`, 409);
    return item;
  }

  async function requireAgeFor(guestId: number, ageRating: number): Promise<void> {
    if (ageRating < FSK18) return;
    const guest = await deps.guests.guestById(guestId);
    if (guest?.avsStatus !== 'accepted')
      throw new AppError('RESTRICTED', 'Verify your age to buy this content', 403);
  }

  /** 409 INCLUDED_IN_VIP for a VIP's VIP or VIP30 video: the membership includes it, nothing is charged. */
  async function refuseIncludedInVip(
    guestId: number,
    item: { free: boolean; vip?: boolean; vip30?: boolean },
  ): Promise<void> {
    const facts = { free: item.free, vip: item.vip === true, vip30: item.vip30 === true };
    if (!deps.isVip || !(facts.vip || facts.vip30)) return;
    if (includedInVip(facts, { isVip: await deps.isVip(guestId) }))
      throw new AppError('INCLUDED_IN_VIP', 'This video is included in your VIP membership', 409);
  }

  /** Pays with a voucher when one matches, in one transaction; null when none does (then money pays). */
  async function buyWithVoucher(
    guestId: number,
    item: { itemType: ItemType; id: number; actorId: number; priceCents: number },
  ): Promise<{ purchase: PurchaseRow; alreadyBought: boolean } | null> {
    try {
      return await db.transaction(async (tx) => {
        const store = createPromotionsRepository(tx);
        const type = ITEM_VOUCHER_TYPE[item.itemType];
        const candidates = await store.lockCandidates(guestId, type, item.actorId, now());
        // Checked after the locks: a parallel request that used the voucher has committed by now.
        const existing = await store.purchaseOf(guestId, item.itemType, item.id);
        if (existing) return { purchase: existing, alreadyBought: true };
        const voucher = pickVoucher(candidates, { type, actorId: item.actorId }, now());
        if (!voucher) return null;
        if (!(await store.consumeOne(voucher.id))) return null;
        const purchase = await store.insertPurchase({
          guestId,
          itemType: item.itemType,
          itemId: item.id,
          priceCents: item.priceCents,
          voucherId: voucher.id,
        });
        // A parallel purchase of the same item won: throwing rolls the voucher unit back.
        if (!purchase) throw new AlreadyBought();
        return { purchase, alreadyBought: false };
      });
    } catch (error) {
      if (error instanceof AlreadyBought || uniqueViolation(error) === 'purchases_guest_item_unique') {
        const existing = await repository.purchaseOf(guestId, item.itemType, item.id);
        if (existing) return { purchase: existing, alreadyBought: true };
      }
      throw error;
    }
  }

  /**
   * Spends one unit of a usable chat-minute voucher (type 2) valid for the performer, once per key.
   * The guest's candidate vouchers are row-locked; the unit and the keyed use row are written in one
   * transaction, and the unique key decides a replay or a race: the first use is answered again and
   * nothing more is spent. Refused with NO_VOUCHER (nothing written) when no unit is usable.
   */
  async function useChatMinuteVoucher(
    guestId: number,
    actorId: number,
    idempotencyKey: string,
  ): Promise<ChatMinuteVoucherUse> {
    const type = VOUCHER_TYPES.videochat;
    const replayOf = (use: VoucherUseRow): ChatMinuteVoucherUse => {
      if (use.guestId !== guestId)
        throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This key was used for another guest', 409);
      return { ok: true, voucherId: use.voucherId, replayed: true };
    };
    try {
      const result = await db.transaction(async (tx): Promise<ChatMinuteVoucherUse> => {
        const store = createPromotionsRepository(tx);
        const candidates = await store.lockCandidates(guestId, type, actorId, now());
        // Checked after the locks: a parallel spend under the same key has committed by now.
        const earlier = await store.voucherUseByKey(idempotencyKey);
        if (earlier) return replayOf(earlier);
        const voucher = pickVoucher(candidates, { type, actorId }, now());
        if (!voucher || !(await store.consumeOne(voucher.id))) return { ok: false, code: 'NO_VOUCHER' };
        const use = await store.insertVoucherUse({ voucherId: voucher.id, guestId, idempotencyKey });
        // A parallel spend under the same key won: throwing rolls this unit back.
        if (!use) throw new VoucherKeyUsed();
        return { ok: true, voucherId: voucher.id, replayed: false };
      });
      if (result.ok && !result.replayed) await announceVouchers(guestId);
      return result;
    } catch (error) {
      if (error instanceof VoucherKeyUsed || uniqueViolation(error) === 'voucher_uses_key_unique') {
        const earlier = await repository.voucherUseByKey(idempotencyKey);
        if (earlier) return replayOf(earlier);
      }
      throw error;
    }
  }

  async function buy(
    guestId: number,
    itemType: ItemType,
    itemId: number,
    requestKey: string,
    country: Country,
  ) {
    const item = await itemOf(itemType, itemId, country);
    await requireAgeFor(guestId, item.ageRating);
    const owned = await repository.purchaseOf(guestId, itemType, itemId);
    if (owned) return { purchase: owned, alreadyBought: true };
    await refuseIncludedInVip(guestId, item);

    const withVoucher = await buyWithVoucher(guestId, item);
    if (withVoucher) {
      if (!withVoucher.alreadyBought) {
        log.info(
          { guestId, itemType, itemId, voucherId: withVoucher.purchase.voucherId },
          'item bought with a voucher',
        );
        await announceVouchers(guestId);
      }
      return withVoucher;
    }

    // The wallet pays, in ONE transaction with the purchase row: never money without the item (or the
    // item without money), whatever fails in between. One ledger key per guest and item: a retry or a
    // parallel request (with any client key) is the same transfer, so an item is never charged twice.
    try {
      const bought = await wallet.atomically(async (tx, ledger) => {
        const transfer = await ledger.purchase(
          guestId,
          item.priceCents,
          `purchase:${guestId}:${itemType}:${itemId}`,
          {
            performerId: item.actorId,
            reference: { itemType, itemId: String(itemId) },
          },
        );
        const inserted = await createPromotionsRepository(tx).insertPurchase({
          guestId,
          itemType,
          itemId,
          priceCents: item.priceCents,
          transferId: transfer.transferId,
        });
        // Bought meanwhile (a voucher or a parallel request won): throwing rolls this charge back.
        if (!inserted) throw new AlreadyBought();
        return inserted;
      });
      log.info({ guestId, itemType, itemId, transferId: bought.transferId, requestKey }, 'item bought');
      return { purchase: bought, alreadyBought: false };
    } catch (error) {
      if (error instanceof AlreadyBought || uniqueViolation(error) === 'purchases_guest_item_unique') {
        const existing = await repository.purchaseOf(guestId, itemType, itemId);
        if (existing) return { purchase: existing, alreadyBought: true };
      }
      throw error;
    }
  }

  // ----------------------------------------------------------------------------- bonus codes

  async function check(guestId: number, input: string) {
    const code = normalizeCode(input);
    const row = await repository.codeByCode(code);
    const redeemed = row ? (await repository.redemptionOf(row.id, guestId)) !== undefined : false;
    const reason = redeemReason(row ?? null, redeemed, now());
    return {
      success: reason === 'OK',
      reason,
      canRedeem: reason === 'OK',
      code,
      reward: row ? presentReward(rewardOf(row)) : null,
      oneTime: row?.maxRedemptions === 1,
    };
  }

  /** Credits a coin redemption (idempotent by its key) and records the transfer on it. */
  async function creditCoins(entry: RedemptionWithCode, cents: number): Promise<number> {
    const { redemption, code } = entry;
    const [promotions, guestWallet] = await Promise.all([
      wallet.accountOf('promotions'),
      wallet.walletOf(redemption.guestId),
    ]);
    const result = await wallet.transfer({
      idempotencyKey: `bonus:${redemption.id}`,
      kind: 'bonus',
      postings: [
        { account: promotions.id, amountCents: -cents },
        { account: guestWallet.id, amountCents: cents },
      ],
      reference: { code: code.code, redemptionId: redemption.id, guestId: redemption.guestId },
    });
    await repository.settleRedemption(redemption.id, result.transferId, null);
    return result.transferId;
  }

  async function redeem(guestId: number, input: string) {
    const code = normalizeCode(input);
    const row = await repository.codeByCode(code);
    const before = redeemReason(
      row ?? null,
      row ? (await repository.redemptionOf(row.id, guestId)) !== undefined : false,
      now(),
    );
    if (before !== 'OK' || !row) throw reasonError(before === 'OK' ? 'UNKNOWN_CODE' : before);
    const reward = rewardOf(row);

    let entry: RedemptionWithCode;
    try {
      entry = await db.transaction(async (tx) => {
        const store = createPromotionsRepository(tx);
        const redemption = await store.insertRedemption(row.id, guestId);
        if (!(await store.countRedemption(row.id, now()))) {
          const fresh = await store.codeByCode(code);
          const reason = redeemReason(fresh ?? null, false, now());
          throw reasonError(reason === 'OK' ? 'EXHAUSTED' : reason);
        }
        if (reward.kind === 'voucher') {
          await store.insertVoucher({
            guestId,
            type: reward.voucherType,
            actorId: reward.actorId,
            amount: reward.amount,
            remaining: reward.amount,
            source: 'bonus-code',
            sourceRef: String(redemption.id),
            expiresAt:
              reward.validDays === null ? null : new Date(now().getTime() + reward.validDays * DAY_MS),
          });
        }
        return { redemption, code: row };
      });
    } catch (error) {
      if (uniqueViolation(error) === 'bonus_redemptions_code_guest_unique')
        throw reasonError('ALREADY_REDEEMED');
      throw error;
    }

    let creditedCents = 0;
    if (reward.kind === 'coins') {
      await creditCoins(entry, reward.cents);
      creditedCents = reward.cents;
    }
    log.info(
      { guestId, code, redemptionId: entry.redemption.id, reward: reward.kind },
      'bonus code redeemed',
    );
    const rewardView = presentReward(reward);
    const pending = reward.kind === 'ontop';
    await publish(guestId, { type: 'bonusCodeRedeemed', code, reward: rewardView, pending });
    await deps.notify?.(guestId, {
      type: NOTIFICATION_TYPES.bonusCodeRedeemed,
      params: { code },
      url: null,
      dedupeKey: `bonusCode:${code}`,
    });
    const vouchers = presentGuestVouchers(await vouchersOf(guestId));
    if (reward.kind === 'voucher') await publish(guestId, { type: 'guestVouchers', vouchers });
    return {
      success: true as const,
      code,
      reward: rewardView,
      pending,
      creditedCents,
      vouchers,
      ...(await balanceFields(guestId)),
    };
  }

  /** Spec 7 `promo/hasGuestNotRedeemedOnTopCodeInstance`: the guest holds this on-top code, its bonus not yet paid. */
  async function hasPendingOnTop(guestId: number, input: string): Promise<boolean> {
    const code = normalizeCode(input);
    return (await repository.pendingOnTop(guestId)).some((entry) => entry.code.code === code);
  }

  async function remainingCodes(guestId: number) {
    return (await repository.pendingOnTop(guestId)).map((entry) => ({
      code: entry.code.code,
      reward: presentReward(rewardOf(entry.code)),
      redeemedAt: entry.redemption.createdAt.toISOString(),
    }));
  }

  /** Credits an on-top bonus of `cents` for the top-up `change`; null when the bonus rounds to 0. */
  async function payOnTop(
    entry: RedemptionWithCode,
    cents: number,
    change: WalletChange,
  ): Promise<number | null> {
    if (cents <= 0) return null;
    const [promotions, guestWallet] = await Promise.all([
      wallet.accountOf('promotions'),
      wallet.walletOf(change.guestId),
    ]);
    const result = await wallet.transfer({
      idempotencyKey: `ontop:${entry.redemption.id}`,
      kind: 'bonus',
      postings: [
        { account: promotions.id, amountCents: -cents },
        { account: guestWallet.id, amountCents: cents },
      ],
      reference: {
        code: entry.code.code,
        redemptionId: entry.redemption.id,
        guestId: change.guestId,
        topUpTransferId: change.transferId,
      },
    });
    return result.transferId;
  }

  /** A succeeded top-up pays every pending on-top bonus of the guest (wallet.onWalletChange). */
  async function onWalletChange(change: WalletChange): Promise<void> {
    if (change.kind !== 'top-up' || change.amountCents <= 0) return;
    const pending = await repository.pendingOnTop(change.guestId);
    if (pending.length === 0) return;
    const reference = await wallet.transferReference(change.transferId);
    const chargeId = await deps.chargeIdOf(change.guestId, reference?.chargeId);
    for (const entry of pending) {
      const reward = rewardOf(entry.code);
      if (reward.kind !== 'ontop') continue;
      const cents = onTopBonusCents(reward, change.amountCents);
      let transferId: number | null = null;
      try {
        transferId = await payOnTop(entry, cents, change);
      } catch (error) {
        // A concurrent top-up paid this redemption first (same key, other amount): paid once.
        if (error instanceof AppError && error.code === 'IDEMPOTENCY_KEY_REUSED') continue;
        throw error;
      }
      if (transferId !== null || chargeId !== null) {
        await repository.settleRedemption(entry.redemption.id, transferId, chargeId);
      }
      log.info(
        { guestId: change.guestId, redemptionId: entry.redemption.id, cents, chargeId },
        'on-top bonus credited',
      );
    }
  }

  /** Coin redemptions committed without their credit (crash in between): credit them now. */
  async function settleUnsettled(): Promise<number> {
    let settled = 0;
    for (const entry of await repository.unsettledCoinRedemptions(500)) {
      const reward = parseReward(entry.code.reward);
      if (reward?.kind !== 'coins') continue;
      try {
        await creditCoins(entry, reward.cents);
        settled += 1;
      } catch (error) {
        log.error({ err: error, redemptionId: entry.redemption.id }, 'bonus credit could not be settled');
      }
    }
    return settled;
  }

  // ----------------------------------------------------------------------------- operator

  async function createCode(input: {
    code: string;
    reward: BonusReward;
    maxRedemptions: number | null;
    validFrom: Date | null;
    validUntil: Date | null;
    active: boolean;
  }) {
    const reward = parseReward(input.reward);
    if (!reward) throw new AppError('VALIDATION_ERROR', 'reward: not a valid reward', 400);
    const row = await repository.insertCode({
      code: input.code,
      reward: reward as unknown as Record<string, unknown>,
      maxRedemptions: input.maxRedemptions,
      onTop: reward.kind === 'ontop',
      validFrom: input.validFrom,
      validUntil: input.validUntil,
      active: input.active,
    });
    if (!row) throw new AppError('BONUS_CODE_EXISTS', `The code ${input.code} exists already`, 409);
    return { row, reward };
  }

  async function listCodes(limit: number, before?: number) {
    const rows = await repository.listCodes(limit, before);
    return rows.map((row) => ({ row, reward: rewardOf(row) }));
  }

  async function grantVoucher(
    guestId: number,
    input: {
      idempotencyKey: string;
      type: VoucherType;
      amount: number;
      actorId: number | null;
      validDays: number | null;
    },
  ) {
    const result = await db.transaction(async (tx) => {
      const store = createPromotionsRepository(tx);
      if (!(await deps.guests.lockGuestIn(tx, guestId)))
        throw new AppError('NOT_FOUND', `No guest ${guestId}`, 404);
      const earlier = await store.voucherBySource(guestId, 'operator', input.idempotencyKey);
      if (earlier) {
        if (
          earlier.type !== input.type ||
          earlier.amount !== input.amount ||
          earlier.actorId !== input.actorId
        )
          throw new AppError(
            'IDEMPOTENCY_KEY_REUSED',
            'This idempotency key was used for another grant',
            409,
          );
        return { voucher: earlier, replayed: true };
      }
      const voucher = await store.insertVoucher({
        guestId,
        type: input.type,
        actorId: input.actorId,
        amount: input.amount,
        remaining: input.amount,
        source: 'operator',
        sourceRef: input.idempotencyKey,
        expiresAt: input.validDays === null ? null : new Date(now().getTime() + input.validDays * DAY_MS),
      });
      return { voucher, replayed: false };
    });
    if (!result.replayed) await announceVouchers(guestId);
    return result;
  }

  return {
    limitAttempt,
    buy,
    async purchasesOf(guestId: number, limit = 100) {
      return (await repository.purchasesOf(guestId, limit)).map(presentPurchase);
    },
    async vouchers(guestId: number, actorId?: number) {
      const lots = await repository.vouchersOf(guestId);
      return {
        vouchers: presentGuestVouchers(guestVouchers(lots, now())),
        counts: Object.fromEntries(
          Object.entries(voucherCounts(lots, now(), actorId)).map(([type, count]) => [String(type), count]),
        ),
        actorId: actorId === undefined ? null : String(actorId),
      };
    },
    useChatMinuteVoucher,
    /** Sends the guest's pages their vouchers now (`guestVouchers`): after another module spent some. */
    announceVouchers,
    /** The chat minutes the guest's usable type-2 vouchers pay with this performer. */
    async chatMinuteVouchers(guestId: number, actorId: number): Promise<number> {
      return voucherChatMinutesFor(await repository.vouchersOf(guestId), actorId, now());
    },
    check,
    redeem,
    hasPendingOnTop,
    remainingCodes,
    async benefits(guestId: number) {
      const [lots, redemptions] = await Promise.all([
        repository.allVouchersOf(guestId),
        repository.redemptionsOf(guestId),
      ]);
      return [
        ...voucherBenefits(lots, now()),
        ...redemptions.flatMap((entry) => {
          const reward = parseReward(entry.code.reward);
          return reward ? [redemptionBenefit(entry, reward)] : [];
        }),
      ];
    },
    onWalletChange,
    settleUnsettled,
    createCode,
    listCodes,
    grantVoucher,
    guestExists: async (guestId: number) => (await deps.guests.guestById(guestId)) !== undefined,
    balanceFields,
  };
}

class AlreadyBought extends Error {}
class VoucherKeyUsed extends Error {}

/** The answer of a chat-minute spend: the use (first or replayed), or refused when none is left. */
type ChatMinuteVoucherUse =
  | { ok: true; voucherId: number; replayed: boolean }
  | { ok: false; code: 'NO_VOUCHER' };

export type PromotionsService = ReturnType<typeof createPromotionsService>;
