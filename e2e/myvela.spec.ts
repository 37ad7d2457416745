/**
 * Guest area My{brand} (issue 3 deliverable 6) in real Chromium against the real server: the
 * login prompt for visitors, and for a guest signed up through the REST API the root page and the
 * profile page (preferences, newsletter types of spec 3, notification settings, password change,
 * sessions list with sign-out). Data is created through the API, unique per test run.
 *
 * One guest only: the server allows 5 signups per IP and hour (spec: rate-limited signup), and
 * every browser test of the suite shares that budget.
 */
import { mkdirSync } from 'node:fs';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { decideConsent, expectNoSeriousAxeViolations, gotoReady, newGuest } from './fixtures.ts';

const SHOTS = '/tmp/shots';

/** Expected texts from packages/i18n/src/messages/myvela.ts (kept literal: a test must not reuse the code). */
const TEXT = {
  visitorTitle: { en: 'Please log in', de: 'Bitte melde dich an' },
  login: { en: 'Log in', de: 'Anmelden' },
  signup: { en: 'Sign up', de: 'Registrieren' },
} as const;

async function login(request: APIRequestContext, name: string, password: string) {
  const response = await request.post('/rest/v1/guest/login', { data: { login: name, password } });
  expect(response.status(), await response.text()).toBe(200);
}

async function loggedIn(request: APIRequestContext): Promise<boolean> {
  const response = await request.get('/rest/v1/guest/me');
  return response.status() === 200;
}

test.describe('guest area for visitors (spec 6: visitors may open login and signup)', () => {
  for (const lang of ['en', 'de'] as const) {
    test(`/${lang}/myvela/ answers 200, noindex, with a login prompt that opens the payment dialog`, async ({
      page,
      baseURL,
    }) => {
      await decideConsent(page.context(), baseURL);
      const response = await gotoReady(page, `/${lang}/myvela/`);
      expect(response?.status()).toBe(200);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^My/);
      await expect(page.getByRole('heading', { level: 2, name: TEXT.visitorTitle[lang] })).toBeVisible();
      await expect(
        page.getByRole('main').getByRole('button', { name: TEXT.signup[lang], exact: true }),
      ).toBeVisible();
      await page.getByRole('main').getByRole('button', { name: TEXT.login[lang], exact: true }).click();
      // The login flow of the payment dialog, on its own origin.
      const frame = page.locator('iframe.payment-dialog__frame');
      await expect(frame).toHaveAttribute('src', /flow=login/);
    });
  }

  test('the profile page also asks a visitor to log in, and stays out of search engines', async ({
    page,
  }) => {
    const response = await page.goto('/en/myvela/profile/');
    expect(response?.status()).toBe(200);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expect(page.getByRole('heading', { level: 2, name: TEXT.visitorTitle.en })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Preferences' })).toHaveCount(0);
  });
});

