/**
 * Payment dialog host on the pages (spec 2, 4, 9) and the account shell (spec 6) in real Chromium
 * against the real server. The dialog's own app (apps/pay) is another test's subject: here its
 * origin answers with a small probe page the test drives from inside the frame, so every message
 * really comes from the pay origin (and the page's answers really go there). Screenshots land in
 * /tmp/shots.
 */
import { mkdirSync } from 'node:fs';
import { type BrowserContext, expect, type Frame, type Page, test } from '@playwright/test';
import { decideConsent, gotoReady } from './fixtures.ts';

const SHOTS = '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });

/** Literal texts (packages/i18n/src/messages/account.ts); a test must not reuse the code. */
const TEXT = {
  esAvsTitle: '¿Tienes 18 años o más?',
  esAvsDenied: 'No puedes usar este sitio',
  verifyYourAge: 'Verify your age',
};

/**
 * The probe the pay origin serves: it records what the page posts to it, and the test posts
 * dialog messages from it (origin = the pay origin).
 */
const PROBE_HTML = `<!doctype html><html><head><meta charset="utf-8"><title>dialog probe</title></head>
<body style="margin:0;background:#fff;color:#000;font:16px sans-serif">
<p style="padding:24px">Payment dialog probe</p>
<script>
  window.received = [];
  window.addEventListener('message', (event) => window.received.push({ origin: event.origin, data: event.data }));
</script></body></html>`;

/** The parts of the browser window the test's in-page functions use (the e2e tsconfig has no DOM lib). */
interface ProbeWindow {
  received: { origin: string; data: Record<string, unknown> }[];
  parent: { postMessage(message: unknown, targetOrigin: string): void };
  postMessage(message: unknown, targetOrigin: string): void;
  localStorage: { getItem(key: string): string | null };
}

/** Every request for the dialog (`/?id=..&flow=..&lang=..` on the pay origin) gets the probe. */
async function serveProbe(context: BrowserContext): Promise<void> {
  await context.route(
    (url) => url.searchParams.has('id') && url.searchParams.has('flow') && url.searchParams.has('lang'),
    (route) => route.fulfill({ status: 200, contentType: 'text/html', body: PROBE_HTML }),
  );
}

const host = (page: Page) => page.locator('[data-payment-dialog]');
const frameEl = (page: Page) => page.locator('iframe.payment-dialog__frame');

async function dialogFrame(page: Page): Promise<{ frame: Frame; id: string; src: URL }> {
  const src = new URL((await frameEl(page).getAttribute('src')) ?? '');
  const id = src.searchParams.get('id') ?? '';
  await expect.poll(() => page.frames().some((f) => f.url().startsWith(src.origin))).toBe(true);
  const frame = page.frames().find((f) => f.url().startsWith(src.origin));
  if (!frame) throw new Error('dialog frame not found');
  await frame.waitForFunction(() => Array.isArray((globalThis as unknown as Partial<ProbeWindow>).received));
  return { frame, id, src };
}

/** How many messages the page has posted to the frame so far. */
function receivedCount(frame: Frame): Promise<number> {
  return frame.evaluate(() => (globalThis as unknown as ProbeWindow).received.length);
}

/** Posts a dialog message from inside the frame (origin = pay origin) to the page. */
async function fromDialog(frame: Frame, message: Record<string, unknown>): Promise<void> {
  await frame.evaluate((m) => (globalThis as unknown as ProbeWindow).parent.postMessage(m, '*'), message);
}

