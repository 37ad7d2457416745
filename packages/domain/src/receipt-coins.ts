/**
 * The coins of an itemised receipt (the live chat's minutes, issue 16): whole coins per line (spec 9:
 * coins have no decimals, 1 EUR = 4 coins rounded up) that add up to the total.
 *
 * Rounding each line up on its own (`coinsForEuroCents` per minute) made the lines add up to more
 * than the total the ledger moved: three minutes of 110 cents showed 5 coins each, 15 coins, for
 * 330 cents = 13.2 coins (14 shown). Here line i shows the coins of the running total after it minus those
 * before it, each running total rounded up once (`coinsForEuroCents`). So:
 * - the lines add up to the total in coins, `coinsForEuroCents(sum of cents)`, which is what `chatEnd`
 *   and the cost meter show (`spent` after minute i is the sum of lines 0..i);
 * - every line is its exact coin value rounded down or up (never more than one coin off), and the
 *   cents the ledger moved stay on each line as they are.
 */
import { coinsForEuroCents } from './coins.ts';

export function receiptCoinLines(cents: readonly number[]): number[] {
  let runningCents = 0;
  let shown = 0;
  return cents.map((amount) => {
    runningCents += amount;
    const upToHere = coinsForEuroCents(runningCents);
    const line = upToHere - shown;
    shown = upToHere;
    return line;
  });
}
