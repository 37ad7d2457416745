/** The legal pages (spec 3 legal text) link their text as a file (spec 7 asset/legal-text/download/{id}). */
import type { LegalText } from '@vela/contracts/pages';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LegalDocument } from './LegalDocument.tsx';

const text: LegalText = {
  id: 12,
  type: 'GTC',
  product: 'vela',
  version: '3',
  language: 'en',
  html: '<h2>§ 1 Scope</h2><p>Text</p>',
};

describe('LegalDocument download link', () => {
  it.each([
    ['en', 'Download this text (HTML file)'],
    ['de', 'Diesen Text herunterladen (HTML-Datei)'],
    ['nl', 'Deze tekst downloaden (HTML-bestand)'],
    ['es', 'Descargar este texto (archivo HTML)'],
  ] as const)('%s: links the shown version as a download', (lang, label) => {
    const html = renderToString(<LegalDocument title="Terms" text={text} lang={lang} />);
    expect(html).toContain(`<a href="/rest/v1/asset/legal-text/download/12" download="">${label}</a>`);
  });
});
