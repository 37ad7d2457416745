/**
 * One node's live service and billing loop on a test database, with a clock the test moves: the
 * wiring of live.module.ts with the real wallet, guests, catalog and promotions reads (live-*.test.ts).
 */
import type { Db } from '@vela/db/client';
import { DEFAULT_CHAT_SESSION_SETTINGS } from '@vela/domain/chat-session';
import { createActorChatReads } from '../src/modules/catalog/actor-chat.ts';
import { createGuestsRepository } from '../src/modules/guests/guests.repository.ts';
import {
  createLiveLoop,
  type LiveLoop,
  type LiveLoopDeps,
  type LiveVouchers,
  type LiveWallet,
} from '../src/modules/live/live.loop.ts';
import { createLiveRepository } from '../src/modules/live/live.repository.ts';
import { createLiveService, type LiveService } from '../src/modules/live/live.service.ts';
import type { PerformerDesk } from '../src/modules/live/performer-desk.ts';
import { payingCustomerSql } from '../src/modules/payments/payments.repository.ts';
import type { ChatRatingWrites } from '../src/modules/performers/chat-ratings.ts';
import { subscribedSql } from '../src/modules/subscriptions/subscriptions.repository.ts';
import { guestBalanceSql } from '../src/modules/wallet/wallet.repository.ts';
import { createWalletService } from '../src/modules/wallet/wallet.service.ts';
import { promotionsOn } from './promotions-port.ts';

export interface LiveNode {
  service: LiveService;
  loop: LiveLoop;
  clock: { now: number };
}

const silent = { info() {}, warn() {}, error() {} };

export function liveNodeOn(
  db: Db,
  options: {
    minuteMs: number;
    nodeId: string;
    wallet?: LiveWallet;
    /** The real chat-minute vouchers of promotions unless given. */
    vouchers?: LiveVouchers;
    /** The loop's socket events (liveMeter, chatEnd); dropped unless given. */
    publish?: LiveLoopDeps['publish'];
    /** The performer side (live.performer.ts) the service and loop tell; none unless given. */
    performer?: PerformerDesk;
    /** The performers module's chat ratings (survey/chatexit is reported there); none unless given. */
    ratings?: ChatRatingWrites;
    /** The clock; the test's clock (`clock.now`, moved by the test) unless given (bench/live-billing.ts: the wall clock). */
    now?: () => number;
  },
): LiveNode {
  const clock = { now: Date.UTC(2026, 10, 26, 12) };
  const now = options.now ?? (() => clock.now);
  const wallet = options.wallet ?? createWalletService({ db });
  const vouchers = options.vouchers ?? promotionsOn(db);
  const repository = createLiveRepository(db);
  const loop = createLiveLoop({
    repository,
    wallet,
    vouchers,
    nodeId: options.nodeId,
    now,
    publish: options.publish ?? (async () => true),
    log: silent,
    performer: options.performer,
  });
  const service = createLiveService({
    repository,
    loop,
    wallet,
    vouchers,
    guests: createGuestsRepository(db, {
      balanceCents: guestBalanceSql,
      isPayingCustomer: payingCustomerSql,
      subscribed: subscribedSql,
    }),
    actors: createActorChatReads(db),
    settings: { ...DEFAULT_CHAT_SESSION_SETTINGS, minuteMs: options.minuteMs },
    nodeId: options.nodeId,
    leaseMs: 10_000,
    now,
    performer: options.performer,
    ...(options.ratings ? { ratings: options.ratings } : {}),
  });
  return { service, loop, clock };
}

/** A livechat the performer accepted, with media flowing to the guest from the clock's now. */
export async function runningChat(live: LiveNode, guestId: number, actorId: number): Promise<string> {
  const started = await live.service.start({ guestId, actorId, type: 'livechat', country: null });
  if (!started.ok) throw new Error(`not started: ${started.code}`);
  if (started.status !== 'requested') throw new Error(`started as ${started.status}`);
  await live.service.event(started.sessionId, { type: 'performerAccepted' });
  await live.service.event(started.sessionId, { type: 'mediaUp' });
  const status = (await live.service.sessionById(started.sessionId))?.status;
  if (status !== 'running') throw new Error(`not running after accept and media up: ${status}`);
  return started.sessionId;
}

/** Moves the clock to `ms` after `from` and ticks the loop. */
export async function tickAt(live: LiveNode, from: number, ms: number): Promise<void> {
  live.clock.now = from + ms;
  await live.loop.tick();
}
