/**
 * The one producer of a guest balance in coins (spec 9; issue 14). Every balance that leaves the
 * server — `guest/me` and GraphQL `Guest`, `guest/getGuestBalance`, the answers of `album/{id}/buy`,
 * `video/{id}/buy`, `guest/redeemBonus` and GraphQL `redeemBonusCode`, the `guestBalance` socket
 * event and the socket's resync snapshot — and every balance a dialog shows is made here, so no two
 * of them can disagree.
 *
 * A balance rounds DOWN (`balanceCoinsForEuroCents`): prices round up (`coinsForEuroCents`), so a
 * balance that shows at least an item's coins always covers its price. `coinsForEuroCents` is for
 * prices and amounts only, never for a balance.
 */
import { balanceCoinsForEuroCents } from './coins.ts';
import { formatAmount } from './money-format.ts';

export interface CoinBalance {
  /** The wallet balance in cents (the ledger's figure). */
  cents: number;
  /** Whole coins, rounded down. */
  coins: number;
  /** The coins with spec 9 digits ("1.234"). */
  formatted: string;
}

export function coinBalanceOf(cents: number): CoinBalance {
  const coins = balanceCoinsForEuroCents(cents);
  return { cents, coins, formatted: formatAmount(coins, 'VXC') };
}

/** The spec 7 balance fields (`guestBalance` socket message, buy and redeem answers) of a balance in cents. */
export function guestBalanceFields(cents: number): {
  guestBalance: number;
  guestBalanceFormatted: string;
  guestBalanceCents: number;
} {
  const balance = coinBalanceOf(cents);
  return {
    guestBalance: balance.coins,
    guestBalanceFormatted: balance.formatted,
    guestBalanceCents: balance.cents,
  };
}
