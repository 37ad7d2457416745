import { LANGUAGES as CONTRACT_LANGUAGES, IMAGE_SIZES } from '@vela/contracts/common';
import { describe, expect, it } from 'vitest';
import { isLanguage, LANGUAGES, languageOfPath, MEDIA_SIZES, negotiateLanguage } from './language.ts';

describe('language negotiation for / (spec 1: German is the first language)', () => {
  it('defaults to de without a header or without a supported language', () => {
    expect(negotiateLanguage(null)).toBe('de');
    expect(negotiateLanguage('')).toBe('de');
    expect(negotiateLanguage('fr-FR,fr;q=0.9,it;q=0.5')).toBe('de');
    expect(negotiateLanguage('*')).toBe('de');
  });

  it('picks the supported language with the highest quality', () => {
    expect(negotiateLanguage('fr;q=0.9,es;q=0.8,en;q=0.7')).toBe('es');
    expect(negotiateLanguage('en;q=0.4, nl;q=0.9')).toBe('nl');
    expect(negotiateLanguage('en-US,en;q=0.9,de;q=0.8')).toBe('en');
  });

  it('matches region subtags to their language and keeps header order on ties', () => {
    expect(negotiateLanguage('nl-BE')).toBe('nl');
    expect(negotiateLanguage('ES-mx, de')).toBe('es');
  });

  it('ignores languages refused with q=0 and malformed quality values', () => {
    expect(negotiateLanguage('en;q=0, es;q=0.1')).toBe('es');
    expect(negotiateLanguage('en;q=abc, nl')).toBe('nl');
  });
});

describe('language of a path', () => {
  it('is the first segment when it is one of de, en, nl, es', () => {
    expect(languageOfPath('/nl/amateur/lea/')).toBe('nl');
    expect(languageOfPath('/es/')).toBe('es');
    expect(languageOfPath('/fr/cams/')).toBeNull();
    expect(languageOfPath('/')).toBeNull();
    expect(isLanguage('de')).toBe(true);
    expect(isLanguage('DE')).toBe(false);
  });
});

describe('plain constants mirror the contracts (spec 9: languages de, en, nl, es; image sizes w320, w640, w1280)', () => {
  it('equal LANGUAGES and IMAGE_SIZES of @vela/contracts/common', () => {
    expect(LANGUAGES).toEqual(CONTRACT_LANGUAGES);
    expect(MEDIA_SIZES).toEqual(IMAGE_SIZES);
  });
});
