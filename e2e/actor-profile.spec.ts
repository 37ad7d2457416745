/**
 * The actor profile (issue 5 deliverable 2) in real Chromium against the real server with demo
 * data, in en and es: home -> a profile -> every tab by keyboard -> back; tag tabs; a guest from a
 * banned country (spec 6, header set by the edge) gets the 451 page; the private note of a
 * logged-in guest (spec 6) and the login prompt of a visitor; axe on the tabs.
 */
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { pathFor } from '@vela/i18n/routes';
import { decideConsent, expect, gotoReady, newGuest, signUpByApi, test } from './fixtures.ts';
import { PROFILE_TABS_TEXT } from './profile-texts.ts';

const LANGS = ['en', 'es'] as const;
type Lang = (typeof LANGS)[number];

/** Expected texts (kept literal: a test must not reuse the code's catalogues). */
const TEXT = {
  ...PROFILE_TABS_TEXT,
  heatMap: { en: 'When I am online', es: 'Cuándo estoy online' },
  blockedTitle: { en: 'Not available in your country', es: 'No disponible en tu país' },
  blockedText: {
    en: 'This performer is not available in your country.',
    es: 'Esta modelo no está disponible en tu país.',
  },
  noteTitle: { en: 'My note', es: 'Mi nota' },
  noteSave: { en: 'Save note', es: 'Guardar nota' },
  noteSaved: { en: 'Note saved.', es: 'Nota guardada.' },
  noteDeleted: { en: 'Note deleted.', es: 'Nota borrada.' },
  noteLogin: { en: 'Log in', es: 'Iniciar sesión' },
} satisfies Record<string, Record<Lang, string>>;

/** Follows a tab link by keyboard: focus it, press Enter, wait for the tab to be the current one. */
async function openTabByKeyboard(page: Page, lang: Lang, name: string) {
  const tabs = page.getByRole('navigation', { name: TEXT.sections[lang] });
  const link = tabs.getByRole('link', { name, exact: true });
  await link.focus();
  await expect(link).toBeFocused();
  await page.keyboard.press('Enter');
  return link;
}

