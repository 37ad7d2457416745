/**
 * Favorites in pages (issue 17 deliverable 5 and "Done when": pins a performer while logged out and
 * finds the pin after logging in) in real Chromium against the real server, in English and German:
 *
 * - a visitor presses "Add to favorites" on a profile, gets the login dialog (spec 6: favorites are
 *   logged-in only), logs in there, and the stored login action (spec 3 onLoginAction pinActor)
 *   completes the pin once: the profile says pinned, /myvela/favorite-cams/ lists the performer with
 *   the online count, and home shows the favorite block (spec 2);
 * - the guest pins the album and a picture on the album page (spec 4 pin album / picture), which
 *   stay pinned after a reload (the socket snapshot), and removes the performer on favorite cams with
 *   the keyboard (the empty state links to /cams/);
 * - a visitor pressing "Pin" on an album gets the login and finds the album pinned after it
 *   (spec 3 pinAlbum).
 */
import { mkdirSync } from 'node:fs';
import type { APIRequestContext, FrameLocator, Page } from '@playwright/test';
import { clientHeaders, decideConsent, expect, gotoReady, newGuest, test } from './fixtures.ts';

const LANGS = ['en', 'de'] as const;
type Lang = (typeof LANGS)[number];
const SHOTS = '/tmp/shots-favorites';

/** Literal texts of packages/i18n/src/messages/{live,favorites,pay}.ts (a test must not reuse the code). */
const TEXT = {
  pinActor: { en: 'Add to favorites', de: 'Zu Favoriten hinzufügen' },
  unpinActor: { en: 'Remove from favorites', de: 'Aus Favoriten entfernen' },
  pinAlbum: { en: 'Pin this album', de: 'Dieses Album merken' },
  pinned: { en: 'Pinned', de: 'Gemerkt' },
  loginName: { en: 'Screen name or email', de: 'Nickname oder E-Mail' },
  password: { en: 'Password', de: 'Passwort' },
  loginSubmit: { en: 'Log in', de: 'Einloggen' },
  favoriteCamsPath: { en: 'favorite-cams', de: 'lieblings-cams' },
  picturesPath: { en: 'pictures', de: 'bilder' },
  h1: { en: 'My favorite cams', de: 'Meine Lieblings-Cams' },
  homeTitle: { en: 'Your favorites', de: 'Deine Favoriten' },
  remove: {
    en: (name: string) => `Remove ${name} from favorites`,
    de: (name: string) => `${name} aus den Favoriten entfernen`,
  },
  empty: {
    en: 'You have not added anyone to your favorites yet.',
    de: 'Du hast noch niemanden zu deinen Favoriten hinzugefügt.',
  },
  emptyLink: { en: 'Find performers on the cams page', de: 'Models auf der Cams-Seite finden' },
} as const;

interface AlbumRef {
  id: number;
  slug: string;
  actorName: string;
}

/** An album (and its performer) per language and test, via GraphQL `galleries`. */
async function albumAt(request: APIRequestContext, offset: number): Promise<AlbumRef> {
  const response = await request.post('/graphql', {
    data: { query: `{ galleries(offset: ${offset}, limit: 1) { id actor { slug name } } }` },
  });
  expect(response.status(), await response.text()).toBe(200);
  const [album] = (await response.json()).data.galleries as {
    id: number;
    actor: { slug: string; name: string };
  }[];
  if (!album) throw new Error('no album in the seed');
  return { id: Number(album.id), slug: album.actor.slug, actorName: album.actor.name };
}

/** A guest signed up beside the page (the page stays a visitor until it logs in through the dialog). */
async function guestBeside(request: APIRequestContext, clientIp: string) {
  const guest = newGuest('fav');
  const response = await request.post('/rest/v1/guest/signup', {
    data: guest,
    headers: clientHeaders(clientIp),
  });
  expect(response.status(), await response.text()).toBe(201);
  return guest;
}

/** The page as a visitor (consent decided, adult), a guest signed up beside it, and an album at `offset`. */
async function visitorAndGuest(
  page: Page,
  request: APIRequestContext,
  baseURL: string | undefined,
  clientIp: string,
  offset: number,
) {
  await decideConsent(page.context(), baseURL, { adult: true });
  return { guest: await guestBeside(request, clientIp), album: await albumAt(request, offset) };
}

const dialog = (page: Page): FrameLocator => page.frameLocator('iframe.payment-dialog__frame');

