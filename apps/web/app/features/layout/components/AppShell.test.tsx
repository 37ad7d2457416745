/**
 * Server render of the shell (what a visitor gets before hydration): landmarks, skip link,
 * language switcher, menus wired with aria, consent banner only for undecided visitors.
 */

import { buildGuestMe } from '@vela/contracts/build-guest-me';
import { buildPublicConfig } from '@vela/contracts/build-public-config';
import type { Language } from '@vela/contracts/common';
import type { GuestMe } from '@vela/contracts/guest-api';
import type { NavigationData, PublicConfig } from '@vela/contracts/pages';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AccountMenuSection } from '../../auth/components/AccountMenuSection.tsx';
import { ViewerProvider } from '../../auth/useViewer.tsx';
import { type ConsentState, consentOf } from '../../consent/consent.ts';
import { PaymentDialogProvider } from '../../payment-dialog/PaymentDialogProvider.tsx';
import { ShellProvider } from '../state/ShellContext.tsx';
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

const config: PublicConfig = buildPublicConfig();

/** The opening tags of an element type, e.g. every `<a ...>`. */
function tags(html: string, name: string): string[] {
  return [...html.matchAll(new RegExp(`<${name}\\b[^>]*>`, 'g'))].map((m) => m[0]);
}

function render(
  lang: Language,
  consent: ConsentState | null,
  viewer: GuestMe | null = null,
  configOverride: Partial<PublicConfig> = {},
): string {
  return renderToString(
    <MemoryRouter initialEntries={[alternates[lang]]}>
      <AppShell
        lang={lang}
        alternates={alternates}
        navigation={navigation}
        consent={consent}
        brandName="Vela"
        viewer={viewer}
        config={{ ...config, ...configOverride }}
      >
        <p>page body</p>
      </AppShell>
    </MemoryRouter>,
  );
}

/** The account section of the my-account menu (the panel renders it only while open). */
function renderAccountMenu(
  lang: Language,
  viewer: GuestMe | null,
  configOverride: Partial<PublicConfig> = {},
): string {
  const merged = { ...config, ...configOverride };
  return renderToString(
    <MemoryRouter initialEntries={[alternates[lang]]}>
      <ShellProvider lang={lang} brandName="Vela" alternates={alternates}>
        <ViewerProvider viewer={viewer} config={merged}>
          <PaymentDialogProvider lang={lang} config={merged} viewer={viewer}>
            <AccountMenuSection onAction={() => {}} />
          </PaymentDialogProvider>
        </ViewerProvider>
      </ShellProvider>
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

  it('shows the online count from the navigation data, spec 9 dot thousands in every language', () => {
    expect(render('en', null)).toContain('1.234 models online');
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

  it('links only implemented routes: home, categories, legal texts, the messenger', () => {
    const hrefs = [...render('en', null).matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
    const allowed = [
      /^#content$/,
      /^\/(de|en|nl|es)\/$/,
      /^\/(de|en|nl|es)\/(categories|kategorien|categorias)\/[^/]+\/$/,
      /^\/en\/(terms-of-service|data-protection)\/$/,
      /^\/en\/messenger\/$/,
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

  // The VIP club is offered again (issue 16 delivers live preview 20, decision 0038 part 9), so the
  // Get-VIP button follows spec 6: login for visitors, the VIP dialog for non-VIP guests.
  it('a visitor gets Log in and Sign up (spec 2/6), and Get-VIP leads to the login', () => {
    const html = render('en', null);
    expect(html).toContain('data-navbar-account="visitor"');
    expect(html).toContain('data-open-dialog="login"');
    expect(html).toContain('data-open-dialog="signup"');
    expect(html).toContain('data-get-vip="login"');
    expect(html).not.toContain('data-logout');
  });

  it('login disabled (spec 5): no log in / sign up buttons, a short notice instead', () => {
    const html = render('en', null, null, { loginEnabled: false });
    expect(html).not.toContain('data-open-dialog="login"');
    expect(html).not.toContain('data-open-dialog="signup"');
    expect(html).not.toContain('data-get-vip');
    const menu = renderAccountMenu('en', null, { loginEnabled: false });
    expect(menu).toContain('data-login-disabled');
    expect(menu).toContain('Log in and sign up are switched off at the moment.');
    expect(renderAccountMenu('en', null)).not.toContain('data-login-disabled');
  });

  it('a logged-in non-VIP guest sees their name, the AVS hint with Verify age, Get-VIP opening the VIP dialog and Log out', () => {
    const guest = buildGuestMe({ id: '12', name: 'Lena<b>', email: 'lena@example.com' });
    const html = render('de', null, guest);
    expect(html).toContain('data-navbar-account="guest"');
    expect(html).toContain('data-get-vip="vip-dialog"');
    expect(html).not.toContain('data-open-dialog="login"');
    const menu = renderAccountMenu('de', guest);
    expect(menu).toContain('Eingeloggt als Lena&lt;b&gt;');
    expect(menu).toContain('data-avs-status="unknown"');
    expect(menu).toContain('data-open-dialog="avs"');
    expect(menu).toContain('data-logout');
    expect(menu).toContain('data-open-dialog="vipabo"');
    const vip = buildGuestMe({ id: '13', name: 'Vera', email: 'vera@example.com', isVip: true });
    expect(render('de', null, vip)).not.toContain('data-get-vip');
    expect(renderAccountMenu('de', vip)).not.toContain('data-open-dialog="vipabo"');
    const accepted = renderAccountMenu('de', { ...guest, hasAvs: true, avsStatus: 'accepted' });
    expect(accepted).not.toContain('data-open-dialog="avs"');
    expect(accepted).toContain('data-logout');
  });

  it('a locked guest is treated as logged out (spec 4)', () => {
    const html = render(
      'en',
      null,
      buildGuestMe({ id: '12', name: 'Lena', email: 'lena@example.com', isLocked: true }),
    );
    expect(html).toContain('data-navbar-account="visitor"');
    expect(html).not.toContain('data-logout');
  });
});
