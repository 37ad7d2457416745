/**
 * Issue 14 "the demo must be finishable by a newcomer", in real Chromium against the real server
 * and the real dialog, started the way a newcomer types the address: http://127.0.0.1:<port>/.
 * - The page redirects to the canonical host (PUBLIC_ORIGIN, localhost), so the payment dialog,
 *   which may be framed by PUBLIC_ORIGIN only, opens and works.
 * - The newcomer signs up in the dialog, asks for the age check from an FSK-18 picture, decides the
 *   request on the sandbox provider's own page inside the dialog (no operator API), and sees the
 *   FSK-18 picture: the image is loaded and its file answered 200.
 */
import { mkdirSync } from 'node:fs';
import type { FrameLocator, Page } from '@playwright/test';
import { expect as baseExpect, test } from './fixtures.ts';

const port = Number(process.env.E2E_PORT ?? 3200);
const LOOPBACK = `http://127.0.0.1:${port}`;
const CANONICAL = `http://localhost:${port}`;
const SHOTS = '/tmp/shots';
/** Each step waits on a named state; a journey of dialogs on a busy CI machine gets 30 s per step. */
const expect = baseExpect.configure({ timeout: 30_000 });

// The newcomer's address: 127.0.0.1 instead of the configured localhost.
test.use({ baseURL: LOOPBACK });

/** Literal texts of packages/i18n/src/messages/pay.ts and the sandbox page (a test must not reuse the code). */
const TEXT = {
  screenName: 'Screen name',
  email: 'Email address',
  password: 'Password',
  signupSubmit: 'Create account',
  signupLink: 'Sign up for free',
  fullName: 'Full name',
  birthDate: 'Date of birth',
  documentType: 'Document type',
  documentNumber: 'Document number',
  avsSubmit: 'Submit for verification',
  avsPendingTitle: 'Your details are being checked',
  approve: 'Approve',
  avsAcceptedTitle: 'Age verified',
  continue: 'Continue',
};

const dialog = (page: Page): FrameLocator => page.frameLocator('iframe.payment-dialog__frame');

async function shellReady(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-shell-ready', 'true');
}

/** Clicks the "verify your age" action of the first FSK-18 placeholder with this reason (retried until hydrated). */
async function openFromFsk18(page: Page, reason: 'need-login' | 'need-age-check'): Promise<void> {
  const placeholder = page.locator(`[data-fsk18-placeholder="${reason}"]`).first();
  await placeholder.scrollIntoViewIfNeeded();
  await expect(async () => {
    if ((await page.locator('iframe.payment-dialog__frame').count()) === 0)
      await placeholder.locator('.fsk18__action').click();
    await expect(page.locator('iframe.payment-dialog__frame')).toHaveCount(1, { timeout: 2000 });
  }).toPass();
}

test('a newcomer on http://127.0.0.1 signs up in the dialog, verifies the age on the sandbox page and sees an FSK-18 picture', async ({
  page,
}) => {
  // A whole journey (sign-up, two dialog flows, the provider page, a reload) on a shared CI machine.
  test.setTimeout(180_000);
  mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.context().addCookies([{ name: 'vela_consent', value: 'v1.f0.a0', url: CANONICAL }]);

  // 127.0.0.1 is sent to the canonical host before anything is rendered.
  const first = await page.goto('/en/');
  expect(first?.request().redirectedFrom()?.url()).toBe(`${LOOPBACK}/en/`);
  expect(page.url()).toBe(`${CANONICAL}/en/`);
  await shellReady(page);

  // The FSK-18 picture the newcomer will see: its tile link, remembered while it is a placeholder.
  const placeholder = page.locator('[data-fsk18-placeholder="need-login"]').first();
  await expect(placeholder).toBeAttached();
  const tileHref = await placeholder.evaluate((el) => el.closest('a')?.getAttribute('href') ?? null);
  expect(tileHref, 'the FSK-18 placeholder sits in a tile link').toBeTruthy();

  // Sign up in the payment dialog (it opens: its frame-ancestors accept this page).
  await openFromFsk18(page, 'need-login');
  const frame = dialog(page);
  await expect(frame.locator('[data-view="login"]')).toBeVisible();
  await frame
    .getByRole('button', { name: TEXT.signupLink })
    .or(frame.getByRole('link', { name: TEXT.signupLink }))
    .click();
  await expect(frame.locator('[data-view="signup"]')).toBeVisible();
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  await frame.getByLabel(TEXT.screenName).fill(`newcomer_${tag}`.slice(0, 32));
  await frame.getByLabel(TEXT.email).fill(`newcomer.${tag}@example.com`);
  await frame.getByLabel(TEXT.password, { exact: true }).fill('Newcomer-e2e-Passw0rd!');
  await frame.getByRole('button', { name: TEXT.signupSubmit }).click();
  await expect(page.locator('[data-navbar-account]')).toHaveAttribute('data-navbar-account', 'guest');
  await shellReady(page);
  expect(new URL(page.url()).origin).toBe(CANONICAL);

  // Logged in, the same picture asks for the age check: the dialog's AVS view.
  await expect(page.locator('iframe.payment-dialog__frame')).toHaveCount(0);
  await openFromFsk18(page, 'need-age-check');
  await expect(frame.locator('[data-view="avs"][data-screen="form"]')).toBeVisible();
  await frame.getByLabel(TEXT.fullName).fill('Nora Newcomer');
  await frame.getByLabel(TEXT.birthDate).fill('1991-02-03');
  await frame.getByLabel(TEXT.documentType).selectOption('passport');
  await frame.getByLabel(TEXT.documentNumber).fill('C01X00T47');
  await frame.getByRole('button', { name: TEXT.avsSubmit }).click();

  // Pending: the sandbox provider's page opens inside the dialog; the newcomer approves.
  await expect(frame.getByRole('heading', { name: TEXT.avsPendingTitle })).toBeVisible();
  const provider = frame.frameLocator('[data-avs-sandbox-frame]');
  await expect(provider.getByText('Nora Newcomer')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/newcomer-avs-sandbox-page.png` });
  await provider.getByRole('button', { name: TEXT.approve }).click();

  // The provider page tells the dialog, which shows the accepted state at once; Continue closes it.
  await expect(frame.getByRole('heading', { name: TEXT.avsAcceptedTitle })).toBeVisible();
  await frame.getByRole('button', { name: TEXT.continue }).click();
  await expect(page.locator('iframe.payment-dialog__frame')).toHaveCount(0);
  await shellReady(page);

  // The FSK-18 picture is shown: no placeholder left, the image loaded, its file answered 200.
  await expect(page.locator('[data-fsk18-placeholder]')).toHaveCount(0);
  const picture = page.locator(`a[href="${tileHref}"] img`).first();
  await picture.scrollIntoViewIfNeeded();
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  const src = await picture.evaluate((img: HTMLImageElement) => img.currentSrc || img.src);
  const file = await page.request.get(src);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toMatch(/^image\//);
  await picture.screenshot({ path: `${SHOTS}/newcomer-fsk18-picture.png` });
  await page.screenshot({ path: `${SHOTS}/newcomer-home-verified.png` });
});