async function axe(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/** An actor with banned country codes, found through the public REST call (demo data has a few). */
/** A demo actor with banned countries and at least one photo album (its id). */
async function bannedActor(
  request: APIRequestContext,
): Promise<{ slug: string; country: string; albumId: number }> {
  for (let id = 1; id <= 400; id++) {
    const response = await request.get(`/rest/v1/actor/getActorDataByIdOrName/${id}`);
    if (response.status() === 404) continue;
    const { data } = (await response.json()) as { data: { slug: string; bannedCountryCodes: string[] } };
    const country = data.bannedCountryCodes[0];
    if (!country) continue;
    const albums = await request.post('/graphql', {
      data: { query: `{ galleries(actorId: ${id}, limit: 1) { id } }` },
    });
    const [album] = ((await albums.json()) as { data: { galleries: { id: number }[] } }).data.galleries;
    if (album) return { slug: data.slug, country, albumId: album.id };
  }
  throw new Error('no actor with banned countries and an album in the demo data');
}

for (const lang of LANGS) {
  test.describe(`actor profile (${lang})`, () => {
    test.beforeEach(async ({ context, baseURL }) => {
      // Cookie choice made and the Spanish age question answered (their own specs test them).
      await decideConsent(context, baseURL, { adult: true });
    });

    test('home -> a profile -> every tab by keyboard -> back', async ({ page }) => {
      // Seven pages and four axe runs.
      test.setTimeout(150_000);
      await gotoReady(page, `/${lang}/`);
      const tile = page.locator('#top-cams a.tile').first();
      const href = await tile.getAttribute('href');
      expect(href).toMatch(new RegExp(`^/${lang}/amateur/[^/]+/$`));
      await tile.click();
      await expect(page).toHaveURL(href!);
      await expect(page.locator('h1')).toHaveCount(1);
      await expect(page.getByRole('heading', { level: 2, name: TEXT.ratings[lang] })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: TEXT.heatMap[lang] })).toBeVisible();
      await axe(page);

      const videos = await openTabByKeyboard(page, lang, TEXT.videos[lang]);
      await expect(page).toHaveURL(new RegExp(`/${lang}/amateur/[^/]+/(videos|v[ií]deos)/$`));
      await expect(videos).toHaveAttribute('aria-current', 'page');
      await expect(page.locator('#videos-title')).toBeVisible();
      await axe(page);

      // A tag tab (the tag group is URL-encoded in the path) when the actor has tagged videos.
      const tagLinks = page.getByRole('navigation', {
        name: lang === 'en' ? 'Video tags' : 'Etiquetas de vídeo',
      });
      if ((await tagLinks.count()) > 0) {
        const tagLink = tagLinks.getByRole('link').nth(1);
        const tag = (await tagLink.textContent())!.trim();
        await tagLink.focus();
        await page.keyboard.press('Enter');
        await expect(page).toHaveURL(
          new RegExp(`/videos/tag/${encodeURIComponent(tag).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/$`),
        );
        await expect(tagLinks.getByRole('link', { name: tag, exact: true })).toHaveAttribute(
          'aria-current',
          'page',
        );
        await expect(page.locator('.tile-grid .tile').first()).toBeVisible();
        await page.goBack();
        await expect(page.locator('#videos-title')).toBeVisible();
      }

      const classic = await openTabByKeyboard(page, lang, TEXT.classic[lang]);
      await expect(classic).toHaveAttribute('aria-current', 'page');
      await expect(page.locator('#videos-title')).toBeVisible();

      await openTabByKeyboard(page, lang, TEXT.pictures[lang]);
      await expect(page).toHaveURL(/#pictures$/);
      await expect(
        page.getByRole('heading', { level: 2, name: TEXT.pictures[lang], exact: true }),
      ).toBeVisible();

      const live = await openTabByKeyboard(page, lang, TEXT.liveShow[lang]);
      await expect(live).toHaveAttribute('aria-current', 'page');
      await expect(page.getByRole('heading', { level: 3, name: TEXT.upcoming[lang] })).toBeVisible();
      await axe(page);

      const top = await openTabByKeyboard(page, lang, TEXT.topCams[lang]);
      await expect(top).toHaveAttribute('aria-current', 'page');
      await expect(page.getByRole('heading', { level: 2, name: TEXT.topCamsTitle[lang] })).toBeVisible();
      await axe(page);

      const about = await openTabByKeyboard(page, lang, TEXT.aboutMe[lang]);
      await expect(about).toHaveAttribute('aria-current', 'page');
      await expect(page.getByRole('heading', { level: 2, name: TEXT.ratings[lang] })).toBeVisible();

      // Back: the previous tab (top cams), then the one before (live show).
      await page.goBack();
      await expect(page.getByRole('heading', { level: 2, name: TEXT.topCamsTitle[lang] })).toBeVisible();
      await page.goBack();
      await expect(page.getByRole('heading', { level: 3, name: TEXT.upcoming[lang] })).toBeVisible();
    });

    test('a guest from one of the actor’s banned countries gets the 451 page (spec 6)', async ({
      page,
      request,
    }) => {
      const { slug, country, albumId } = await bannedActor(request);
      const album = pathFor('Actor/Pictures', lang, { actorName: slug, albumId: String(albumId) });
      // Without the header the profile and its album are there.
      expect((await page.goto(`/${lang}/amateur/${slug}/`))?.status()).toBe(200);
      expect((await page.goto(album))?.status()).toBe(200);
      await page.setExtraHTTPHeaders({ 'x-country-code': country.toLowerCase() });
      for (const path of [`/${lang}/amateur/${slug}/`, `/${lang}/amateur/${slug}/videos/`, album]) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(451);
        await expect(page.getByRole('heading', { level: 1, name: TEXT.blockedTitle[lang] })).toBeVisible();
        await expect(page.getByText(TEXT.blockedText[lang])).toBeVisible();
      }
      await expect(page.locator('html')).toHaveAttribute('data-shell-ready', 'true');
      await axe(page);
      const api = await page.request.get(`/rest/v1/actor/getActorDataByIdOrName/${slug}`, {
        headers: { 'x-country-code': country },
      });
      expect(api.status()).toBe(403);
      expect(((await api.json()) as { error: { code: string } }).error.code).toBe('ACTOR_BLOCKED_IN_COUNTRY');
      const open = await page.request.get(`/rest/v1/gallery/open?albumId=${albumId}`, {
        headers: { 'x-country-code': country },
      });
      expect(open.status()).toBe(403);
    });

    test('notes: a visitor sees the login prompt; a logged-in guest saves, reloads and deletes the note', async ({
      page,
      clientIp,
    }) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await gotoReady(page, `/${lang}/`);
      const href = (await page.locator('#top-cams a.tile').first().getAttribute('href'))!;
      await gotoReady(page, href);
      const note = page.locator('section.actor-note');
      await expect(note.getByRole('heading', { name: TEXT.noteTitle[lang] })).toBeVisible();
      await note.getByRole('button', { name: TEXT.noteLogin[lang] }).click();
      await expect(page.locator('iframe.payment-dialog__frame')).toBeVisible();

      await signUpByApi(page, clientIp, newGuest('note'));
      await gotoReady(page, href);
      const field = note.getByRole('textbox');
      await expect(field).toBeVisible();
      await expect(field).toHaveValue('');
      const text = lang === 'en' ? 'Likes long chats about music.' : 'Le gustan las charlas largas.';
      await field.fill(text);
      await note.getByRole('button', { name: TEXT.noteSave[lang] }).click();
      await expect(note.getByText(TEXT.noteSaved[lang])).toBeVisible();
      await axe(page);
      await page.screenshot({ path: test.info().outputPath(`actor-profile-note-${lang}.png`) });
      await page.evaluate('window.scrollTo(0, 0)');
      await page.screenshot({ path: test.info().outputPath(`actor-profile-top-${lang}.png`) });

      await gotoReady(page, href);
      await expect(note.getByRole('textbox')).toHaveValue(text);
      await note.getByRole('textbox').fill('');
      await note.getByRole('textbox').press('Tab');
      await page.keyboard.press('Enter');
      await expect(note.getByText(TEXT.noteDeleted[lang])).toBeVisible();
    });
  });
}