test.describe('guest area of a logged-in guest (issue 3: profile, newsletters, notifications, password, sessions)', () => {
  test('root and profile: preferences persist, newsletter types toggle, password change ends other sessions, sessions can be signed out', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    mkdirSync(SHOTS, { recursive: true });
    const guest = newGuest('mv');
    // Server HTML and hydrated page agree (no hydration mismatch, no uncaught error).
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' && /hydrat/i.test(message.text())) pageErrors.push(message.text());
    });
    await decideConsent(page.context(), baseURL);
    const signup = await page.request.post('/rest/v1/guest/signup', {
      data: { screenName: guest.screenName, email: guest.email, password: guest.password },
    });
    expect(signup.status(), await signup.text()).toBe(201);

    await test.step('root: greeting, age verification status and the way to the profile', async () => {
      const response = await gotoReady(page, '/en/myvela/');
      expect(response?.status()).toBe(200);
      expect(response?.headers()['cache-control']).toContain('no-store');
      await expect(page.getByText(`Hello ${guest.screenName}!`)).toBeVisible();
      const avs = page.getByRole('region', { name: /Age verification/ });
      await expect(avs).toContainText('Not verified');
      await expect(avs.getByRole('button', { name: 'Verify age' })).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/myvela-root-1280.png`, fullPage: true });
      await page.getByRole('link', { name: /Profile and settings/ }).click();
      await expect(page).toHaveURL(/\/en\/myvela\/profile\/$/);
    });

    await test.step('profile: every section with its heading; account shows name and email', async () => {
      await expect(page.getByRole('heading', { level: 1, name: 'Profile and settings' })).toBeVisible();
      for (const heading of [
        'Account',
        'Preferences',
        'Newsletters',
        'Notifications',
        'Password',
        'Sessions',
      ]) {
        await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
      }
      const account = page.getByRole('region', { name: 'Account' });
      await expect(account).toContainText(guest.screenName);
      await expect(account).toContainText(guest.email);
      await expect(page.locator('.myvela-session')).toHaveCount(1);
      await expect(page.locator('.myvela-session').first()).toContainText('This device');
    });

    await test.step('axe finds no serious violations; screenshots at 1280 and 390', async () => {
      await expectNoSeriousAxeViolations(page, '/en/myvela/profile/', '#content');
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.screenshot({ path: `${SHOTS}/myvela-profile-1280.png`, fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: `${SHOTS}/myvela-profile-390.png`, fullPage: true });
      await expectNoSeriousAxeViolations(page, '/en/myvela/profile/ (390 px)', '#content');
      await page.setViewportSize({ width: 1280, height: 900 });
    });

    await test.step('preferences: saved and still there after a reload', async () => {
      const preferences = page.getByRole('region', { name: 'Preferences' });
      await preferences.getByLabel('Language of emails and pages').selectOption('nl');
      await preferences.getByLabel('Play video previews on hover').check();
      const saved = page.waitForResponse((r) => r.url().includes('/rest/v1/guest/savePreferences'));
      await preferences.getByRole('button', { name: 'Save' }).click();
      expect((await saved).status()).toBe(200);
      await expect(preferences.getByRole('status')).toHaveText('Your preferences were saved.');

      await page.reload();
      const reloaded = page.getByRole('region', { name: 'Preferences' });
      await expect(reloaded.getByLabel('Language of emails and pages')).toHaveValue('nl');
      await expect(reloaded.getByLabel('Play video previews on hover')).toBeChecked();
      await expect(reloaded.getByLabel('Show models who are online first')).not.toBeChecked();
    });

    await test.step('newsletter: a type subscribes at once and unsubscribes again (spec 3 bit 1024)', async () => {
      const newsletter = page.getByRole('region', { name: 'Newsletters' });
      const vipClub = newsletter.getByLabel('VIP club');
      await expect(vipClub).not.toBeChecked();
      const subscribed = page.waitForResponse((r) => r.url().includes('/rest/v1/guest/newsletter/subscribe'));
      await vipClub.check();
      expect((await subscribed).request().postDataJSON()).toMatchObject({
        typeId: 1024,
        emailAddress: guest.email,
      });
      await expect(newsletter.getByRole('status')).toHaveText('You now get the VIP club newsletter.');
      const profile = await (await page.request.get('/rest/v1/guest/profile')).json();
      expect(profile.data.newsletterTypes).toEqual(['vipClub']);

      await page.reload();
      const again = page.getByRole('region', { name: 'Newsletters' });
      await expect(again.getByLabel('VIP club')).toBeChecked();
      await expect(again.getByLabel('Contests')).not.toBeChecked();
      const unsubscribed = page.waitForResponse((r) =>
        r.url().includes('/rest/v1/guest/newsletter/unsubscribe'),
      );
      await again.getByLabel('VIP club').uncheck();
      await unsubscribed;
      await expect(again.getByRole('status')).toHaveText('You no longer get the VIP club newsletter.');
      await expect(again.getByLabel('VIP club')).not.toBeChecked();
    });

    await test.step('notifications: a toggle saved with the keyboard survives a reload', async () => {
      const notifications = page.getByRole('region', { name: 'Notifications' });
      const webPush = notifications.getByLabel('Browser notifications');
      const before = await webPush.isChecked();
      await webPush.focus();
      await page.keyboard.press('Space');
      await expect(webPush).toBeChecked({ checked: !before });
      const saved = page.waitForResponse(
        (r) => r.url().includes('/rest/v1/guest/getNotificationsSettings') && r.request().method() === 'POST',
      );
      await notifications.getByRole('button', { name: 'Save' }).focus();
      await page.keyboard.press('Enter');
      expect((await saved).status()).toBe(200);
      await expect(notifications.getByRole('status')).toHaveText('Your notification settings were saved.');
      await page.reload();
      await expect(
        page.getByRole('region', { name: 'Notifications' }).getByLabel('Browser notifications'),
      ).toBeChecked({ checked: !before });
    });

    await test.step('sessions: a second login elsewhere shows up and can be signed out', async () => {
      const other = await browser.newContext({ baseURL });
      await login(other.request, guest.screenName, guest.password);
      const sessions = page.getByRole('region', { name: 'Sessions' });
      const listed = page.waitForResponse((r) => r.url().endsWith('/rest/v1/guest/sessions'));
      await sessions.getByRole('button', { name: 'Reload list' }).click();
      await listed;
      await expect(sessions.locator('.myvela-session')).toHaveCount(2);
      await expect(sessions.locator('.myvela-session--current')).toHaveCount(1);
      await expect(sessions.locator('.myvela-session--current')).toContainText('This device');
      await expect(sessions.locator('.myvela-session--current').getByRole('button')).toHaveCount(0);

      const revoked = page.waitForResponse(
        (r) => r.url().includes('/rest/v1/guest/sessions/') && r.request().method() === 'DELETE',
      );
      await sessions.getByRole('button', { name: /^Sign out / }).click();
      expect((await revoked).status()).toBe(200);
      await expect(sessions.locator('.myvela-session')).toHaveCount(1);
      await expect(sessions.getByRole('status')).toContainText('was signed out');
      expect(await loggedIn(other.request)).toBe(false);
      expect(await loggedIn(page.request)).toBe(true);
      await other.close();
    });

    await test.step('password: wrong current password and a common new one are refused next to their field', async () => {
      const password = page.getByRole('region', { name: 'Password' });
      const current = password.getByLabel('Current password');
      const next = password.getByLabel('New password');
      // Client-side policy feedback while typing (@vela/domain/password-policy).
      await next.fill('password');
      await expect(next).toHaveAttribute('aria-invalid', 'true');
      await expect(password.locator('#newPassword-error')).toHaveText(/too common/);
      // The server's answer to a wrong current password.
      await current.fill('not the password at all');
      await next.fill(`${guest.password} second`);
      await expect(password.getByText('This password can be used.')).toBeVisible();
      const refused = page.waitForResponse((r) => r.url().endsWith('/rest/v1/guest/password'));
      await password.getByRole('button', { name: 'Change password' }).click();
      expect((await refused).status()).toBe(401);
      await expect(password.locator('#currentPassword-error')).toHaveText('The current password is wrong.');
      await expect(current).toBeFocused();
    });

    await test.step('password: a change ends the other sessions and the list reloads', async () => {
      const other = await browser.newContext({ baseURL });
      await login(other.request, guest.screenName, guest.password);
      const newPassword = `${guest.password} second`;
      const password = page.getByRole('region', { name: 'Password' });
      await password.getByLabel('Current password').fill(guest.password);
      await password.getByLabel('New password').fill(newPassword);
      const changed = page.waitForResponse((r) => r.url().endsWith('/rest/v1/guest/password'));
      const relisted = page.waitForResponse((r) => r.url().endsWith('/rest/v1/guest/sessions'));
      await password.getByRole('button', { name: 'Change password' }).click();
      expect((await changed).status()).toBe(200);
      await expect(password.getByRole('status')).toHaveText(
        'Your password was changed. Your other sessions were signed out.',
      );
      await relisted;
      await expect(page.getByRole('region', { name: 'Sessions' }).locator('.myvela-session')).toHaveCount(1);
      expect(await loggedIn(other.request)).toBe(false);
      expect(await loggedIn(page.request)).toBe(true);
      await login(other.request, guest.screenName, newPassword);
      await other.close();
    });

    await test.step('German profile: headings and dates in the page language', async () => {
      await gotoReady(page, '/de/myvela/profil/');
      await expect(page.getByRole('heading', { level: 1, name: 'Profil und Einstellungen' })).toBeVisible();
      const sessions = page.getByRole('region', { name: 'Sitzungen' });
      await expect(sessions.locator('.myvela-session--current')).toContainText('Dieses Gerät');
      await expect(sessions.locator('time').first()).toHaveText(/\d{2}\.\d{2}\.\d{4}/);
      await page.screenshot({ path: `${SHOTS}/myvela-profile-de-1280.png`, fullPage: true });
    });

    await test.step('a session ended elsewhere: the page hears sessionExpired, reloads by itself and offers the login', async () => {
      const response = await page.request.post('/rest/v1/vxpay/logout');
      expect(response.status()).toBe(200);
      // Spec 4: the socket's sessionExpired reloads the page (no payment flow waits), as the visitor's page.
      await expect(page.getByRole('heading', { level: 2, name: 'Bitte melde dich an' })).toBeVisible();
    });
    expect(pageErrors).toEqual([]);
  });
});
