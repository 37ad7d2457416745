import { DEFAULT_ACTOR_SEARCH_FILTER } from '@vela/contracts/prosearch';
import { describe, expect, it } from 'vitest';
import { filterOfForm, formOfFilter } from './formValues.ts';

const blank = formOfFilter(DEFAULT_ACTOR_SEARCH_FILTER);

describe('pro search form -> filter (spec 7 actorsearch/search, spec 9 category 3/88, rank or distance)', () => {
  it('the defaults round-trip: category 3, sort rank, nothing else', () => {
    expect(filterOfForm(blank)).toEqual({ ok: true, filter: DEFAULT_ACTOR_SEARCH_FILTER });
  });

  it('every field becomes its typed filter value; empty fields are left out', () => {
    const parsed = filterOfForm({
      ...blank,
      zip: ' 10115 ',
      radiusKm: '50',
      searchCategory: '88',
      categoryId: '4',
      gender: 'F',
      actorType: 'FF',
      language: 'es',
      ageFrom: '21',
      ageTo: '35',
      onlineOnly: true,
      sort: 'distance',
    });
    expect(parsed).toEqual({
      ok: true,
      filter: {
        zip: '10115',
        radiusKm: 50,
        searchCategory: 88,
        categoryId: 4,
        gender: 'F',
        actorType: 'FF',
        language: 'es',
        ageFrom: 21,
        ageTo: 35,
        onlineOnly: true,
        sort: 'distance',
      },
    });
    if (!parsed.ok) throw new Error('refused');
    expect(formOfFilter(parsed.filter)).toMatchObject({
      zip: '10115',
      radiusKm: '50',
    });
  });

  it('refuses what the server would refuse, with the same codes', () => {
    expect(filterOfForm({ ...blank, zip: '1011' })).toEqual({ ok: false, code: 'INVALID_ZIP' });
    expect(filterOfForm({ ...blank, sort: 'distance' })).toEqual({
      ok: false,
      code: 'ZIP_REQUIRED_FOR_DISTANCE',
    });
    expect(filterOfForm({ ...blank, ageFrom: '40', ageTo: '30' })).toEqual({ ok: false, code: 'ageRange' });
  });

  it('a radius without a ZIP is dropped (it means nothing)', () => {
    expect(filterOfForm({ ...blank, radiusKm: '25' })).toEqual({
      ok: true,
      filter: DEFAULT_ACTOR_SEARCH_FILTER,
    });
  });
});
