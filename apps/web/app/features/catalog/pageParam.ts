/**
 * The `page` query of a listing: absent means page 1; otherwise a positive integer without sign,
 * leading zeros or decimals. Anything else is null (the page answers 404: no such page).
 */
export function parsePageParam(value: string | null): number | null {
  if (value === null) return 1;
  if (!/^[1-9]\d{0,5}$/.test(value)) return null;
  return Number(value);
}
