import { describe, expect, it } from 'vitest';
import { errorMeta } from './errorMeta.ts';

const root = { id: 'root', loaderData: { lang: 'nl', brandName: 'Vela' } };
const notFound = { status: 404, statusText: 'Not Found', internal: false, data: null };

describe('meta of failed pages (unknown pages answer a localized 404)', () => {
  it('titles a 404 in the page language with the brand and keeps it out of the index', () => {
    expect(errorMeta([root, undefined], notFound)).toEqual([
      { title: 'Pagina niet gevonden | Vela' },
      { name: 'robots', content: 'noindex' },
    ]);
  });

  it('titles other errors as errors and falls back to en without root data', () => {
    expect(errorMeta([], new Error('boom'))[0]).toEqual({ title: 'Something went wrong' });
  });
});
