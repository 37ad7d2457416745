/**
 * Issue 4 deliverables 1 and 3 in real Chromium against the real server, the sandbox payment
 * provider and the real dialog, in English and Dutch:
 * - the guest's balance in the navbar and the my-account menu (coins, spec 9), the empty history
 *   of My{brand} with a top-up button opening flow moneycharge;
 * - money that arrives while the page is open (a bonus code redeemed elsewhere) shows after the tab
 *   becomes visible again; a top-up with test card 4242 in the dialog closes the dialog and shows
 *   the new balance and the history row without a reload;
 * - a row's receipt opens by keyboard as a modal dialog (number, date, amounts, balance after,
 *   Print) and Escape returns focus to the row; axe finds no serious violations.
 */
import type { APIRequestContext } from '@playwright/test';
import {
  clientHeaders,
  decideConsent,
  expect,
  expectNoSeriousAxeViolations,
  gotoReady,
  newGuest,
  signUpByApi,
  test,
} from './fixtures.ts';
import { E2E_INTERNAL_TOKEN } from './playwright.config.ts';

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
  // pay-payment.ts (the dialog's charge form).
  amount20: { en: /^80 coins for €20,00$/, nl: /^80 coins voor €\s20,00$/ },
  creditCard: { en: 'Credit card', nl: 'Creditcard' },
  cardNumber: { en: 'Card number', nl: 'Kaartnummer' },
  expiry: { en: 'Expiry date (MM/YY)', nl: 'Geldig tot (MM/JJ)' },
  cvc: { en: 'Security code (CVC)', nl: 'Beveiligingscode (CVC)' },
  holder: { en: 'Name on card', nl: 'Naam op de kaart' },
  pay20: { en: /^Pay €20,00$/, nl: /^€\s20,00 betalen$/ },
  success: { en: 'Payment successful', nl: 'Betaling gelukt' },
  done: { en: 'Done', nl: 'Klaar' },
  // wallet.ts and money.ts.
  bonusRow: { en: 'Bonus: code ', nl: 'Bonus: code ' },
  topUpRow: { en: 'Top-up: paid by credit card', nl: 'Opwaardering: betaald met creditcard' },
  plus80: { en: '+80 coins', nl: '+80 coins' },
  plusEuro20: { en: /^\+€20,00$/, nl: /^\+€\s20,00$/ },
  balance100: { en: '100 coins', nl: '100 coins' },
  receipt: { en: 'Receipt', nl: 'Bewijs' },
  receiptTitle: { en: /^Receipt R-\d{8,}$/, nl: /^Bewijs R-\d{8,}$/ },
  print: { en: 'Print', nl: 'Afdrukken' },
  navbar100: { en: 'Balance: 100 coins. Top up', nl: 'Tegoed: 100 coins. Opwaarderen' },
  navbar20: { en: 'Balance: 20 coins. Top up', nl: 'Tegoed: 20 coins. Opwaarderen' },
} satisfies Record<string, Record<Lang, string | RegExp>>;

/** Operator API (X-Internal-Token from loopback): a coin bonus code of `cents`. */
async function createCoinCode(request: APIRequestContext, code: string, cents: number) {
  const response = await request.post('/rest/v1/internal/bonus-codes', {
    headers: { 'x-internal-token': E2E_INTERNAL_TOKEN },
    data: { code, reward: { kind: 'coins', cents }, maxRedemptions: 1 },
  });
  expect(response.status(), await response.text()).toBe(201);
}

