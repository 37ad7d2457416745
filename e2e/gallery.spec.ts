/**
 * Photos (issue 5 deliverable 4) in real Chromium against the real server, in English and Spanish:
 * a visitor on an album page sees the login prompt (rating and commenting are logged-in only, and
 * a like opens the login dialog); a guest who signed up likes the album (counts update from the
 * answer), switches to dislike, comments once (the comment appears on top, total +1), and a
 * second comment from another tab of the same guest is refused with a visible message (spec 5:
 * once per guest). axe finds no serious violations.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import {
  decideConsent,
  expect,
  expectNoSeriousAxeViolations,
  gotoReady,
  newGuest,
  signUpByApi,
  test,
} from './fixtures.ts';
import { ALBUM_COMMENT_TEXT } from './profile-texts.ts';

const LANGS = ['en', 'es'] as const;
type Lang = (typeof LANGS)[number];
const SHOTS = '/tmp/shots-gallery';

/** Literal texts of packages/i18n/src/messages/gallery.ts (a test must not reuse the code). */
const TEXT = {
  ...ALBUM_COMMENT_TEXT,
  loginPrompt: { en: 'Log in to comment on this album.', es: 'Inicia sesión para comentar este álbum.' },
  like: { en: 'Like', es: 'Me gusta' },
  dislike: { en: 'Dislike', es: 'No me gusta' },
  totalOne: { en: '1 comment', es: '1 comentario' },
} satisfies Record<string, Record<Lang, string>>;

interface AlbumRef {
  id: number;
  slug: string;
  commentCount: number;
}

/** An album per language (so the two languages' tests do not rate the same album), via GraphQL `galleries`. */
async function albumFor(request: APIRequestContext, lang: Lang): Promise<AlbumRef> {
  const offset = LANGS.indexOf(lang) * 3 + 7;
  const response = await request.post('/graphql', {
    data: { query: `{ galleries(offset: ${offset}, limit: 1) { id commentCount actor { slug } } }` },
  });
  expect(response.status(), await response.text()).toBe(200);
  const [album] = (await response.json()).data.galleries as {
    id: number;
    commentCount: number;
    actor: { slug: string };
  }[];
  if (!album) throw new Error('no album in the seed');
  return { id: album.id, slug: album.actor.slug, commentCount: album.commentCount };
}

const albumPath = (lang: Lang, album: AlbumRef) =>
  `/${lang}/amateur/${album.slug}/${TEXT.picturesPath[lang]}/${album.id}/`;

const countOf = async (page: Page, which: 'likes' | 'dislikes') =>
  Number(
    ((await page.getByTestId('album-rating').locator(`[data-count="${which}"]`).textContent()) ?? '').replace(
      /\D/g,
      '',
    ),
  );

