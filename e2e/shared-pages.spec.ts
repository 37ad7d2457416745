/**
 * Pages shared by every guest (decision 0033) in the browser: a logged-in guest's home, profile and
 * videos overview come from the render everyone gets; the shell reads the guest from guest/me and shows
 * their account area without ever showing a visitor's log in buttons first; the overview adds the
 * guest's bought block. A visitor in another browser gets the same pages with nothing of the guest.
 */
import { clientHeaders, expect, type Page, test } from './fixtures.ts';

const PASSWORD = 'violet-harbour-7391';

declare global {
  interface Window {
    /** Set when a visitor's account area was ever in the document. */
    __sawVisitorArea?: boolean;
  }
}

/** Watches the document from its first byte for a visitor's account area (log in / sign up). */
async function watchForVisitorArea(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__sawVisitorArea = false;
    const check = () => {
      if (document.querySelector('[data-navbar-account="visitor"]')) window.__sawVisitorArea = true;
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
  });
}

async function profilePath(page: Page): Promise<string> {
  const home = await (await page.request.get('/en/')).text();
  const path = /href="(\/en\/amateur\/[^/"]+\/)"/.exec(home)?.[1];
  if (!path) throw new Error('no actor link on the home page');
  return path;
}

test('a logged-in guest gets the shared pages with their own account area, never a visitor’s first', async ({
  page,
  browser,
  baseURL,
  clientIp,
}) => {
  await page.context().addCookies([{ name: 'vela_consent', value: 'v1.f0.a0', url: baseURL! }]);
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const name = `shared_${tag}`.slice(0, 30);
  const signup = await page.request.post('/rest/v1/guest/signup', {
    data: { screenName: name, email: `shared.${tag}@example.com`, password: PASSWORD },
    headers: clientHeaders(clientIp),
  });
  expect(signup.status()).toBe(201);
  await watchForVisitorArea(page);

  const paths = ['/en/', await profilePath(page), '/en/videos/'];
  for (const path of paths) {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('data-shell-ready', 'true');
    await expect(page.locator('[data-navbar-account="guest"]')).toBeVisible();
    await expect(page.locator('[data-navbar-balance]')).toBeVisible();
    await expect(page.locator('[data-navbar-account="pending"]')).toHaveCount(0);
    expect(await page.evaluate(() => window.__sawVisitorArea), path).toBe(false);
  }
  // The overview's bought block is the guest's own (empty for a new guest), no longer a placeholder.
  const bought = page.locator('#videos-boughtVideos');
  await expect(bought).toBeVisible();
  await expect(bought.getByText('No videos here yet.')).toBeVisible();
  await expect(page.locator('[data-bought-pending]')).toHaveCount(0);

  // A visitor's browser gets the same pages: log in buttons, nothing of the guest.
  const visitor = await browser.newContext();
  try {
    await visitor.addCookies([{ name: 'vela_consent', value: 'v1.f0.a0', url: baseURL! }]);
    const other = await visitor.newPage();
    for (const path of paths) {
      await other.goto(path);
      await expect(other.locator('html')).toHaveAttribute('data-shell-ready', 'true');
      await expect(other.locator('[data-navbar-account="visitor"]')).toBeVisible();
      expect(await other.content(), path).not.toContain(name);
    }
    await expect(other.locator('#videos-boughtVideos')).toHaveCount(0);
  } finally {
    await visitor.close();
  }
});

test('without JavaScript a guest’s shared page shows its public content', async ({
  browser,
  baseURL,
  clientIp,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    const signup = await page.request.post('/rest/v1/guest/signup', {
      data: {
        screenName: `nojs_${Date.now().toString(36)}`.slice(0, 30),
        email: `nojs.${Date.now().toString(36)}@example.com`,
        password: PASSWORD,
      },
      headers: clientHeaders(clientIp),
    });
    expect(signup.status()).toBe(201);
    await context.addCookies([{ name: 'vela_consent', value: 'v1.f0.a0', url: baseURL! }]);
    await page.goto('/en/');
    await expect(page.locator('main h1')).toBeVisible();
    await expect(page.locator('main a[href^="/en/amateur/"]').first()).toBeVisible();
    await page.goto('/en/videos/');
    await expect(page.locator('main h1')).toBeVisible();
    await expect(page.locator('main .home-block').first()).toBeVisible();
  } finally {
    await context.close();
  }
});