test.describe('payment dialog host (spec 2, 4, 9)', () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await decideConsent(context, baseURL);
    await serveProbe(context);
  });

  test('spec 9: the iframe opens 675x740 centred over a 0.3 overlay (z 10000/10001) with a 140x140 spinner', async ({
    page,
  }) => {
    // From 1368 px the navbar shows Log in next to Sign up.
    await page.setViewportSize({ width: 1440, height: 900 });
    await gotoReady(page, '/en/');
    const login = page.locator('[data-navbar-account] [data-open-dialog="login"]');
    await login.click();
    await expect(host(page)).toHaveAttribute('data-dialog-state', 'created');
    const box = await frameEl(page).boundingBox();
    expect(box).not.toBeNull();
    expect(Math.round(box!.width)).toBe(675);
    expect(Math.round(box!.height)).toBe(740);
    // Centred in the viewport layer the overlay covers (fixed, inset 0).
    const overlay = page.locator('[data-dialog-overlay]');
    const layer = await overlay.boundingBox();
    expect(Math.round(box!.x + box!.width / 2)).toBe(Math.round(layer!.x + layer!.width / 2));
    expect(Math.round(box!.y + box!.height / 2)).toBe(Math.round(layer!.y + layer!.height / 2));
    await expect(overlay).toHaveCSS('opacity', '0.3');
    await expect(overlay).toHaveCSS('z-index', '10000');
    await expect(frameEl(page)).toHaveCSS('z-index', '10001');
    const spinner = page.locator('[data-dialog-spinner]');
    await expect(spinner).toBeVisible();
    const spinnerBox = await spinner.boundingBox();
    expect(Math.round(spinnerBox!.width)).toBe(140);
    expect(Math.round(spinnerBox!.height)).toBe(140);
    const src = new URL((await frameEl(page).getAttribute('src')) ?? '');
    expect(src.searchParams.get('flow')).toBe('login');
    expect(src.searchParams.get('lang')).toBe('en');
    expect(src.searchParams.get('id')).toMatch(/^[\w-]{8,100}$/);
    await page.screenshot({ path: `${SHOTS}/dialog-loading-1440.png` });
  });

  test('spec 4/5: protocol — init answers iframe-ready, transfer-token maximises, content-loaded shows, close removes and returns focus', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await gotoReady(page, '/de/');
    const login = page.locator('[data-navbar-account] [data-open-dialog="login"]');
    await login.click();
    const { frame, id, src } = await dialogFrame(page);

    await fromDialog(frame, { id, type: 'iframe-ready' });
    await expect.poll(() => receivedCount(frame)).toBe(1);
    const [init] = await frame.evaluate(() => (globalThis as unknown as ProbeWindow).received);
    expect(new URL(page.url()).origin).toBe(init!.origin);
    expect(init!.data).toMatchObject({ id, type: 'init', flow: 'login', language: 'de' });
    expect(typeof init!.data.accessToken).toBe('string');

    await fromDialog(frame, { id, type: 'transfer-token', token: 'transfer-123' });
    await expect(host(page)).toHaveAttribute('data-dialog-state', 'ready');
    // Maximised: the whole viewport layer (the overlay's box, fixed inset 0).
    const box = await frameEl(page).boundingBox();
    const layer = await page.locator('[data-dialog-overlay]').boundingBox();
    expect(box).toEqual(layer);
    expect(Math.round(box!.height)).toBe(900);
    expect(box!.width).toBeGreaterThan(1200);

    await fromDialog(frame, { id, type: 'content-loaded' });
    await expect(host(page)).toHaveAttribute('data-dialog-state', 'visible');
    await expect(page.locator('[data-dialog-spinner]')).toHaveCount(0);
    await expect(frameEl(page)).toBeFocused();

    // A message with another id, even from the pay origin, is ignored. The page handles the dialog's
    // messages in the order they were posted, so once it has answered a following iframe-ready (an
    // init, which a closed dialog would not get), the ignored close has had its turn.
    await fromDialog(frame, { id: 'someone-else', type: 'close' });
    await fromDialog(frame, { id, type: 'iframe-ready' });
    await expect.poll(() => receivedCount(frame)).toBe(2);
    await expect(host(page)).toHaveAttribute('data-dialog-state', 'visible');
    await expect(frameEl(page)).toHaveCount(1);

    // An invalid message with the right id is ignored too (console only).
    await fromDialog(frame, { id, type: 'close', extra: 'not declared' });
    await fromDialog(frame, { id, type: 'iframe-ready' });
    await expect.poll(() => receivedCount(frame)).toBe(3);
    await expect(host(page)).toHaveAttribute('data-dialog-state', 'visible');
    await expect(frameEl(page)).toHaveCount(1);

    await fromDialog(frame, { id, type: 'close' });
    await expect(frameEl(page)).toHaveCount(0);
    expect(src.origin).not.toBe(new URL(page.url()).origin);
    // Focus returns to the opener (the navbar's login button; the menu may have closed since).
    await expect(login).toBeFocused();
  });

  test('spec 5: a message from a foreign origin (the page itself) is ignored', async ({ page }) => {
    await gotoReady(page, '/en/');
    await page.locator('[data-navbar-account] [data-open-dialog="signup"]').click();
    const { frame, id } = await dialogFrame(page);
    await expect(host(page)).toHaveAttribute('data-dialog-state', 'created');
    // Same id, right shape, wrong origin: the page's own window.
    await page.evaluate((dialogId) => {
      const window = globalThis as unknown as ProbeWindow;
      window.postMessage({ id: dialogId, type: 'transfer-token', token: 'forged' }, '*');
      window.postMessage({ id: dialogId, type: 'iframe-ready' }, '*');
      window.postMessage({ id: dialogId, type: 'close' }, '*');
    }, id);
    // The page handles its messages in the order they were posted: once it has answered the genuine
    // iframe-ready posted after them (an init, which a closed dialog would not get), the forged ones
    // have had their turn, and changed nothing.
    await fromDialog(frame, { id, type: 'iframe-ready' });
    await expect.poll(() => receivedCount(frame)).toBe(1);
    await expect(host(page)).toHaveAttribute('data-dialog-state', 'created');
    await expect(frameEl(page)).toHaveCount(1);
    // The one answer the frame got is the genuine one's: nothing went to it for the forged iframe-ready.
    const received = await frame.evaluate(() => (globalThis as unknown as ProbeWindow).received);
    expect(received.map((message) => message.data.type)).toEqual(['init']);
    // The genuine dialog is still heard.
    await fromDialog(frame, { id, type: 'transfer-token', token: 'real' });
    await expect(host(page)).toHaveAttribute('data-dialog-state', 'ready');
  });

  test('spec 2: vxpFlow and vxpAutoFlow open the dialog and are stripped from the address', async ({
    page,
  }) => {
    await gotoReady(page, '/en/?showModalbox=1&vxpFlow=vipabo&keep=1');
    await expect(frameEl(page)).toHaveCount(1);
    await expect.poll(() => new URL(page.url()).search).toBe('?showModalbox=1&keep=1');
    const restored = new URL((await frameEl(page).getAttribute('src')) ?? '');
    // The flow as asked: for a visitor the dialog shows its login first, then continues (spec 6).
    expect(restored.searchParams.get('flow')).toBe('vipabo');
    expect(restored.searchParams.get('sview')).toBe('wait');

    await gotoReady(page, '/en/?vxpAutoFlow=SignUp');
    await expect(frameEl(page)).toHaveCount(1);
    await expect.poll(() => new URL(page.url()).search).toBe('');
    const auto = new URL((await frameEl(page).getAttribute('src')) ?? '');
    expect(auto.searchParams.get('flow')).toBe('signup');

    await gotoReady(page, '/en/?tpEmailPwdLost=someone%40example.com');
    const { frame, id } = await dialogFrame(page);
    expect(new URL((await frameEl(page).getAttribute('src')) ?? '').searchParams.get('flow')).toBe('pwdlost');
    await fromDialog(frame, { id, type: 'iframe-ready' });
    await expect.poll(() => receivedCount(frame)).toBe(1);
    const [init] = await frame.evaluate(() => (globalThis as unknown as ProbeWindow).received);
    expect(init!.data).toMatchObject({ flow: 'pwdlost', prefill: { email: 'someone@example.com' } });
  });
});

