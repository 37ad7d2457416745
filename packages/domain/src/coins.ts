/** Coins (spec 9): 1 EUR = 4 coins, rounded up; coins have no decimals. 1 coin = 25 cents. */
export const COINS_PER_EUR = 4;
export const CENTS_PER_COIN = 100 / COINS_PER_EUR;

/** Coins shown for a euro amount in cents: always a whole number, rounded up. */
export function coinsForEuroCents(cents: number): number {
  if (!Number.isInteger(cents) || cents < 0) throw new RangeError(`Invalid cent amount ${cents}`);
  return Math.ceil(cents / CENTS_PER_COIN);
}
