/** The pro search form as strings (what the inputs hold) and its conversion to the search filter. */
import {
  ACTOR_SEARCH_CATEGORY_NEW,
  type ActorSearchFilter,
  ActorSearchFilterSchema,
} from '@vela/contracts/prosearch';

export interface FormValues {
  zip: string;
  radiusKm: string;
  searchCategory: string;
  categoryId: string;
  gender: string;
  actorType: string;
  language: string;
  ageFrom: string;
  ageTo: string;
  onlineOnly: boolean;
  sort: string;
}

export function formOfFilter(filter: ActorSearchFilter): FormValues {
  return {
    zip: filter.zip ?? '',
    radiusKm: filter.radiusKm === undefined ? '' : String(filter.radiusKm),
    searchCategory: String(filter.searchCategory),
    categoryId: filter.categoryId === undefined ? '' : String(filter.categoryId),
    gender: filter.gender ?? '',
    actorType: filter.actorType ?? '',
    language: filter.language ?? '',
    ageFrom: filter.ageFrom === undefined ? '' : String(filter.ageFrom),
    ageTo: filter.ageTo === undefined ? '' : String(filter.ageTo),
    onlineOnly: filter.onlineOnly,
    sort: filter.sort,
  };
}

export type FormParse = { ok: true; filter: ActorSearchFilter } | { ok: false; code: string };

/** The filter of the form, or the code of the first problem (the same codes the server answers). */
export function filterOfForm(form: FormValues): FormParse {
  const zip = form.zip.trim();
  if (zip && !/^\d{5}$/.test(zip)) return { ok: false, code: 'INVALID_ZIP' };
  if (!zip && form.sort === 'distance') return { ok: false, code: 'ZIP_REQUIRED_FOR_DISTANCE' };
  const number = (value: string) => (value.trim() === '' ? undefined : Number(value));
  const raw = {
    ...(zip ? { zip } : {}),
    // A radius without a ZIP means nothing: left out.
    ...(zip && form.radiusKm ? { radiusKm: number(form.radiusKm) } : {}),
    searchCategory: Number(form.searchCategory) === ACTOR_SEARCH_CATEGORY_NEW ? ACTOR_SEARCH_CATEGORY_NEW : 3,
    ...(form.categoryId ? { categoryId: number(form.categoryId) } : {}),
    ...(form.gender ? { gender: form.gender } : {}),
    ...(form.actorType ? { actorType: form.actorType } : {}),
    ...(form.language ? { language: form.language } : {}),
    ...(form.ageFrom.trim() ? { ageFrom: number(form.ageFrom) } : {}),
    ...(form.ageTo.trim() ? { ageTo: number(form.ageTo) } : {}),
    onlineOnly: form.onlineOnly,
    sort: form.sort,
  };
  const parsed = ActorSearchFilterSchema.safeParse(raw);
  if (parsed.success) return { ok: true, filter: parsed.data };
  const path = parsed.error.issues[0]?.path[0];
  return { ok: false, code: path === 'ageFrom' || path === 'ageTo' ? 'ageRange' : 'generic' };
}
