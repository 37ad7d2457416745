/** Coins (spec 9): 1 EUR = 4 coins, rounded up; coins have no decimals. 1 coin = 25 cents. */
export const COINS_PER_EUR = 4;
export const CENTS_PER_COIN = 100 / COINS_PER_EUR;

/**
 * Coins shown for a euro PRICE or amount in cents: always a whole number, rounded up. Never for a
 * balance: a balance is `coinBalanceOf` (./coin-balance.ts), rounded down.
 */
export function coinsForEuroCents(cents: number): number {
  if (!Number.isInteger(cents) || cents < 0) throw new RangeError(`Invalid cent amount ${cents}`);
  return Math.ceil(cents / CENTS_PER_COIN);
}

/**
 * Coins shown for a wallet balance: rounded DOWN. Prices round up (spec 9), so a balance that shows
 * at least an item's coins always covers its price: 10,01 € shows 40 coins, never the 41 coins of a
 * 10,25 € item it cannot pay.
 */
export function balanceCoinsForEuroCents(cents: number): number {
  if (!Number.isInteger(cents)) throw new RangeError(`Invalid cent amount ${cents}`);
  return Math.floor(cents / CENTS_PER_COIN);
}