async function logInThroughDialog(page: Page, lang: Lang, login: string, password: string) {
  await expect(page.locator('iframe.payment-dialog__frame')).toHaveCount(1);
  const frame = dialog(page);
  await expect(frame.locator('[data-view="login"]')).toBeVisible();
  await frame.getByLabel(TEXT.loginName[lang]).fill(login);
  await frame.getByLabel(TEXT.password[lang], { exact: true }).fill(password);
  await frame.getByRole('button', { name: TEXT.loginSubmit[lang], exact: true }).click();
  // The page comes back logged in (a reload).
  await expect(page.locator('[data-navbar-account]')).toHaveAttribute('data-navbar-account', 'guest', {
    timeout: 20_000,
  });
  await expect(page.locator('html')).toHaveAttribute('data-shell-ready', 'true');
}

const storedPendingPin = (page: Page) => page.evaluate(() => window.localStorage.getItem('pendingPin'));

test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

for (const [index, lang] of LANGS.entries()) {
  test(`${lang}: a visitor pins a performer, logs in through the dialog, and finds the pin on the profile, favorite cams and home (spec 3 pinActor, spec 2, spec 4)`, async ({
    page,
    request,
    baseURL,
    clientIp,
  }) => {
    test.setTimeout(120_000);
    const { guest, album } = await visitorAndGuest(page, request, baseURL, clientIp, 30 + index * 5);

    // A visitor: the pin opens the login with the pin stored (spec 3 onLoginAction).
    await gotoReady(page, `/${lang}/amateur/${album.slug}/`);
    const pin = page.locator('[data-pin-actor]');
    const actorId = Number(await pin.getAttribute('data-pin-actor'));
    await expect(pin).toHaveAccessibleName(TEXT.pinActor[lang]);
    await expect(pin).toHaveAttribute('aria-pressed', 'false');
    await pin.click();
    const stored = JSON.parse(
      (await page.evaluate(() => window.localStorage.getItem('onLoginAction'))) ?? 'null',
    );
    expect(stored).toEqual({ type: 'pinActor', params: { targetId: actorId } });
    await logInThroughDialog(page, lang, guest.screenName, guest.password);

    // After the login the pin is completed, once: the profile says pinned.
    await expect(page.locator('[data-pin-actor]')).toHaveAttribute('aria-pressed', 'true', {
      timeout: 20_000,
    });
    await expect(page.locator('[data-pin-actor]')).toHaveAccessibleName(TEXT.unpinActor[lang]);
    expect(await storedPendingPin(page)).toBeNull();
    expect(await page.evaluate(() => window.localStorage.getItem('onLoginAction'))).toBeNull();

    // Favorite cams (spec 2 guest area): the performer with her online state and the online count.
    await gotoReady(page, `/${lang}/myvela/${TEXT.favoriteCamsPath[lang]}/`);
    await expect(page.getByRole('heading', { level: 1, name: TEXT.h1[lang] })).toBeVisible();
    const cam = page.locator(`[data-favorite-cam="${actorId}"]`);
    await expect(cam).toBeVisible({ timeout: 20_000 });
    await expect(cam.locator('.status')).toBeVisible();
    const online = await cam.getAttribute('data-online');
    await expect(page.locator('[data-favorites-online]')).toHaveAttribute(
      'data-favorites-online',
      online === 'true' ? '1' : '0',
    );
    await page.screenshot({ path: `${SHOTS}/${lang}-favorite-cams.png`, fullPage: true });

    // Home: the favorite block on top (spec 2 home timeline "favorite").
    await gotoReady(page, `/${lang}/`);
    const block = page.locator('section#favorite');
    await expect(block.locator(`[data-favorite-home="${actorId}"]`)).toBeVisible({ timeout: 20_000 });
    await expect(block.getByRole('heading', { name: TEXT.homeTitle[lang] })).toBeVisible();
    const firstBlock = await page.locator('section.home-block').first().getAttribute('id');
    expect(firstBlock).toBe('favorite');
    await page.screenshot({ path: `${SHOTS}/${lang}-home-favorite.png` });

    // The album page: pin the album and the first picture; both stay pinned after a reload.
    const albumPath = `/${lang}/amateur/${album.slug}/${TEXT.picturesPath[lang]}/${album.id}/`;
    await gotoReady(page, albumPath);
    const albumPin = page.locator(`[data-pin="album"][data-pin-id="${album.id}"]`);
    await expect(albumPin).toHaveAccessibleName(TEXT.pinAlbum[lang]);
    await expect(albumPin).toBeEnabled({ timeout: 20_000 });
    await albumPin.click();
    await expect(albumPin).toHaveAttribute('aria-pressed', 'true');
    await expect(albumPin).toHaveText(TEXT.pinned[lang]);
    const picturePin = page.locator('[data-pin="picture"]').first();
    const pictureId = await picturePin.getAttribute('data-pin-id');
    // With the keyboard.
    await picturePin.focus();
    await page.keyboard.press('Enter');
    await expect(picturePin).toHaveAttribute('aria-pressed', 'true');
    await page.screenshot({ path: `${SHOTS}/${lang}-album-pinned.png` });
    await gotoReady(page, albumPath);
    await expect(page.locator(`[data-pin="album"][data-pin-id="${album.id}"]`)).toHaveAttribute(
      'aria-pressed',
      'true',
      { timeout: 20_000 },
    );
    await expect(page.locator(`[data-pin="picture"][data-pin-id="${pictureId}"]`)).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    // Unpin on favorite cams, with the keyboard: the empty state links to the cams.
    await gotoReady(page, `/${lang}/myvela/${TEXT.favoriteCamsPath[lang]}/`);
    const remove = page.getByRole('button', { name: TEXT.remove[lang](album.actorName) });
    await expect(remove).toBeEnabled({ timeout: 20_000 });
    await remove.focus();
    await page.keyboard.press('Enter');
    await expect(page.locator(`[data-favorite-cam="${actorId}"]`)).toHaveCount(0);
    await expect(page.getByText(TEXT.empty[lang])).toBeVisible();
    await expect(page.getByRole('link', { name: TEXT.emptyLink[lang] })).toHaveAttribute(
      'href',
      `/${lang}/cams/`,
    );
    // Home has no favorite block without pins.
    await gotoReady(page, `/${lang}/`);
    await expect(page.locator('section.home-block').first()).toBeVisible();
    await expect(page.locator('section#favorite')).toHaveCount(0);
  });

  test(`${lang}: a visitor pins an album, logs in, and the album is pinned (spec 3 pinAlbum)`, async ({
    page,
    request,
    baseURL,
    clientIp,
  }) => {
    test.setTimeout(90_000);
    const { guest, album } = await visitorAndGuest(page, request, baseURL, clientIp, 32 + index * 5);
    const albumPath = `/${lang}/amateur/${album.slug}/${TEXT.picturesPath[lang]}/${album.id}/`;
    await gotoReady(page, albumPath);
    const albumPin = page.locator(`[data-pin="album"][data-pin-id="${album.id}"]`);
    await expect(albumPin).toHaveAttribute('aria-pressed', 'false');
    await albumPin.press('Enter');
    const stored = JSON.parse(
      (await page.evaluate(() => window.localStorage.getItem('onLoginAction'))) ?? 'null',
    );
    expect(stored).toEqual({ type: 'pinAlbum', params: { targetId: album.id } });
    await logInThroughDialog(page, lang, guest.email, guest.password);
    await expect(page).toHaveURL(new RegExp(`${albumPath}$`));
    await expect(page.locator(`[data-pin="album"][data-pin-id="${album.id}"]`)).toHaveAttribute(
      'aria-pressed',
      'true',
      { timeout: 20_000 },
    );
    expect(await storedPendingPin(page)).toBeNull();
    // Once: a reload does not pin again nor keep anything pending; the pin stays.
    await gotoReady(page, albumPath);
    await expect(page.locator(`[data-pin="album"][data-pin-id="${album.id}"]`)).toHaveAttribute(
      'aria-pressed',
      'true',
      { timeout: 20_000 },
    );
  });
}

test('a visitor on favorite cams gets the login prompt (spec 6 favorites are logged-in only)', async ({
  page,
  baseURL,
}) => {
  await decideConsent(page.context(), baseURL);
  const response = await gotoReady(page, '/en/myvela/favorite-cams/');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: TEXT.h1.en })).toBeVisible();
  await expect(page.locator('.myvela-visitor')).toBeVisible();
  await expect(page.locator('[data-favorite-cams]')).toHaveCount(0);
  await expect(page.locator('section#favorite')).toHaveCount(0);
});
