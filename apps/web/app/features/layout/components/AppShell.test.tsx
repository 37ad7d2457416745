/**
 * Server render of the shell (what a visitor gets before hydration): landmarks, skip link,
 * language switcher, menus wired with aria, consent banner only for undecided visitors.
 */
import type { Language } from '@vela/contracts/common';
import type { NavigationData, PublicConfig } from '@vela/contracts/pages';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { type ConsentState, consentOf } from '../../consent/consent.ts';
import { AppShell } from './AppShell.tsx';

const alternates: Record<Language, string> = {
  de: '/de/kategorien/latina/',
  en: '/en/categories/latina/',
  nl: '/nl/categories/latina/',
  es: '/es/categorias/latina/',
};
const navigation: NavigationData = {
  categories: [
    { id: 1, slug: 'latina', name: 'Latina' },
    { id: 2, slug: 'mature', name: 'Mature' },
  ],
  onlineCount: 1234,
};

const config: PublicConfig = {
  brandName: 'Vela',
  payOrigin: 'http://localhost:3001',
  publicOrigin: 'http://localhost:3000',
  loginEnabled: true,
  esAvsModalEnabled: false,
  forceAvs: false,
  adultMarketVariant: false,
};

/** The opening tags of an element type, e.g. every `<a ...>`. */
function tags(html: string, name: string): string[] {
  return [...html.matchAll(new RegExp(`<${name}\\b[^>]*>`, 'g'))].map((m) => m[0]);
}

function render(lang: Language, consent: ConsentState | null): string {
  return renderToString(
    <MemoryRouter initialEntries={[alternates[lang]]}>
      <AppShell
        lang={lang}
        alternates={alternates}
        navigation={navigation}
        consent={consent}
        brandName="Vela"
        viewer={null}
        config={config}
      >
        <p>page body</p>
      </AppShell>
    </MemoryRouter>,
  );
}

describe('layout shell server render (spec 2, 9)', () => {
  it('renders a skip link to <main id="content"> around the page', () => {
    const html = render('en', null);
    expect(html).toContain('href="#content"');
    expect(html).toMatch(/<main id="content"[^>]*>.*page body.*<\/main>/s);
    expect(html.indexOf('Skip to content')).toBeLessThan(html.indexOf('<main'));
  });

  it('language switcher links keep the page and mark the current language aria-current', () => {
    const html = render('de', null);
    for (const path of Object.values(alternates)) expect(html).toContain(`href="${path}"`);
    const switcher = tags(html, 'a').filter((tag) => tag.includes('hrefLang='));
    const current = switcher.filter((tag) => tag.includes('aria-current="true"'));
    expect(current.length).toBeGreaterThan(0);
    for (const tag of current) expect(tag).toContain('href="/de/kategorien/latina/"');
    expect(switcher.filter((tag) => tag.includes('href="/en/categories/latina/"')).length).toBeGreaterThan(0);
  });

  it('shows the online count from the navigation data, localized', () => {
    expect(render('en', null)).toContain('1,234 models online');
    expect(render('de', null)).toContain('1.234 Models online');
  });

  it('menu toggles carry aria-expanded and aria-controls of an existing panel', () => {
    const html = render('en', null);
    for (const menu of ['navigation', 'search', 'notifications', 'my-account']) {
      const toggle = tags(html, 'button').find((tag) => tag.includes(`id="menu-toggle-${menu}"`));
      expect(toggle).toContain('aria-expanded="false"');
      expect(toggle).toContain(`aria-controls="menu-panel-${menu}"`);
      expect(html).toContain(`id="menu-panel-${menu}"`);
    }
  });

  it('links only implemented routes: home, categories, legal texts', () => {
    const hrefs = [...render('en', null).matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
    const allowed = [
      /^#content$/,
      /^\/(de|en|nl|es)\/$/,
      /^\/(de|en|nl|es)\/(categories|kategorien|categorias)\/[^/]+\/$/,
      /^\/en\/(terms-of-service|data-protection)\/$/,
    ];
    for (const href of hrefs)
      expect(
        allowed.some((re) => re.test(href!)),
        href,
      ).toBe(true);
  });

  it('cookie banner is rendered for a first visit (no consent cookie)', () => {
    const html = render('en', null);
    expect(html).toContain('data-cookie-banner');
    expect(html).toContain('Accept all');
    expect(html).toContain('Necessary only');
    expect(html).toContain('Save selection');
  });

  it('cookie banner is not rendered for a returning visitor: it never flashes', () => {
    const html = render('en', consentOf({ functional: false, analytics: false }));
    expect(html).not.toContain('data-cookie-banner');
  });

  it('every UI string comes from the language catalogue', () => {
    expect(render('es', null)).toContain('Saltar al contenido');
    expect(render('nl', null)).toContain('Alles accepteren');
  });
});
