/**
 * In-session interaction of the live module (issue 18 deliverable 2, decision 0052): tips, toy actions
 * and live reactions, each for the asking guest's own running session (another guest's is 404 like
 * none, a session not running 409 LIVE_SESSION_NOT_ACTIVE).
 *
 * - A tip is one ledger transfer `tip:<session>:<tipId>` (kind `tip`, the performer's share) and its
 *   `live_tips` row, committed together; a resent tipId is the same tip, charged once. Too little
 *   money is 402 NOT_ENOUGH_MONEY and changes nothing. The committed transfer reaches the billing
 *   loop as `fundsChanged` (the wallet's change listener, live.module.ts), so the minutes after it are
 *   never charged beyond what is left.
 * - A toy action is the toys module's (toys.service.ts: charge, log, command, refund once if the toy
 *   refuses), in a livechat or video call, context `live:<session>`.
 * - A reaction goes to the performer and to every guest watching the performer's public show.
 * What happened reaches every open page of the guest (`liveTip`, `toyAction`, `toyState`) and the
 * performer (performer API events `guestTip`, `toyAction`, `liveReaction`).
 */
import type { GuestSocketEvent } from '@vela/contracts/socket';
import type { LiveReaction } from '@vela/domain/tips';
import {
  allowReaction,
  isValidTipCoins,
  PUBLIC_SHOW_CHAT_TYPES,
  TIP_CHAT_TYPES,
  tipCents,
  tipKey,
} from '@vela/domain/tips';
import type { ToyPreset } from '@vela/domain/toy-control';
import { AppError } from '../../../http/errors.ts';
import { coins, toyStateView } from '../../toys/toys.presenter.ts';
import type { ToysService } from '../../toys/toys.service.ts';
import type { WalletService } from '../../wallet/wallet.service.ts';
import type { LiveRepository, LiveSessionRow } from '../live.repository.ts';
import type { LiveTipRow, TipsRepository } from './tips.repository.ts';

/** Chat types with a toy: the exclusive ones (the performer's toy answers one guest). */
export const TOY_CHAT_TYPES = ['livechat', 'video-call'] as const;

/** What the performer hears of the interaction (live.performer.ts's desk). */
export type PerformerInteraction =
  | { type: 'guestTip'; sessionId: string; amountCoins: number; guestName: string }
  | { type: 'toyAction'; sessionId: string; level: number; durationMs: number; guestName: string }
  | { type: 'liveReaction'; sessionId: string; reaction: LiveReaction };

export interface LiveInteractionDeps {
  live: Pick<LiveRepository, 'sessionById'>;
  tips: TipsRepository;
  wallet: Pick<WalletService, 'atomically'>;
  toys?: Pick<ToysService, 'act' | 'control'>;
  guestName: (guestId: number) => Promise<string>;
  publish: (guestId: number, event: GuestSocketEvent) => Promise<unknown>;
  performer?: (actorId: number, event: PerformerInteraction) => void;
  now: () => number;
}

export const tipView = (row: LiveTipRow) => ({
  sessionId: row.sessionId,
  tipId: row.tipId,
  amountCoins: row.coins,
  at: row.at.toISOString(),
});

const notFound = () => new AppError('LIVE_SESSION_NOT_FOUND', 'No such chat', 404);
const notActive = (message: string) => new AppError('LIVE_SESSION_NOT_ACTIVE', message, 409);

