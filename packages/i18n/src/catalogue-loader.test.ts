import { describe, expect, it, vi } from 'vitest';
import { catalogueOfPage, loadLanguage } from './catalogue-loader.ts';
import { translator } from './translate.ts';

function loaders() {
  const messages = { en: 'Hello', de: 'Hallo', nl: 'Hallo!', es: 'Hola' } as const;
  const load = (text: string) =>
    vi.fn<() => Promise<{ default: Record<string, string> }>>(async () => ({ default: { hello: text } }));
  return { en: load(messages.en), de: load(messages.de), nl: load(messages.nl), es: load(messages.es) };
}

describe('catalogues of the page language (browser build, decision 0039)', () => {
  it('a catalogue loads the rendered language only; a language switch loads the new one into it', async () => {
    const languages = loaders();
    // Outside a page (no <html lang>) the rendered language is en.
    const catalogue = await catalogueOfPage<'hello'>(languages);
    expect(translator(catalogue, 'en')('hello')).toBe('Hello');
    expect(languages.de).not.toHaveBeenCalled();
    expect(() => translator(catalogue, 'de')('hello')).toThrow('Messages of de not loaded');

    await loadLanguage('de');
    expect(translator(catalogue, 'de')('hello')).toBe('Hallo');
    expect(languages.nl).not.toHaveBeenCalled();

    // A catalogue imported after the switch loads the language of the moment.
    const later = loaders();
    const laterCatalogue = await catalogueOfPage<'hello'>(later);
    expect(translator(laterCatalogue, 'de')('hello')).toBe('Hallo');
    expect(later.en).not.toHaveBeenCalled();
  });

  it('a language module that failed to load is asked again by the next switch', async () => {
    const languages = loaders();
    await catalogueOfPage<'hello'>(languages);
    languages.es.mockRejectedValueOnce(new Error('offline'));
    await expect(loadLanguage('es')).rejects.toThrow('offline');
    await loadLanguage('es');
    expect(languages.es).toHaveBeenCalledTimes(2);
  });
});
