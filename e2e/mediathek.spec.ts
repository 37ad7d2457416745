/**
 * The media library (issue 17 deliverable 6 and its "Done when": "builds and reorders a playlist,
 * deletes it through the modal") in real Chromium against the real server, in two languages: a guest
 * who bought videos (top-up and purchases through the REST calls the dialog and the buy button make)
 * sees them under Bought, adds them to a new playlist from the tiles, reorders the playlist by
 * keyboard (Alt+Arrow down), saves, reloads and finds the order, and deletes the playlist through spec
 * 2 modal `playlist-delete`. A visitor gets the login prompt. Screenshots of the pages at desktop
 * size and 390 px go to /tmp/mediathek-shots.
 */
import { mkdirSync } from 'node:fs';
import {
  clientHeaders,
  decideConsent,
  expect,
  expectNoSeriousAxeViolations,
  gotoReady,
  newGuest,
  type Page,
  signUpByApi,
  test,
} from './fixtures.ts';
import { ageCheckedGuest, topUpByApi } from './live-helpers.ts';

const SHOTS = '/tmp/mediathek-shots';

/** Expected texts from packages/i18n/src/messages/mediathek.ts (kept literal: a test must not reuse the code). */
const TEXT = {
  h1: { en: 'Media library', de: 'Mediathek' },
  bought: { en: 'Bought', de: 'Gekauft' },
  playlists: { en: 'Playlists', de: 'Playlists' },
  newName: { en: 'Name of a new playlist', de: 'Name einer neuen Playlist' },
  create: { en: 'Create playlist', de: 'Playlist anlegen' },
  add: { en: 'Add', de: 'Hinzufügen' },
  edit: { en: 'Edit', de: 'bearbeiten' },
  save: { en: 'Save changes', de: 'Änderungen speichern' },
  saved: { en: 'Saved.', de: 'Gespeichert.' },
  del: { en: 'Delete playlist', de: 'Playlist löschen' },
  confirmDelete: { en: 'Delete', de: 'Löschen' },
  deleted: { en: 'was deleted', de: 'wurde gelöscht' },
  visitor: { en: 'Please log in', de: 'Bitte melde dich an' },
  audio: { en: 'There is no audio in the media library', de: 'In der Mediathek gibt es kein Audio' },
} as const;

interface Tile {
  id: number;
  title: string;
  free: boolean;
  vip: boolean;
  ageRating: number;
  price: { value: number };
}

/** Three priced FSK-16 videos that are neither free nor VIP (bought with coins, no age check needed). */
async function videosToBuy(page: Page, clientIp: string): Promise<Tile[]> {
  const payload = encodeURIComponent(JSON.stringify({ category: 'allVideos', limit: 60 }));
  const response = await page.request.get(`/rest/v1/tileGrid/get/videos/${payload}`, {
    headers: clientHeaders(clientIp),
  });
  expect(response.status(), await response.text()).toBe(200);
  const items = ((await response.json()) as { data: { items: Tile[] } }).data.items;
  const chosen = items
    .filter((v) => !v.free && !v.vip && v.ageRating === 16 && v.price.value > 0)
    .slice(0, 3);
  expect(chosen).toHaveLength(3);
  return chosen;
}

async function buy(page: Page, clientIp: string, videoId: number) {
  const response = await page.request.post(`/rest/v1/video/${videoId}/buy`, {
    headers: clientHeaders(clientIp),
    data: { idempotencyKey: `e2e-mediathek-${videoId}-${Date.now()}-${Math.random()}` },
  });
  expect(response.status(), await response.text()).toBe(200);
}

async function shoot(page: Page, name: string, fullPage = true) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });
}

