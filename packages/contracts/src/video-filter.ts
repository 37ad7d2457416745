/**
 * The spec 3 video filter without zod: its shape, its bounds and a hand-written check, for the listing
 * pages that read the filter from the URL in the browser. videos.ts builds `VideoFilterSchema` from the
 * same bounds and re-exports the type; a page that imports a module with schemas gets those schemas,
 * and zod, in its first load (issue 15, decision 0035). video-filter.test.ts proves that the schema
 * and `parseVideoFilter` accept and reject the same inputs.
 */
import {
  ACTING_GROUPS,
  type ActingGroup,
  VIDEO_LIMIT_MAX,
  VIDEO_TYPES,
  type VideoType,
} from '@vela/domain/video-listings';

/** Spec 3 video filter. Every list is bounded so a request stays one index-backed query. */
export interface VideoFilter {
  modelIds?: number[] | undefined;
  actingGroups?: ActingGroup[] | undefined;
  ids?: number[] | undefined;
  tags?: string[] | undefined;
  releasedFrom?: string | undefined;
  releasedUntil?: string | undefined;
  types?: VideoType[] | undefined;
}

export const VIDEO_FILTER_MODEL_IDS_MAX = 100;
export const VIDEO_FILTER_IDS_MAX = VIDEO_LIMIT_MAX;
export const VIDEO_FILTER_TAGS_MAX = 20;
export const VIDEO_FILTER_TAG_MAX_LENGTH = 60;
export const VIDEO_FILTER_DATE_MAX_LENGTH = 40;

/** A day (YYYY-MM-DD) or an ISO instant (at most VIDEO_FILTER_DATE_MAX_LENGTH characters apart). */
export function isFilterDate(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}/.test(text) && !Number.isNaN(Date.parse(text));
}

const KEYS = [
  'modelIds',
  'actingGroups',
  'ids',
  'tags',
  'releasedFrom',
  'releasedUntil',
  'types',
] as const satisfies readonly (keyof VideoFilter)[];

const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

function listOf<T>(value: unknown, max: number, item: (entry: unknown) => T | undefined): T[] | null {
  if (!Array.isArray(value) || value.length > max) return null;
  const out: T[] = [];
  for (const entry of value) {
    const checked = item(entry);
    if (checked === undefined) return null;
    out.push(checked);
  }
  return out;
}

const oneOf =
  <T extends string>(allowed: readonly T[]) =>
  (entry: unknown): T | undefined =>
    typeof entry === 'string' && (allowed as readonly string[]).includes(entry) ? (entry as T) : undefined;

function tag(entry: unknown): string | undefined {
  if (typeof entry !== 'string') return undefined;
  const trimmed = entry.trim();
  return trimmed.length >= 1 && trimmed.length <= VIDEO_FILTER_TAG_MAX_LENGTH ? trimmed : undefined;
}

const date = (value: unknown): string | null =>
  typeof value === 'string' && value.length <= VIDEO_FILTER_DATE_MAX_LENGTH && isFilterDate(value)
    ? value
    : null;

/**
 * The filter as `VideoFilterSchema` parses it (tags trimmed, unknown keys rejected), or null where the
 * schema would fail.
 */
export function parseVideoFilter(input: unknown): VideoFilter | null {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return null;
  const record = input as Record<string, unknown>;
  if (Object.keys(record).some((key) => !(KEYS as readonly string[]).includes(key))) return null;
  const filter: Record<string, unknown> = {};
  const checks: Record<keyof VideoFilter, (value: unknown) => unknown> = {
    modelIds: (v) => listOf(v, VIDEO_FILTER_MODEL_IDS_MAX, (e) => (isId(e) ? e : undefined)),
    actingGroups: (v) => listOf(v, ACTING_GROUPS.length, oneOf(ACTING_GROUPS)),
    ids: (v) => listOf(v, VIDEO_FILTER_IDS_MAX, (e) => (isId(e) ? e : undefined)),
    tags: (v) => listOf(v, VIDEO_FILTER_TAGS_MAX, tag),
    releasedFrom: date,
    releasedUntil: date,
    types: (v) => listOf(v, VIDEO_TYPES.length, oneOf(VIDEO_TYPES)),
  };
  // The schema's key order, so a filter serializes the same whichever check read it.
  for (const key of KEYS) {
    if (record[key] === undefined) continue;
    const checked = checks[key](record[key]);
    if (checked === null) return null;
    filter[key] = checked;
  }
  return filter as VideoFilter;
}