test.describe('account shell (spec 6)', () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await decideConsent(context, baseURL);
    await serveProbe(context);
  });

  test('es-avs: Spanish pages ask "are you 18?" until answered; Yes sets vela_forced_avs for a year', async ({
    page,
    context,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await gotoReady(page, '/es/');
    const modal = page.locator('[data-modal-id="es-avs"]');
    // Already there the moment the shell is ready: the checks of its absence below rely on that.
    expect(await modal.count()).toBe(1);
    await expect(modal).toBeVisible();
    await expect(modal.getByRole('heading')).toHaveText(TEXT.esAvsTitle);
    await page.screenshot({ path: `${SHOTS}/es-avs-390.png` });
    // It must be answered: Escape does not close it.
    await page.keyboard.press('Escape');
    await expect(modal).toBeVisible();
    await modal.locator('[data-es-avs-answer="no"]').click();
    await expect(modal.getByRole('heading')).toHaveText(TEXT.esAvsDenied);
    await page.screenshot({ path: `${SHOTS}/es-avs-refused-390.png` });
    expect((await context.cookies()).some((c) => c.name === 'vela_forced_avs')).toBe(false);

    await gotoReady(page, '/es/');
    await expect(modal).toBeVisible();
    await modal.locator('[data-es-avs-answer="yes"]').click();
    await expect(modal).toHaveCount(0);
    const cookie = (await context.cookies()).find((c) => c.name === 'vela_forced_avs');
    expect(cookie).toBeDefined();
    expect(cookie!.sameSite).toBe('Lax');
    const days = (cookie!.expires - Date.now() / 1000) / 86_400;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThan(366);
    // The shell opens its modals before it marks itself ready (AccountAutoDialogs): none now, none coming.
    await gotoReady(page, '/es/');
    await expect(modal).toHaveCount(0);
  });

  test('logged-in shell: name, AVS hint with Verify age (flow avs), Get VIP opens the VIP dialog, Log out back to a visitor', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
    const signup = await page.request.post('/rest/v1/guest/signup', {
      data: { screenName: `host_${tag}`, email: `host.${tag}@example.com`, password: 'Host-e2e-Passw0rd!' },
    });
    expect(signup.status()).toBe(201);
    await gotoReady(page, '/en/');
    await expect(page.locator('[data-navbar-account]')).toHaveAttribute('data-navbar-account', 'guest');
    // The VIP club is sold since it delivers live preview 20 (issue 16): Get VIP for a non-VIP guest.
    await expect(page.locator('[data-get-vip]')).toHaveAttribute('data-get-vip', 'vip-dialog');
    await page.locator('#menu-toggle-my-account').click();
    const menu = page.locator('[data-account-menu]');
    await expect(menu).toContainText(`host_${tag}`);
    await expect(menu.locator('[data-avs-status="unknown"]')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/guest-menu-1280.png` });
    await menu.locator('[data-open-dialog="avs"]').click();
    await expect(frameEl(page)).toHaveCount(1);
    expect(new URL((await frameEl(page).getAttribute('src')) ?? '').searchParams.get('flow')).toBe('avs');
    await page.keyboard.press('Escape');
    await expect(frameEl(page)).toHaveCount(0);
    await expect(menu.locator('[data-open-dialog="vipabo"]')).toHaveCount(0);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('#menu-toggle-my-account').click();
    await expect(menu).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/guest-menu-390.png` });
    await Promise.all([page.waitForEvent('load'), menu.locator('[data-logout]').click()]);
    await expect(page.locator('html')).toHaveAttribute('data-shell-ready', 'true');
    await expect(page.locator('[data-navbar-account]')).toHaveAttribute('data-navbar-account', 'visitor');
  });

  test('es-avs is only for Spanish pages', async ({ page }) => {
    // The shell opens its modals before it marks itself ready (AccountAutoDialogs): none now, none coming.
    await gotoReady(page, '/en/');
    await expect(page.locator('[data-modal-id="es-avs"]')).toHaveCount(0);
  });

  test('FSK-18 pictures: visitors get an 18+ placeholder (no image behind it) whose button opens the login', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await gotoReady(page, '/en/');
    const placeholders = page.locator('[data-fsk18-placeholder="need-login"]');
    await expect(placeholders.first()).toBeVisible();
    expect(await placeholders.count()).toBeGreaterThan(0);
    const first = placeholders.first();
    await first.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/home-visitor-1280.png` });
    const box = await first.boundingBox();
    expect(box!.width).toBeGreaterThan(50);
    expect(box!.height).toBeGreaterThan(30);
    const before = page.url();
    await first.getByText(TEXT.verifyYourAge).click();
    await expect(frameEl(page)).toHaveCount(1);
    expect(new URL((await frameEl(page).getAttribute('src')) ?? '').searchParams.get('flow')).toBe('login');
    expect(page.url()).toBe(before);
    // The placeholder requests nothing: no image element inside any of them.
    expect(await page.locator('[data-fsk18-placeholder] img').count()).toBe(0);

    await page.setViewportSize({ width: 390, height: 844 });
    await gotoReady(page, '/en/');
    await expect(page.locator('[data-fsk18-placeholder]').first()).toBeVisible();
    await page.locator('[data-fsk18-placeholder]').first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/home-visitor-390.png` });
  });

  test('Lindemann landing page in every language with Log in / Sign up', async ({ page }) => {
    for (const lang of ['de', 'en', 'nl', 'es'] as const) {
      const response = await page.goto(`/${lang}/lindemann/`);
      expect(response?.status()).toBe(200);
      await expect(page.locator('[data-lindemann] h1')).toBeVisible();
      await expect(page.locator('[data-lindemann] [data-open-dialog="login"]')).toBeVisible();
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await gotoReady(page, '/de/lindemann/');
    await page.screenshot({ path: `${SHOTS}/lindemann-1280.png` });
    await page.locator('[data-lindemann] [data-open-dialog="login"]').click();
    await expect(frameEl(page)).toHaveCount(1);
    const stored = await page.evaluate(() =>
      (globalThis as unknown as ProbeWindow).localStorage.getItem('onLoginAction'),
    );
    expect(JSON.parse(stored ?? 'null')).toEqual({
      type: 'redirectTo',
      params: { targetUrl: '/de/', options: { delayMs: 500 } },
    });
  });
});