for (const lang of ['en', 'de'] as const) {
  test(`${lang}: a guest who bought videos builds a playlist, reorders it by keyboard, saves, finds the order after a reload and deletes it through playlist-delete`, async ({
    page,
    baseURL,
    clientIp,
  }) => {
    test.setTimeout(120_000);
    await decideConsent(page.context(), baseURL);
    await gotoReady(page, `/${lang}/`);
    await signUpByApi(page, clientIp, newGuest(`mt${lang}`));
    await topUpByApi(page, clientIp, 5_000);
    const videos = await videosToBuy(page, clientIp);
    for (const video of videos) await buy(page, clientIp, video.id);

    // Bought: the three videos, newest purchase first, each opening the player by ?video=.
    await gotoReady(page, `/${lang}/myvela/mediathek/`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT.h1[lang]);
    await expect(page.locator('.mediathek-sections [aria-current="page"]')).toHaveText(TEXT.bought[lang]);
    const tiles = page.locator('[data-video-id]');
    await expect(tiles).toHaveCount(3);
    await expect(tiles.first()).toHaveAttribute('data-video-id', String(videos[2]!.id));
    await expect(tiles.first().locator('a.tile__link')).toHaveAttribute(
      'href',
      new RegExp(`video=${videos[2]!.id}`),
    );
    await page.setViewportSize({ width: 1280, height: 900 });
    await shoot(page, `${lang}-videos-bought-desktop`);
    await expectNoSeriousAxeViolations(page, 'bought', 'main');

    // A playlist, created from the keyboard.
    await page.locator('.mediathek-sections').getByRole('link', { name: TEXT.playlists[lang] }).click();
    const name = `Abend ${lang} ${Date.now() % 100000}`;
    await page.getByLabel(TEXT.newName[lang]).fill(name);
    await page.getByLabel(TEXT.newName[lang]).press('Enter');
    await expect(page.locator('[data-playlist-id]')).toHaveCount(1);
    const playlistId = await page.locator('[data-playlist-id]').getAttribute('data-playlist-id');

    // Add the three from the Bought tiles (oldest purchase first, so the playlist reads a, b, c).
    await page.locator('.mediathek-sections').getByRole('link', { name: TEXT.bought[lang] }).click();
    for (const video of videos) {
      const tile = page.locator(`[data-video-id="${video.id}"]`);
      await tile.locator('select').selectOption({ label: name });
      const added = page.waitForResponse(
        (r) =>
          r.url().includes(`/mediathek/playlists/${playlistId}/items`) && r.request().method() === 'POST',
      );
      await tile.getByRole('button', { name: TEXT.add[lang], exact: true }).click();
      expect((await added).status()).toBe(200);
    }

    await page.locator('.mediathek-sections').getByRole('link', { name: TEXT.playlists[lang] }).click();
    await page.getByRole('link', { name: new RegExp(TEXT.edit[lang]) }).click();
    await expect(page).toHaveURL(new RegExp(`playlist=${playlistId}`));
    const order = page.locator('.mediathek-order__title');
    await expect(order).toHaveText(videos.map((v) => v.title));

    // Reorder by keyboard: the first video two places down.
    await order.first().focus();
    await page.keyboard.press('Alt+ArrowDown');
    await page.keyboard.press('Alt+ArrowDown');
    const expected = [videos[1]!, videos[2]!, videos[0]!].map((v) => v.title);
    await expect(order).toHaveText(expected);
    await expect(page.locator(':focus')).toHaveText(videos[0]!.title);
    await shoot(page, `${lang}-playlist-editor-desktop`);
    await expectNoSeriousAxeViolations(page, 'editor', 'main');
    const saved = page.waitForResponse(
      (r) => r.url().endsWith(`/mediathek/playlists/${playlistId}`) && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: TEXT.save[lang] }).click();
    expect((await saved).status()).toBe(200);
    await expect(page.getByText(TEXT.saved[lang])).toBeVisible();

    // A reload comes back to the playlist in the saved order.
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-shell-ready', 'true');
    await expect(order).toHaveText(expected);
    await page.setViewportSize({ width: 390, height: 844 });
    await shoot(page, `${lang}-playlist-editor-390`);
    await page.setViewportSize({ width: 1280, height: 900 });

    // Delete through the modal.
    await page.getByRole('button', { name: TEXT.del[lang] }).click();
    const modal = page.getByRole('dialog');
    await expect(modal).toHaveAttribute('data-modal-id', 'playlist-delete');
    await expect(modal.getByRole('button', { name: TEXT.confirmDelete[lang], exact: true })).toBeVisible();
    await shoot(page, `${lang}-playlist-delete-modal`, false);
    await modal.getByRole('button', { name: TEXT.confirmDelete[lang], exact: true }).click();
    await expect(modal).toBeHidden();
    await expect(page.getByText(TEXT.deleted[lang])).toBeVisible();
    await expect(page.locator('[data-playlist-id]')).toHaveCount(0);
    const gone = await page.request.get(`/rest/v1/mediathek/playlists/${playlistId}`, {
      headers: clientHeaders(clientIp),
    });
    expect(gone.status()).toBe(404);

    // Photos and audio: honest states, at both sizes.
    await gotoReady(page, `/${lang}/myvela/mediathek/${lang === 'de' ? 'fotos' : 'photos'}/`);
    await expect(page.locator('[data-mediathek-empty]')).toBeVisible();
    await shoot(page, `${lang}-photos-desktop`);
    await gotoReady(page, `/${lang}/myvela/mediathek/audio/`);
    await expect(page.getByText(TEXT.audio[lang])).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    await gotoReady(page, `/${lang}/myvela/mediathek/`);
    await expect(tiles).toHaveCount(3);
    await shoot(page, `${lang}-videos-bought-390`);
  });
}

