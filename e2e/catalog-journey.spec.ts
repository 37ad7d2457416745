/**
 * The "done when" journey of issue 5 in real Chromium against the real server with demo data, in
 * en and es: home -> a category (its tile) -> a performer (her tile) -> every profile tab by its
 * link (videos, a tag tab when there is one, classics, live show, top cams, about me, photos) ->
 * an album from the photos tab; a fresh guest signs up, likes the album (counts change), comments
 * once (on top, total +1), a second comment is refused with a visible message; the navbar search
 * refuses "a" (3 characters needed, no results) and shows grouped results for the performer's
 * name, Enter opens the search page with its groups; the pro search by ZIP 10115 sorted by
 * distance lists the results by ascending distance and the map shows a marker per result.
 * Every step waits for a visible state; nothing sleeps.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  decideConsent,
  expect,
  expectNoSeriousAxeViolations,
  gotoReady,
  importActors,
  newGuest,
  signUpByApi,
  test,
} from './fixtures.ts';
import { ALBUM_COMMENT_TEXT, PROFILE_TABS_TEXT } from './profile-texts.ts';

const LANGS = ['en', 'es'] as const;
type Lang = (typeof LANGS)[number];

/** Expected texts and paths (kept literal: a test must not reuse the code's catalogues). */
const TEXT = {
  ...PROFILE_TABS_TEXT,
  ...ALBUM_COMMENT_TEXT,
  categories: { en: 'Categories', es: 'Categorías' },
  categoryPath: { en: 'categories', es: 'categorias' },
  videoTags: { en: 'Video tags', es: 'Etiquetas de vídeo' },
  aboutPath: { en: 'about-me', es: 'sobre-mi' },
  classicPath: { en: 'videos/classic', es: 'videos/clasicos' },
  /** An FSK-18 cover asks for the age verification (a click opens the login dialog, not the album). */
  adultsOnly: { en: 'Adults only', es: 'Solo para adultos' },
  rateAlbum: { en: 'Rate this album', es: 'Valora este álbum' },
  like: { en: /^Like\b/, es: /^Me gusta\b/ },
  searchButton: { en: 'Search', es: 'Buscar' },
  searchField: { en: 'Search models, videos, photos and more', es: 'Buscar modelos, vídeos, fotos y más' },
  searchHint: { en: 'Type at least 3 characters.', es: 'Escribe al menos 3 caracteres.' },
  liveCamsGroup: { en: /^Live cams/, es: /^Cams en vivo/ },
  searchPath: { en: '/en/search/videos/', es: '/es/buscar/videos/' },
  searchH1: { en: 'Search results for', es: 'Resultados de búsqueda para' },
  resultGroups: { en: 'Result groups', es: 'Grupos de resultados' },
  proSearchPath: { en: '/en/cams/pro-search/', es: '/es/cams/busqueda-pro/' },
  proForm: { en: 'Search filters', es: 'Filtros de búsqueda' },
  zip: { en: 'Postal code (Germany)', es: 'Código postal (Alemania)' },
  radius: { en: 'Distance', es: 'Distancia' },
  radius100: { en: 'within 100 km', es: 'a menos de 100 km' },
  sort: { en: 'Sort by', es: 'Ordenar por' },
  proSubmit: { en: 'Search', es: 'Buscar' },
  resultList: { en: 'List', es: 'Lista' },
  map: { en: 'Map of the results', es: 'Mapa de los resultados' },
} as const;

/** Clicks a profile tab link and waits until it is the current tab. */
async function clickTab(page: Page, lang: Lang, name: string): Promise<Locator> {
  const link = page
    .getByRole('navigation', { name: TEXT.sections[lang] })
    .getByRole('link', { name, exact: true });
  await link.click();
  return link;
}

/** A number shown as text ("1,234", "1.234", "(3 comments)", "No comments" = 0). */
const digits = (text: string | null) => Number((text ?? '').replace(/\D/g, '') || '0');

/**
 * A distance as shown ("12,3 km away", "a 1.234,5 km"): spec 9 numbers in every language, English
 * included (dot thousands, decimal comma; issue 14).
 */
