/**
 * Tips and live reactions in a live session (issue 18 deliverable 2, decision 0052). Spec 5: a tip
 * is sent in coins (`amountCoins`), the euro amount stays empty; the ledger moves cents (1 coin = 25
 * cents, coins.ts), kind `tip`, key `tip:<sessionId>:<tipId>`.
 */
import { CHAT_TYPES, type ChatType } from './chat-types.ts';
import { CENTS_PER_COIN } from './coins.ts';

/** The smallest and the largest tip in coins (the largest: 250 EUR, a slip of the finger costs no more). */
export const TIP_MIN_COINS = 1;
export const TIP_MAX_COINS = 1000;
/** The amounts the chat's picker offers (any whole amount in range is accepted). */
export const TIP_PRESET_COINS = [5, 10, 20, 50, 100] as const;

/** The chat types in which a guest may tip: every one but the free ones (free chat, live preview). */
export const TIP_CHAT_TYPES: readonly ChatType[] = CHAT_TYPES.filter(
  (type) => type !== 'free-chat' && type !== 'live-preview',
);

export function isValidTipCoins(coins: unknown): coins is number {
  return (
    typeof coins === 'number' && Number.isInteger(coins) && coins >= TIP_MIN_COINS && coins <= TIP_MAX_COINS
  );
}

/** The cents a tip of `coins` moves (whole coins: no rounding). */
export function tipCents(coins: number): number {
  if (!isValidTipCoins(coins)) throw new RangeError(`Invalid tip ${coins}`);
  return coins * CENTS_PER_COIN;
}

/** The ledger key of a tip: a tip sent twice with one tipId is charged once. */
export const tipKey = (sessionId: string, tipId: string) => `tip:${sessionId}:${tipId}`;

/** Spec 7 `liveReaction`: the fixed set a viewer of a public show may send. */
export const LIVE_REACTIONS = ['heart', 'fire', 'clap', 'laugh', 'wow'] as const;
export type LiveReaction = (typeof LIVE_REACTIONS)[number];
/** The chat types whose show is public: their viewers see each other's reactions. */
export const PUBLIC_SHOW_CHAT_TYPES = ['live-show', 'voyeur-chat', 'free-chat', 'live-preview'] as const;
/** Reactions per guest: at most this many within the window (a burst of taps is not a flood). */
export const REACTION_LIMIT = 5;
export const REACTION_WINDOW_MS = 10_000;

/**
 * A sliding-window limiter per key (the guest): true when the reaction may go out now. Pure over the
 * given timestamps list, which it trims and appends to.
 */
export function allowReaction(sent: number[], now: number): boolean {
  while (sent.length > 0 && (sent[0] ?? 0) <= now - REACTION_WINDOW_MS) sent.shift();
  if (sent.length >= REACTION_LIMIT) return false;
  sent.push(now);
  return true;
}