/** A priced album the guest can buy (the first one that answers 200). */
async function buyAnAlbum(page: Page, clientIp: string): Promise<{ id: number; title: string }> {
  const response = await page.request.post('/graphql', {
    headers: clientHeaders(clientIp),
    data: { query: '{ galleries(offset: 20, limit: 30) { id title price { value } } }' },
  });
  expect(response.status(), await response.text()).toBe(200);
  const albums = (await response.json()).data.galleries as {
    id: number;
    title: string;
    price: { value: number };
  }[];
  for (const album of albums.filter((a) => a.price.value > 0)) {
    const bought = await page.request.post(`/rest/v1/album/${album.id}/buy`, {
      headers: clientHeaders(clientIp),
      data: { idempotencyKey: `e2e-mediathek-album-${album.id}-${Date.now()}` },
    });
    if (bought.status() === 200) return album;
  }
  throw new Error('no album could be bought');
}

test('en: the media library is linked from My Vela; a bought album and a bought video move to the archive from their tiles and come back with Restore', async ({
  page,
  request,
  baseURL,
  clientIp,
}) => {
  test.setTimeout(120_000);
  await gotoReady(page, '/en/');
  // Album pictures are mostly FSK-18: an age-checked guest buys one (spec 6).
  await ageCheckedGuest(page, request, clientIp, baseURL, 'mtarc');
  await topUpByApi(page, clientIp, 5_000);
  const [video] = await videosToBuy(page, clientIp);
  await buy(page, clientIp, video!.id);
  const album = await buyAnAlbum(page, clientIp);

  await gotoReady(page, '/en/myvela/');
  await page.getByRole('link', { name: 'Media library' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Media library');

  // Its tile opens the player on this page (issue 17 contract 2: ?video=<id>, modal video-with-player).
  await page.getByRole('link', { name: `Play ${video!.title}` }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]video=${video!.id}`));
  await expect(page.getByRole('dialog')).toHaveAttribute('data-modal-id', 'video-with-player');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();

  // The video: Archive on its tile, then it is under Archive, and Restore brings it back.
  await page.getByRole('button', { name: `Archive ${video!.title}` }).click();
  await expect(page.getByText(`“${video!.title}” moved to the archive.`)).toBeVisible();
  await expect(page.locator('[data-video-id]')).toHaveCount(0);
  await page.locator('.mediathek-sections').getByRole('link', { name: 'Archive' }).click();
  await expect(page.locator(`[data-video-id="${video!.id}"]`)).toBeVisible();
  await page.getByRole('button', { name: `Restore ${video!.title}` }).click();
  await expect(page.locator('[data-video-id]')).toHaveCount(0);

  // The album: under Photos / Bought, linked to its album page; archived and restored the same way.
  await page.getByRole('link', { name: 'Photos' }).click();
  const tile = page.locator(`[data-album-id="${album.id}"]`);
  await expect(tile).toBeVisible();
  await expect(tile.getByRole('link', { name: `Open the album ${album.title}` })).toHaveAttribute(
    'href',
    new RegExp(`/pictures/${album.id}/$`),
  );
  await page.setViewportSize({ width: 1280, height: 900 });
  await shoot(page, 'en-photos-bought-desktop');
  await tile.getByRole('button', { name: `Archive ${album.title}` }).click();
  await expect(tile).toBeHidden();
  await page.locator('.mediathek-sections').getByRole('link', { name: 'Archive' }).click();
  await expect(page.locator(`[data-album-id="${album.id}"]`)).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, 'en-photos-archive-390');
  await page.getByRole('button', { name: `Restore ${album.title}` }).click();
  await expect(page.locator(`[data-album-id="${album.id}"]`)).toBeHidden();
  await page.locator('.mediathek-sections').getByRole('link', { name: 'Bought' }).click();
  await expect(page.locator(`[data-album-id="${album.id}"]`)).toBeVisible();
});

test('a visitor gets the login prompt on the media library (spec 6)', async ({ page, baseURL }) => {
  await decideConsent(page.context(), baseURL);
  const response = await gotoReady(page, '/en/myvela/mediathek/videos/archive/');
  expect(response?.status()).toBe(200);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expect(page.getByRole('heading', { level: 2, name: TEXT.visitor.en })).toBeVisible();
  expect((await page.goto('/en/myvela/mediathek/videos/nonsense/'))?.status()).toBe(404);
});
