/**
 * Around the player in real Chromium (issue 17 deliverable 7), in en and de: in the `video-with-player`
 * modal a guest likes a video through the query-language service (spec 7 likeVideo; the page's access
 * token as Bearer) and finds it still liked after a reload (videoRating; spec 3 guestInfo.liked),
 * then sends it to a friend (spec 7 guest/sendVideoShareEmail) in another language and the mail in
 * the outbox is in that language and links the video; the terms page links its text as a file
 * (spec 7 asset/legal-text/download/{id}).
 */
import { clientHeaders, decideConsent, expect, gotoReady, type Page, test } from './fixtures.ts';
import { ageCheckedGuest } from './live-helpers.ts';

const LANGS = ['en', 'de'] as const;
type Lang = (typeof LANGS)[number];

/** Expected texts and paths (kept literal: a test must not reuse the code). */
const TEXT = {
  freeClips: { en: '/en/videos/free-clips/', de: '/de/videos/gratis-clips/' },
  email: { en: "Your friend's e-mail address", de: 'E-Mail-Adresse deines Freundes' },
  language: { en: 'Language of the e-mail', de: 'Sprache der E-Mail' },
  note: { en: 'Personal note (optional)', de: 'Persönliche Nachricht (optional)' },
  send: { en: 'Send', de: 'Senden' },
  sent: { en: (to: string) => `Sent to ${to}.`, de: (to: string) => `An ${to} gesendet.` },
  terms: { en: '/en/terms-of-service/', de: '/de/agb/' },
  download: { en: 'Download this text (HTML file)', de: 'Diesen Text herunterladen (HTML-Datei)' },
} satisfies Record<string, Record<Lang, unknown>>;
/** The other language the friend reads, and the subject's words in it. */
const FRIEND = {
  en: { language: 'nl', subject: 'heeft je een video gestuurd op' },
  de: { language: 'es', subject: 'te ha enviado un vídeo en' },
} as const;

const modal = (page: Page) => page.locator('[role="dialog"][data-modal-id="video-with-player"]');
const likeButton = (page: Page) => modal(page).locator('.video-rating__button--like');
/** The like count shown (grouped by the language: 1,909 / 1.909). */
const likeCount = async (page: Page) =>
  Number(((await likeButton(page).locator('.video-rating__count').textContent()) ?? '').replace(/\D/g, ''));

for (const lang of LANGS) {
  test(`${lang}: like a video in the modal (kept after a reload), share it by e-mail in the friend's language`, async ({
    page,
    request,
    clientIp,
    baseURL,
  }) => {
    await ageCheckedGuest(page, request, clientIp, baseURL, 'vshare');
    await gotoReady(page, TEXT.freeClips[lang]);
    // Each language its own clip: the two tests run at once and a like of the other would move the count.
    const tileLink = page.locator('#pagination .tile--video .tile__link').nth(LANGS.indexOf(lang));
    const videoId = /[?&]video=(\d+)/.exec((await tileLink.getAttribute('href')) ?? '')?.[1];
    expect(videoId).toBeTruthy();
    await tileLink.click();
    await expect(modal(page)).toBeVisible();

    await expect(likeButton(page)).toBeEnabled();
    const before = await likeCount(page);
    await expect(likeButton(page)).toHaveAttribute('aria-pressed', 'false');
    await likeButton(page).click();
    await expect(likeButton(page)).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => likeCount(page)).toBe(before + 1);

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-shell-ready', 'true');
    await expect(modal(page)).toBeVisible();
    await expect(likeButton(page)).toHaveAttribute('aria-pressed', 'true');

    const friend = `friend.${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}@example.com`;
    await modal(page).getByLabel(TEXT.email[lang]).fill(friend);
    await modal(page).getByLabel(TEXT.language[lang]).selectOption(FRIEND[lang].language);
    await modal(page).getByLabel(TEXT.note[lang]).fill('Look <b>here</b>');
    await modal(page).getByRole('button', { name: TEXT.send[lang], exact: true }).click();
    await expect(modal(page).locator('.video-share__sent')).toContainText(TEXT.sent[lang](friend));

    const mail = await page.request.get(`/dev/mail/latest.json?to=${encodeURIComponent(friend)}`, {
      headers: clientHeaders(clientIp),
    });
    expect(mail.ok(), await mail.text()).toBe(true);
    const { subject, text, html } = (await mail.json()).data.mail as {
      subject: string;
      text: string;
      html: string;
    };
    expect(subject).toContain(FRIEND[lang].subject);
    expect(text).toContain(`/${FRIEND[lang].language}/amateur/`);
    expect(text).toContain(`?video=${videoId}`);
    expect(html).toContain('Look &lt;b&gt;here&lt;/b&gt;');
  });

  test(`${lang}: the terms page links its text as a file (attachment)`, async ({ page, baseURL }) => {
    await decideConsent(page.context(), baseURL);
    await gotoReady(page, TEXT.terms[lang]);
    const link = page.getByRole('link', { name: TEXT.download[lang] });
    await expect(link).toHaveAttribute('download', '');
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/rest\/v1\/asset\/legal-text\/download\/\d+$/);
    const file = await page.request.get(href!);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="vela-terms-${lang}-v[0-9a-z.-]+\\.html"$`),
    );
    expect(await file.text()).toMatch(/^<!doctype html>/);
  });
}
