import { describe, expect, it } from 'vitest';
import { camsSearch, parseCamsQuery } from './performerQuery.ts';

describe('/cams/ query string', () => {
  it('reads the cam filter and order; absent values are the defaults', () => {
    expect(parseCamsQuery(new URLSearchParams(''))).toEqual({ filter: {}, order: 'ranking' });
    expect(parseCamsQuery(new URLSearchParams('gender=F&type=FM&lang=es&online=1&order=priceDesc'))).toEqual({
      filter: { gender: 'F', actorType: 'FM', language: 'es', onlineOnly: true },
      order: 'priceDesc',
    });
    // Empty selects of a submitted form mean "any".
    expect(parseCamsQuery(new URLSearchParams('gender=&type=&lang=&order=ranking'))).toEqual({
      filter: {},
      order: 'ranking',
    });
  });

  it('an unknown gender, group, language or order is invalid (null), never ignored', () => {
    for (const search of ['gender=X', 'type=FFF', 'lang=fr', 'order=cheapest', 'online=yes']) {
      expect(parseCamsQuery(new URLSearchParams(search)), search).toBeNull();
    }
  });

  it('writes the same query back, without defaults', () => {
    const search = 'gender=F&type=FM&lang=es&online=1&order=newest';
    expect(camsSearch(parseCamsQuery(new URLSearchParams(search))!)).toBe(search);
    expect(camsSearch({ filter: {}, order: 'ranking' })).toBe('');
  });
});