function shownKm(text: string, _lang: Lang): number {
  const raw = /[\d.,]+/.exec(text)?.[0] ?? '';
  return Number(raw.replace(/\./g, '').replace(',', '.'));
}

/** Performers around Berlin for the distance search (tests bring their fixtures). */
function importBerlinActors(request: APIRequestContext, lang: Lang) {
  return importActors(request, [
    {
      name: `JourneyMitte${lang}`,
      countryCode: 'DE',
      zipCode: '10117',
      lat: 52.5163,
      lon: 13.3889,
      city: 'Berlin',
    },
    { name: `JourneyPotsdam${lang}`, countryCode: 'DE', zipCode: '14467', lat: 52.3989, lon: 13.0657 },
    { name: `JourneyBernau${lang}`, countryCode: 'DE', zipCode: '16321', lat: 52.6795, lon: 13.5874 },
  ]);
}

for (const [index, lang] of LANGS.entries()) {
  test(`${lang}: home -> category -> profile and every tab -> album rated and commented -> search -> pro search by ZIP (issue 5 done when)`, async ({
    page,
    context,
    request,
    clientIp,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    // Cookie choice made and the Spanish age question answered (their own specs cover them).
    await decideConsent(context, baseURL, { adult: true });
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await importBerlinActors(request, lang);

    // Home -> a category. The two languages take different tiles so they do not rate the same album.
    await gotoReady(page, `/${lang}/`);
    const categoryTile = page
      .getByRole('region', { name: TEXT.categories[lang], exact: true })
      .getByRole('link')
      .nth(index);
    const homeTitle = (await page.getByRole('heading', { level: 1 }).textContent())!;
    const categoryHref = (await categoryTile.getAttribute('href'))!;
    expect(categoryHref).toMatch(new RegExp(`^/${lang}/${TEXT.categoryPath[lang]}/[^/]+/$`));
    await categoryTile.click();
    await expect(page).toHaveURL(categoryHref);
    // Client-side navigation: the URL changes before the page does; wait for the category's heading.
    const categoryTitle = page.getByRole('heading', { level: 1 });
    await expect(categoryTitle).not.toHaveText(homeTitle);
    await expect(categoryTitle).toBeVisible();

    // Category -> a performer.
    const listing = page.getByRole('region', {
      name: (await categoryTitle.textContent())!.trim(),
      exact: true,
    });
    const actorTile = listing
      .getByRole('link', { name: /\S/ })
      .filter({ has: page.locator('.tile__title') })
      .nth(index);
    await expect(actorTile).toBeVisible();
    const actorName = (await actorTile.locator('.tile__title').textContent())!.trim();
    const profile = (await actorTile.getAttribute('href'))!;
    expect(profile).toMatch(new RegExp(`^/${lang}/amateur/[^/]+/$`));
    await actorTile.click();
    await expect(page).toHaveURL(profile);
    await expect(page.getByRole('heading', { level: 2, name: TEXT.ratings[lang] })).toBeVisible();
    await expectNoSeriousAxeViolations(page, `${lang} profile`, '#content');

    // Every tab by its link.
    const videos = await clickTab(page, lang, TEXT.videos[lang]);
    await expect(page).toHaveURL(`${profile}videos/`);
    await expect(videos).toHaveAttribute('aria-current', 'page');
    await expect(page.locator('#videos-title')).toBeVisible();

    const tags = page.getByRole('navigation', { name: TEXT.videoTags[lang] });
    if ((await tags.count()) > 0 && (await tags.getByRole('link').count()) > 1) {
      const tagLink = tags.getByRole('link').nth(1);
      const tag = (await tagLink.textContent())!.trim();
      await tagLink.click();
      await expect(page).toHaveURL(`${profile}videos/tag/${encodeURIComponent(tag)}/`);
      await expect(tags.getByRole('link', { name: tag, exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await expect(page.locator('#videos-title')).toBeVisible();
    }

    const classic = await clickTab(page, lang, TEXT.classic[lang]);
    await expect(page).toHaveURL(`${profile}${TEXT.classicPath[lang]}/`);
    await expect(classic).toHaveAttribute('aria-current', 'page');
    await expect(page.locator('#videos-title')).toBeVisible();

    const live = await clickTab(page, lang, TEXT.liveShow[lang]);
    await expect(page).toHaveURL(`${profile}live-show/`);
    await expect(live).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { level: 3, name: TEXT.upcoming[lang] })).toBeVisible();

    const top = await clickTab(page, lang, TEXT.topCams[lang]);
    await expect(page).toHaveURL(`${profile}top-cams/`);
    await expect(top).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { level: 2, name: TEXT.topCamsTitle[lang] })).toBeVisible();

    const about = await clickTab(page, lang, TEXT.aboutMe[lang]);
    await expect(page).toHaveURL(`${profile}${TEXT.aboutPath[lang]}/`);
    await expect(about).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { level: 2, name: TEXT.ratings[lang] })).toBeVisible();

    await clickTab(page, lang, TEXT.pictures[lang]);
    await expect(page).toHaveURL(`${profile}${TEXT.aboutPath[lang]}/#pictures`);
    const albums = page.getByRole('region', { name: TEXT.pictures[lang], exact: true });
    await expect(albums).toBeInViewport();

    // Photos tab -> an album without an FSK-18 cover (the last one: a different album than gallery.spec's).
    const albumLink = albums.getByRole('link').filter({ hasNotText: TEXT.adultsOnly[lang] }).last();
    const albumHref = (await albumLink.getAttribute('href'))!;
    expect(albumHref).toMatch(new RegExp(`^${profile}${TEXT.picturesPath[lang]}/\\d+/$`));
    await albumLink.click();
    await expect(page).toHaveURL(albumHref);
    await expect(page.getByRole('group', { name: TEXT.rateAlbum[lang] })).toBeVisible();

    // A fresh guest signs up (the session cookie lands in this browser context) and comes back.
    const guest = await signUpByApi(page, clientIp, newGuest('jrn'));
    await gotoReady(page, albumHref);

    // Like: the counts change to the answer's.
    const like = page
      .getByRole('group', { name: TEXT.rateAlbum[lang] })
      .getByRole('button', { name: TEXT.like[lang] });
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    const likesBefore = digits(await like.locator('[data-count="likes"]').textContent());
    const rated = page.waitForResponse((r) => r.url().includes('/rest/v1/gallery/setGuestRating'));
    await like.click();
    expect((await rated).status()).toBe(200);
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await expect(like.locator('[data-count="likes"]')).toHaveText(String(likesBefore + 1));

    // A second tab of the same guest, opened before commenting: its comment form is still there.
    const second = await context.newPage();
    await gotoReady(second, albumHref);
    await expect(second.getByRole('textbox', { name: TEXT.commentLabel[lang] })).toBeVisible();

    // Comment once: on top, total +1.
    const total = page.getByTestId('comments-total');
    const totalBefore = digits(await total.textContent());
    const text = `Journey ${lang} ${guest.screenName}: lovely light`;
    await page.getByRole('textbox', { name: TEXT.commentLabel[lang] }).fill(text);
    await page.getByRole('button', { name: TEXT.submit[lang] }).click();
    await expect(page.getByRole('status').filter({ hasText: TEXT.posted[lang] })).toBeVisible();
    await expect(page.getByTestId('comments-list').getByRole('listitem').first()).toContainText(text);
    await expect(total).toContainText(String(totalBefore + 1));
    await expectNoSeriousAxeViolations(page, `${lang} album`, '#content');

    // The second comment is refused with a visible message, and the total stays.
    await second.getByRole('textbox', { name: TEXT.commentLabel[lang] }).fill('A second try');
    await second.getByRole('button', { name: TEXT.submit[lang] }).click();
    await expect(second.getByRole('alert').filter({ hasText: TEXT.already[lang] })).toBeVisible();
    await expect(second.getByTestId('comments-list').getByRole('listitem').first()).toContainText(text);
    await second.close();
    await expect(total).toContainText(String(totalBefore + 1));

    // The navbar search: "a" is refused (3 characters needed, nothing searched), the name gives groups.
    const searched: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/rest/v1/searchResult/search/')) searched.push(decodeURIComponent(r.url()));
    });
    await page
      .getByRole('banner')
      .getByRole('button', { name: TEXT.searchButton[lang], exact: true })
      .click();
    const overlay = page.getByRole('region', { name: TEXT.searchButton[lang], exact: true });
    const field = overlay.getByRole('searchbox', { name: TEXT.searchField[lang] });
    await expect(field).toBeFocused();
    await field.pressSequentially('a');
    await expect(overlay.getByRole('status')).toHaveText(TEXT.searchHint[lang]);
    await expect(overlay.getByRole('link')).toHaveCount(0);

    const answered = page.waitForResponse((r) => r.url().includes(`/rest/v1/searchResult/search/${lang}/`));
    await field.fill(actorName);
    expect((await answered).status()).toBe(200);
    const actorsGroup = overlay.getByRole('region', { name: TEXT.liveCamsGroup[lang] });
    await expect(actorsGroup.getByRole('heading', { level: 2 })).toBeVisible();
    await expect(actorsGroup.locator(`a[href="${profile}"]`)).toBeVisible();
    expect(searched.length).toBeGreaterThan(0);
    expect(searched.every((url) => url.endsWith(`/${lang}/${actorName}`))).toBe(true);

    // Enter: the search page with its groups.
    await field.press('Enter');
    await expect(page).toHaveURL(`${TEXT.searchPath[lang]}${encodeURIComponent(actorName)}/`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(TEXT.searchH1[lang]);
    await expect(
      page.getByRole('navigation', { name: TEXT.resultGroups[lang] }).getByRole('link').first(),
    ).toBeVisible();
    const pageGroup = page.getByRole('region', { name: TEXT.liveCamsGroup[lang] });
    await expect(pageGroup.locator(`a[href="${profile}"]`)).toBeVisible();
    await expectNoSeriousAxeViolations(page, `${lang} search page`, '#content');

    // Pro search: ZIP 10115 sorted by distance within 100 km.
    await gotoReady(page, TEXT.proSearchPath[lang]);
    const map = page.getByRole('region', { name: TEXT.map[lang] });
    await expect(page.getByTestId('prosearch-map')).toHaveAttribute('data-state', 'ready');
    const form = page.getByRole('form', { name: TEXT.proForm[lang] });
    await form.getByLabel(TEXT.zip[lang]).fill('10115');
    await form.getByLabel(TEXT.radius[lang]).selectOption({ label: TEXT.radius100[lang] });
    await form.getByLabel(TEXT.sort[lang]).selectOption('distance');
    const found = page.waitForResponse(
      (r) => r.url().includes('/rest/v1/actorsearch/search') && r.request().method() === 'POST',
    );
    await form.getByRole('button', { name: TEXT.proSubmit[lang], exact: true }).click();
    expect((await found).status()).toBe(200);

    const list = page.getByRole('list', { name: TEXT.resultList[lang] });
    await expect(list.getByRole('link', { name: `JourneyPotsdam${lang}`, exact: true })).toBeVisible();
    const distances = list.getByTestId('prosearch-distance');
    const shown = (await distances.allTextContents()).map((t) => shownKm(t, lang));
    expect(shown.length).toBeGreaterThanOrEqual(3);
    expect(shown.every((km) => Number.isFinite(km) && km <= 100)).toBe(true);
    expect(shown).toEqual([...shown].sort((a, b) => a - b));
    // Our three performers in their order: Mitte (~1.5 km), Bernau (~22 km), Potsdam (~26 km).
    const names = await list.getByRole('listitem').getByRole('link').allTextContents();
    const ours = names.filter((n) => n.startsWith('Journey') && n.endsWith(lang));
    expect(ours).toEqual([`JourneyMitte${lang}`, `JourneyBernau${lang}`, `JourneyPotsdam${lang}`]);

    // The map: a marker per listed result, each a link.
    const markers = map.getByTestId('prosearch-marker');
    await expect(markers).toHaveCount(shown.length);
    await expect(map.getByRole('link', { name: /^1\. / })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`journey-prosearch-${lang}.png`), fullPage: true });

    expect(pageErrors).toEqual([]);
  });
}
