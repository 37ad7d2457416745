/**
 * Issue 4 deliverable 1 and 3 in real Chromium against the real server: the guest's balance in the
 * navbar and the my-account menu (coins, spec 9), the transaction history of My{brand} with its
 * empty state (a top-up button opening flow moneycharge), and, in English and Dutch, the keyboard
 * and axe checks of the guest area with it.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { clientHeaders, expect, test } from './fixtures.ts';

const LANGS = ['en', 'nl'] as const;
type Lang = (typeof LANGS)[number];
const SHOTS = '/tmp/shots-d';

/** Literal texts of packages/i18n/src/messages/{wallet,shell}.ts (a test must not reuse the code). */
const TEXT = {
  transactions: { en: 'Transactions', nl: 'Transacties' },
  empty: { en: 'No transactions yet.', nl: 'Nog geen transacties.' },
  topUpLabel: { en: 'Top up your balance', nl: 'Tegoed opwaarderen' },
  navbarZero: { en: 'Balance: 0 coins. Top up', nl: 'Tegoed: 0 coins. Opwaarderen' },
  myAccount: { en: 'My account', nl: 'Mijn account' },
  menuBalance: { en: 'Your balance: 0 coins', nl: 'Je tegoed: 0 coins' },
  topUp: { en: 'Top up', nl: 'Opwaarderen' },
} satisfies Record<string, Record<Lang, string>>;

function newGuest(lang: Lang) {
  const tag = `${lang}${Date.now().toString(36)}${Math.floor(Math.random() * 1e5)}`;
  return {
    screenName: `wh_${tag}`.slice(0, 32),
    email: `wh.${tag}@example.com`,
    password: `Wallet e2e ${tag}`,
  };
}

async function gotoReady(page: Page, url: string) {
  const response = await page.goto(url);
  await expect(page.locator('html')).toHaveAttribute('data-shell-ready', 'true');
  return response;
}

async function signUpByApi(page: Page, lang: Lang, clientIp: string) {
  const guest = newGuest(lang);
  const response = await page.request.post('/rest/v1/guest/signup', {
    data: guest,
    headers: clientHeaders(clientIp),
  });
  expect(response.status(), await response.text()).toBe(201);
  return guest;
}

async function noSeriousAxeViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${label} ${v.id}: ${v.nodes[0]?.target}`)).toEqual([]);
}

for (const lang of LANGS) {
  test(`${lang}: a new guest sees 0 coins in the navbar and the menu, and an empty history whose top-up opens flow moneycharge`, async ({
    page,
    baseURL,
    clientIp,
  }) => {
    await page.context().addCookies([{ name: 'vela_consent', value: 'v1.f0.a0', url: baseURL! }]);
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await signUpByApi(page, lang, clientIp);
    await gotoReady(page, `/${lang}/myvela/`);

    // Navbar: the balance in coins (server-rendered, before any script ran it was already there).
    const navbarBalance = page.locator('[data-navbar-balance]');
    await expect(navbarBalance).toHaveAttribute('data-navbar-balance', '0');
    await expect(navbarBalance).toHaveAccessibleName(TEXT.navbarZero[lang]);

    // History: the empty state with a top-up button, reached by keyboard.
    const history = page.getByRole('region', { name: TEXT.transactions[lang] });
    await expect(history.getByRole('heading', { level: 2 })).toHaveText(TEXT.transactions[lang]);
    await expect(history.locator('[data-transactions-state="empty"]')).toBeVisible();
    await expect(history).toContainText(TEXT.empty[lang]);
    await page.screenshot({ path: `${SHOTS}/wallet-empty-${lang}.png`, fullPage: true });
    await noSeriousAxeViolations(page, `/${lang}/myvela/ empty`);

    const topUp = history.getByRole('button', { name: TEXT.topUpLabel[lang] });
    await topUp.focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('iframe.payment-dialog__frame')).toHaveAttribute('src', /flow=moneycharge/);
    await page.keyboard.press('Escape');
    await expect(page.locator('[data-payment-dialog]')).toBeHidden();

    // My-account menu: the balance and a Top up button that opens the same flow.
    await expect(async () => {
      const toggle = page.getByRole('button', { name: TEXT.myAccount[lang] });
      if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true', { timeout: 1000 });
    }).toPass();
    const menuBalance = page.locator('[data-account-balance]');
    await expect(menuBalance).toHaveAttribute('data-account-balance', '0');
    await expect(menuBalance).toContainText(TEXT.menuBalance[lang]);
    await menuBalance.getByRole('button', { name: TEXT.topUp[lang], exact: true }).click();
    await expect(page.locator('iframe.payment-dialog__frame')).toHaveAttribute('src', /flow=moneycharge/);
    expect(pageErrors).toEqual([]);
  });
}