export function createLiveInteraction(deps: LiveInteractionDeps) {
  /** Reactions sent per guest (the sliding window of allowReaction). */
  const reactions = new Map<number, number[]>();
  /** The toys whose changes a guest's pages follow (until idle): `${guestId}:${actorId}` → unsubscribe. */
  const following = new Map<string, () => void>();

  async function running(guestId: number, sessionId: string, types: readonly string[], what: string) {
    const row = await deps.live.sessionById(sessionId);
    if (!row || row.guestId !== guestId) throw notFound();
    if (row.status !== 'running') throw notActive('The chat is not running');
    if (!types.includes(row.type)) throw notActive(`No ${what} in this kind of chat`);
    return row;
  }

  const later = (work: Promise<unknown>) => void work.catch(() => undefined);

  /** The guest's pages follow the toy until it is idle again. */
  function follow(guestId: number, row: LiveSessionRow): void {
    const control = deps.toys?.control;
    if (!control) return;
    const key = `${guestId}:${row.actorId}`;
    if (following.has(key)) return;
    const unsubscribe = control.subscribe(row.actorId, (state) => {
      later(deps.publish(guestId, { type: 'toyState', ...toyStateView(row.actorId, state) }));
      if (state.status === 'idle') {
        following.get(key)?.();
        following.delete(key);
      }
    });
    following.set(key, unsubscribe);
  }

  return {
    async tip(guestId: number, sessionId: string, tipId: string, amountCoins: number) {
      if (!isValidTipCoins(amountCoins)) throw new AppError('VALIDATION_ERROR', 'Invalid tip amount', 400);
      const row = await running(guestId, sessionId, TIP_CHAT_TYPES, 'tips');
      const cents = tipCents(amountCoins);
      const { tip, fresh } = await deps.wallet.atomically(async (tx, ledger) => {
        const charge = await ledger.purchase(guestId, cents, tipKey(sessionId, tipId), {
          kind: 'tip',
          performerId: row.actorId,
          reference: { sessionId },
        });
        const stored = await deps.tips.insert(tx, {
          sessionId,
          tipId,
          guestId,
          actorId: row.actorId,
          coins: amountCoins,
          cents,
          transferId: charge.transferId,
          at: new Date(deps.now()),
        });
        return { tip: stored, fresh: !charge.replayed };
      });
      const view = tipView(tip);
      if (fresh) {
        later(deps.publish(guestId, { type: 'liveTip', ...view }));
        const guestName = await deps.guestName(guestId).catch(() => '');
        deps.performer?.(row.actorId, { type: 'guestTip', sessionId, amountCoins, guestName });
      }
      return view;
    },

    tipsOf: async (sessionId: string) => (await deps.tips.tipsOf(sessionId)).map(tipView),

    async toy(guestId: number, sessionId: string, actionId: string, preset: ToyPreset) {
      const toys = deps.toys;
      if (!toys) throw new AppError('TOY_NOT_AVAILABLE', 'Toy control is not available', 409);
      const row = await running(guestId, sessionId, TOY_CHAT_TYPES, 'toy control');
      const guestName = await deps.guestName(guestId).catch(() => '');
      const { action, fresh, state } = await toys.act({
        guestId,
        actorId: row.actorId,
        context: `live:${sessionId}`,
        actionId,
        preset,
        by: guestName,
      });
      const view = {
        sessionId,
        actionId: action.actionId,
        preset: action.preset as ToyPreset,
        level: action.level,
        durationMs: action.durationMs,
        price: coins(action.cents),
        status: action.status as 'done' | 'refunded',
        at: action.createdAt.toISOString(),
      };
      if (fresh) {
        later(deps.publish(guestId, { type: 'toyAction', ...view }));
        if (view.status === 'done') {
          // The pages see the toy now, and each change until it is idle again.
          later(deps.publish(guestId, { type: 'toyState', ...toyStateView(row.actorId, state) }));
          follow(guestId, row);
          deps.performer?.(row.actorId, {
            type: 'toyAction',
            sessionId,
            level: view.level,
            durationMs: view.durationMs,
            guestName,
          });
        }
      }
      return view;
    },

    /** A reaction in the guest's running public show: to the performer and every viewer of it. */
    async reaction(guestId: number, sessionId: string, reaction: LiveReaction): Promise<void> {
      const row = await running(guestId, sessionId, PUBLIC_SHOW_CHAT_TYPES, 'reactions');
      // The windows of guests gone quiet are dropped wholesale now and then (a bounded map).
      if (!reactions.has(guestId) && reactions.size >= 10_000) reactions.clear();
      const sent = reactions.get(guestId) ?? [];
      reactions.set(guestId, sent);
      if (!allowReaction(sent, deps.now())) {
        throw new AppError('RATE_LIMITED', 'Too many reactions; wait a few seconds', 429);
      }
      const at = new Date(deps.now()).toISOString();
      const viewers = await deps.tips.viewersOf(row.actorId, PUBLIC_SHOW_CHAT_TYPES);
      await Promise.all(
        viewers.map((viewer) =>
          deps.publish(viewer, { type: 'liveReaction', actorId: row.actorId, reaction, at }),
        ),
      );
      deps.performer?.(row.actorId, { type: 'liveReaction', sessionId, reaction });
    },

    close(): void {
      for (const unsubscribe of following.values()) unsubscribe();
      following.clear();
    },
  };
}
export type LiveInteraction = ReturnType<typeof createLiveInteraction>;