for (const lang of LANGS) {
  test(`${lang}: a new guest sees 0 coins in the navbar and the menu, and an empty history whose top-up opens flow moneycharge`, async ({
    page,
    baseURL,
    clientIp,
  }) => {
    await decideConsent(page.context(), baseURL);
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await signUpByApi(page, clientIp, newGuest('wh'));
    await gotoReady(page, `/${lang}/myvela/`);

    // Navbar: the balance in coins (server-rendered, before any script ran it was already there).
    const navbarBalance = page.locator('[data-navbar-balance]');
    await expect(navbarBalance).toHaveAttribute('data-navbar-balance', '0');
    await expect(navbarBalance).toHaveAccessibleName(TEXT.navbarZero[lang]);

    // History: the empty state with a top-up button, reached by keyboard.
    const history = page.getByRole('region', { name: TEXT.transactions[lang], exact: true });
    await expect(history.getByRole('heading', { level: 2 })).toHaveText(TEXT.transactions[lang]);
    await expect(history.locator('[data-transactions-state="empty"]')).toBeVisible();
    await expect(history).toContainText(TEXT.empty[lang]);
    await page.screenshot({ path: `${SHOTS}/wallet-empty-${lang}.png`, fullPage: true });
    await expectNoSeriousAxeViolations(page, `/${lang}/myvela/ empty`);

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

for (const lang of LANGS) {
  test(`${lang}: money arriving elsewhere shows at once (socket); a 4242 top-up in the dialog updates navbar and history without reload; receipts open by keyboard`, async ({
    page,
    request,
    baseURL,
    clientIp,
  }) => {
    test.setTimeout(120_000);
    await decideConsent(page.context(), baseURL);
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await signUpByApi(page, clientIp, newGuest('wh'));
    await gotoReady(page, `/${lang}/myvela/`);
    // Marks this document: a reload would lose it.
    await page.evaluate(() => {
      (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
    });
    const history = page.getByRole('region', { name: TEXT.transactions[lang], exact: true });
    await expect(history.locator('[data-transactions-state="empty"]')).toBeVisible();
    const navbarBalance = page.locator('[data-navbar-balance]');

    await test.step('a bonus redeemed elsewhere: the socket shows it at once, without reload (history reloads too)', async () => {
      const code = `WH-${lang}-${Date.now().toString(36)}`.toUpperCase().slice(0, 32);
      await createCoinCode(request, code, 500);
      const redeemed = await page.request.post('/rest/v1/guest/redeemBonus', {
        data: { code },
        headers: clientHeaders(clientIp),
      });
      expect(redeemed.status(), await redeemed.text()).toBe(200);
      // guestBalance on the guest's socket (issue 6); before it, only a tab return refreshed it.
      await expect(navbarBalance).toHaveAttribute('data-navbar-balance', '20');
      await expect(navbarBalance).toHaveAccessibleName(TEXT.navbar20[lang]);
      const row = history.locator('tbody tr').first();
      await expect(row).toHaveAttribute('data-kind', 'bonus');
      await expect(row).toContainText(`${TEXT.bonusRow[lang]}${code}`);
    });

    await test.step('top up 20 € with test card 4242 from the navbar: the dialog closes, balance and history update', async () => {
      await navbarBalance.click();
      const frame = page.frameLocator('iframe.payment-dialog__frame');
      await expect(frame.locator('[data-view="payment"][data-screen="moneycharge"]')).toBeVisible();
      await frame.getByLabel(TEXT.amount20[lang]).check();
      await frame.getByLabel(TEXT.creditCard[lang]).check();
      await frame.getByLabel(TEXT.cardNumber[lang]).pressSequentially('4242424242424242');
      await frame.getByLabel(TEXT.expiry[lang]).pressSequentially('1230');
      await frame.getByLabel(TEXT.cvc[lang]).fill('123');
      await frame.getByLabel(TEXT.holder[lang]).fill('Alex Example');
      await frame.getByRole('button', { name: TEXT.pay20[lang] }).click();
      await expect(frame.getByRole('heading', { name: TEXT.success[lang] })).toBeVisible({ timeout: 15_000 });
      const reread = page.waitForResponse((r) => r.url().includes('/rest/v1/guest/getGuestBalance'));
      await frame.getByRole('button', { name: TEXT.done[lang], exact: true }).click();
      await reread;
      await expect(page.locator('[data-payment-dialog]')).toBeHidden();
      await expect(navbarBalance).toHaveAttribute('data-navbar-balance', '100');
      await expect(navbarBalance).toHaveAccessibleName(TEXT.navbar100[lang]);
      await expect(history.locator('tbody tr')).toHaveCount(2);
      const row = history.locator('tbody tr').first();
      await expect(row).toHaveAttribute('data-kind', 'top-up');
      await expect(row.locator('td').nth(1)).toHaveText(TEXT.topUpRow[lang]);
      await expect(row.locator('.myvela-transactions__coins').first()).toHaveText(TEXT.plus80[lang]);
      await expect(row.locator('.myvela-transactions__euro').first()).toHaveText(TEXT.plusEuro20[lang]);
      await expect(row.locator('.myvela-transactions__coins').nth(1)).toHaveText(TEXT.balance100[lang]);
      expect(
        await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
      ).toBe(true);
    });

    await test.step('the receipt opens by keyboard as a modal dialog with Print; Escape returns to the row', async () => {
      const open = history
        .locator('tbody tr')
        .first()
        .getByRole('button', { name: new RegExp(TEXT.receipt[lang]) });
      await open.focus();
      await page.keyboard.press('Enter');
      const receipt = page.getByRole('dialog', { name: TEXT.receiptTitle[lang] });
      await expect(receipt).toBeVisible();
      const number = await receipt.locator('[data-receipt-number]').textContent();
      await expect(receipt.getByRole('heading', { level: 2 })).toHaveText(new RegExp(`${number}$`));
      await expect(receipt).toContainText(TEXT.topUpRow[lang]);
      await expect(receipt).toContainText(TEXT.plus80[lang]);
      await expect(receipt).toContainText(TEXT.balance100[lang]);
      await expect(receipt.getByRole('button', { name: TEXT.print[lang] })).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/wallet-receipt-${lang}.png` });
      await expectNoSeriousAxeViolations(page, `/${lang}/myvela/ receipt`);
      await page.keyboard.press('Escape');
      await expect(receipt).toBeHidden();
      await expect(open).toBeFocused();
      await page.screenshot({ path: `${SHOTS}/wallet-history-${lang}.png`, fullPage: true });
      await expectNoSeriousAxeViolations(page, `/${lang}/myvela/ history`);
    });
    expect(pageErrors).toEqual([]);
  });
}

test('en: 21 top-ups page as 20 newest first, and "Load more" by keyboard brings the 21st and moves focus to it', async ({
  page,
  baseURL,
  clientIp,
}) => {
  test.setTimeout(120_000);
  await decideConsent(page.context(), baseURL);
  await signUpByApi(page, clientIp, newGuest('wh'));
  // 21 top-ups of 5 € (20 coins) with the sandbox test card, through the payments REST API.
  for (let i = 0; i < 21; i += 1) {
    const response = await page.request.post('/rest/v1/payment/charges', {
      headers: clientHeaders(clientIp),
      data: {
        idempotencyKey: `wallet-history-${clientIp}-${Date.now()}-${i}`,
        flow: 'moneycharge',
        paytype: 'CC',
        amountCents: 500,
        card: {
          number: '4242 4242 4242 4242',
          expMonth: 12,
          expYear: 2030,
          cvc: '123',
          holder: 'Alex Example',
        },
      },
    });
    expect(response.status(), await response.text()).toBeLessThan(300);
    expect(((await response.json()) as { data: { charge: { status: string } } }).data.charge.status).toBe(
      'succeeded',
    );
  }
  await gotoReady(page, '/en/myvela/');
  const history = page.getByRole('region', { name: TEXT.transactions.en, exact: true });
  const rows = history.locator('tbody tr');
  await expect(rows).toHaveCount(20);
  // Newest first: the first row's balance after is all 21 top-ups, the last shown is the 2nd top-up.
  await expect(rows.first().locator('.myvela-transactions__coins').nth(1)).toHaveText('420 coins');
  await expect(rows.last().locator('.myvela-transactions__coins').nth(1)).toHaveText('40 coins');

  const loadMore = history.getByRole('button', { name: 'Load more' });
  await loadMore.focus();
  await page.keyboard.press('Enter');
  await expect(rows).toHaveCount(21);
  await expect(rows.last().locator('.myvela-transactions__coins').nth(1)).toHaveText('20 coins');
  await expect(rows.last().getByRole('button', { name: /Receipt/ })).toBeFocused();
  await expect(history).toContainText('That is all of your transactions.');
  await expect(history.getByRole('button', { name: 'Load more' })).toHaveCount(0);
});
