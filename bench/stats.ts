/** Numbers of the bench reports (shared by the benches). */

/** The p-th percentile of ascending `sorted` (nearest rank); 0 when there is none. */
export const percentile = (sorted: ArrayLike<number>, p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** `n` rounded to `digits` decimals. */
export const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
