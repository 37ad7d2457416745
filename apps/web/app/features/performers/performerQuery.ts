/**
 * The /cams/ query string: `gender`, `type` (performer group), `lang` (spoken language),
 * `online=1`, `order` and `page`. Absent values mean "any"; an unknown value is invalid (the
 * page answers 400) rather than silently ignored.
 */
import { ACTOR_GENDERS, ACTOR_TYPES, PERFORMER_ORDERS } from '@vela/contracts/performer-options';
import type { PerformerFilter, PerformerOrder } from '@vela/contracts/performers';
import { LANGUAGES } from '../i18n/language.ts';

export interface CamsQuery {
  filter: PerformerFilter;
  order: PerformerOrder;
}

const oneOf = <T extends string>(values: readonly T[], value: string): T | undefined =>
  values.find((v) => v === value);

/** The filter and order of a /cams/ URL, or null when a parameter has an unknown value. */
export function parseCamsQuery(params: URLSearchParams): CamsQuery | null {
  const filter: PerformerFilter = {};
  const gender = params.get('gender');
  if (gender) {
    const value = oneOf(ACTOR_GENDERS, gender);
    if (!value) return null;
    filter.gender = value;
  }
  const type = params.get('type');
  if (type) {
    const value = oneOf(ACTOR_TYPES, type);
    if (!value) return null;
    filter.actorType = value;
  }
  const language = params.get('lang');
  if (language) {
    const value = oneOf(LANGUAGES, language);
    if (!value) return null;
    filter.language = value;
  }
  const online = params.get('online');
  if (online !== null && online !== '') {
    if (online !== '1') return null;
    filter.onlineOnly = true;
  }
  const orderParam = params.get('order');
  let order: PerformerOrder = 'ranking';
  if (orderParam) {
    const value = oneOf(PERFORMER_ORDERS, orderParam);
    if (!value) return null;
    order = value;
  }
  return { filter, order };
}

/** The query string of a filter and order (without page), e.g. `gender=F&order=newest`; '' for the defaults. */
export function camsSearch(query: CamsQuery): string {
  const params = new URLSearchParams();
  if (query.filter.gender) params.set('gender', query.filter.gender);
  if (query.filter.actorType) params.set('type', query.filter.actorType);
  if (query.filter.language) params.set('lang', query.filter.language);
  if (query.filter.onlineOnly) params.set('online', '1');
  if (query.order !== 'ranking') params.set('order', query.order);
  return params.toString();
}