for (const lang of LANGS) {
  test(`${lang}: a visitor sees the login prompt; liking opens the login dialog (spec 6 logged-in only)`, async ({
    page,
    request,
    baseURL,
  }) => {
    await decideConsent(page.context(), baseURL, { adult: true });
    const album = await albumFor(request, lang);
    const response = await gotoReady(page, albumPath(lang, album));
    expect(response?.status()).toBe(200);
    await expect(page.getByTestId('comments-login')).toContainText(TEXT.loginPrompt[lang]);
    await expect(page.getByRole('textbox', { name: TEXT.commentLabel[lang] })).toHaveCount(0);
    await expectNoSeriousAxeViolations(page, `${lang} visitor`);
    await page.screenshot({ path: `${SHOTS}/${lang}-visitor.png`, fullPage: true });

    await page.getByTestId('album-rating').locator('[data-rating="like"]').click();
    await expect(page.locator('iframe.payment-dialog__frame')).toHaveCount(1);
    expect(
      new URL(
        (await page.locator('iframe.payment-dialog__frame').getAttribute('src')) ?? '',
        'http://x',
      ).searchParams.get('flow'),
    ).toBe('login');

    // The sedcard's like asks for the login too, and stores the rating to send after it (spec 3 onLoginAction).
    await page.keyboard.press('Escape');
    await expect(page.locator('iframe.payment-dialog__frame')).toHaveCount(0);
    await page.getByTestId('sedcard-rating').locator('[data-rating="like"]').click();
    await expect(page.locator('iframe.payment-dialog__frame')).toHaveCount(1);
    const stored = JSON.parse(
      (await page.evaluate(() => window.localStorage.getItem('onLoginAction'))) ?? 'null',
    );
    expect(stored).toMatchObject({ type: 'setSedcardsGuestRating', params: { value: 'like' } });

    // Spec 5: upper-case actor names redirect to the lower-cased URL; another actor's album is not found.
    const upper = await page.request.get(albumPath(lang, { ...album, slug: album.slug.toUpperCase() }), {
      maxRedirects: 0,
    });
    expect(upper.status()).toBe(301);
    expect(upper.headers().location).toContain(albumPath(lang, album));
    const wrong = await page.request.get(albumPath(lang, { ...album, slug: 'nobody-here' }));
    expect(wrong.status()).toBe(404);
  });

  test(`${lang}: like, switch to dislike, comment once (on top, total +1), a second comment is refused`, async ({
    page,
    request,
    clientIp,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    await decideConsent(page.context(), baseURL, { adult: true });
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const guest = await signUpByApi(page, clientIp, newGuest('gal'));

    const album = await albumFor(request, lang);
    await gotoReady(page, albumPath(lang, album));
    const rating = page.getByTestId('album-rating');
    const like = rating.locator('[data-rating="like"]');
    const dislike = rating.locator('[data-rating="dislike"]');
    await expect(like).toContainText(TEXT.like[lang]);
    await expect(dislike).toContainText(TEXT.dislike[lang]);
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    const likesBefore = await countOf(page, 'likes');
    const dislikesBefore = await countOf(page, 'dislikes');

    // Like: the answer's counts and flags replace the shown ones.
    const liked = page.waitForResponse((r) => r.url().includes('/rest/v1/gallery/setGuestRating'));
    await like.click();
    expect((await liked).status()).toBe(200);
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await expect(rating.locator('[data-count="likes"]')).toHaveText(String(likesBefore + 1));

    // Switch to dislike: the like moves over.
    const disliked = page.waitForResponse((r) => r.url().includes('/rest/v1/gallery/setGuestRating'));
    await dislike.click();
    expect((await disliked).status()).toBe(200);
    await expect(dislike).toHaveAttribute('aria-pressed', 'true');
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    await expect(rating.locator('[data-count="likes"]')).toHaveText(String(likesBefore));
    await expect(rating.locator('[data-count="dislikes"]')).toHaveText(String(dislikesBefore + 1));

    // A second tab of the same guest, opened before the comment: its form is still there.
    const second = await page.context().newPage();
    await gotoReady(second, albumPath(lang, album));
    await expect(second.getByRole('textbox', { name: TEXT.commentLabel[lang] })).toBeVisible();

    // Comment once: prepended, total +1, the form goes.
    const text = `Wonderful light <b>${guest.screenName}</b>`;
    await page.getByRole('textbox', { name: TEXT.commentLabel[lang] }).fill(text);
    const posted = page.waitForResponse((r) => r.url().includes('/rest/v1/gallery/postComment'));
    await page.getByRole('button', { name: TEXT.submit[lang] }).click();
    expect((await posted).status()).toBe(201);
    await expect(page.getByTestId('comments-list').locator('li').first()).toContainText(text);
    await expect(page.getByText(TEXT.posted[lang])).toBeVisible();
    await expect(page.getByTestId('comments-total')).toContainText(
      album.commentCount === 0 ? TEXT.totalOne[lang] : String(album.commentCount + 1),
    );
    await expect(page.getByRole('textbox', { name: TEXT.commentLabel[lang] })).toHaveCount(0);
    // Text, never HTML.
    await expect(page.getByTestId('comments-list').locator('li b')).toHaveCount(0);
    await expectNoSeriousAxeViolations(page, `${lang} guest`);
    await page.screenshot({ path: `${SHOTS}/${lang}-guest.png`, fullPage: true });

    // The second comment is refused with a visible message (spec 5: once per guest).
    await second.getByRole('textbox', { name: TEXT.commentLabel[lang] }).fill('Trying again');
    const refused = second.waitForResponse((r) => r.url().includes('/rest/v1/gallery/postComment'));
    await second.getByRole('button', { name: TEXT.submit[lang] }).click();
    expect((await refused).status()).toBe(409);
    await expect(second.getByRole('alert')).toContainText(TEXT.already[lang]);
    // The refused tab then shows the comment the guest wrote in the first one.
    await expect(second.getByTestId('comments-list').locator('li').first()).toContainText(text);
    await second.screenshot({ path: `${SHOTS}/${lang}-refused.png`, fullPage: true });

    // After a reload the guest still sees the dislike and no form.
    await gotoReady(page, albumPath(lang, album));
    await expect(page.getByTestId('album-rating').locator('[data-rating="dislike"]')).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByRole('textbox', { name: TEXT.commentLabel[lang] })).toHaveCount(0);
    await expect(page.getByTestId('comments-list').locator('li').first()).toContainText(text);
    expect(pageErrors).toEqual([]);
  });
}
