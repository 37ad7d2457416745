/**
 * Issue 4 "done when" (top-ups through the payment dialog), in real Chromium against the real
 * server, the sandbox payment provider and the real dialog (apps/pay on its own origin), in
 * English and German:
 * - top up 20 € with the test card 4242 -> success with the new balance; the page's own session
 *   (cookies) reads the same balance from guest/getGuestBalance;
 * - the declined test card 0002 -> a clear message, the form stays filled except the CVC, the
 *   balance is unchanged;
 * - the 3-D Secure test card 3220 -> the bank page inside the dialog, Approve -> credited;
 * - SEPA IBAN DE89… -> pending ("we credit it when your bank confirms"), then succeeded;
 * - and, in English: one-click with the saved card, carrier billing with its SMS code, a voice
 *   charge (paytype Voice), and the monthly limit refusing a top-up beyond it.
 */
import type { FrameLocator, Page } from '@playwright/test';
import {
  balanceCentsOf,
  clientHeaders,
  decideConsent,
  expect,
  gotoReady,
  newGuest,
  signUpByApi,
  test,
} from './fixtures.ts';

const LANGS = ['en', 'de'] as const;
type Lang = (typeof LANGS)[number];

/** Literal texts of packages/i18n/src/messages/pay-payment.ts and the sandbox bank page (tests don't reuse the code). */
const TEXT = {
  title: { en: 'Top up coins', de: 'Coins aufladen' },
  amount20: { en: '80 coins for €20,00', de: '80 Coins für 20,00 €' },
  creditCard: { en: 'Credit card', de: 'Kreditkarte' },
  sepa: { en: 'SEPA direct debit', de: 'SEPA-Lastschrift' },
  cardNumber: { en: 'Card number', de: 'Kartennummer' },
  expiry: { en: 'Expiry date (MM/YY)', de: 'Gültig bis (MM/JJ)' },
  cvc: { en: 'Security code (CVC)', de: 'Prüfnummer (CVC)' },
  holder: { en: 'Name on card', de: 'Name auf der Karte' },
  iban: { en: 'IBAN', de: 'IBAN' },
  accountHolder: { en: 'Account holder', de: 'Kontoinhaber' },
  pay20: { en: 'Pay €20,00', de: '20,00 € bezahlen' },
  success: { en: 'Payment successful', de: 'Zahlung erfolgreich' },
  newBalance80: { en: 'Your new balance: 80 coins', de: 'Dein neues Guthaben: 80 Coins' },
  declined: { en: 'Your card was declined.', de: 'Deine Karte wurde abgelehnt.' },
  nothingCharged: { en: 'Nothing has been charged.', de: 'Es wurde nichts abgebucht.' },
  threeDs: { en: 'Confirm with your bank', de: 'Bei deiner Bank bestätigen' },
  approve: { en: 'Approve payment', de: 'Zahlung bestätigen' },
  pending: { en: 'Payment in progress', de: 'Zahlung in Bearbeitung' },
  pendingText: {
    en: 'as soon as your bank confirms the direct debit',
    de: 'sobald deine Bank die Lastschrift bestätigt',
  },
} satisfies Record<string, Record<Lang, string>>;

/** Opens the page with vxpAutoFlow=Payment (spec 2: flow moneycharge) and waits for the charge form. */
async function openTopUp(page: Page, lang: Lang): Promise<FrameLocator> {
  await gotoReady(page, `/${lang}/?vxpAutoFlow=Payment`);
  const frame = page.frameLocator('iframe.payment-dialog__frame');
  await expect(frame.locator('[data-view="payment"][data-screen="moneycharge"]')).toBeVisible();
  await expect(frame.getByRole('heading', { name: TEXT.title[lang] })).toBeVisible();
  return frame;
}

async function payByCard(frame: FrameLocator, lang: Lang, number: string): Promise<void> {
  await frame.getByLabel(TEXT.amount20[lang]).check();
  await frame.getByLabel(TEXT.creditCard[lang]).check();
  // Typed digit by digit: the field groups them in fours as the guest types.
  await frame.getByLabel(TEXT.cardNumber[lang]).pressSequentially(number.replace(/ /g, ''));
  await expect(frame.getByLabel(TEXT.cardNumber[lang])).toHaveValue(number);
  await frame.getByLabel(TEXT.expiry[lang]).pressSequentially('1230');
  await expect(frame.getByLabel(TEXT.expiry[lang])).toHaveValue('12/30');
  await frame.getByLabel(TEXT.cvc[lang]).fill('123');
  await frame.getByLabel(TEXT.holder[lang]).fill('Alex Example');
  await frame.getByRole('button', { name: TEXT.pay20[lang] }).click();
}

async function expectSuccess(frame: FrameLocator, lang: Lang): Promise<void> {
  await expect(frame.getByRole('heading', { name: TEXT.success[lang] })).toBeVisible({ timeout: 15_000 });
  await expect(frame.getByRole('heading', { name: TEXT.success[lang] })).toBeFocused();
  await expect(frame.getByText(TEXT.newBalance80[lang])).toBeVisible();
}

for (const lang of LANGS) {
  test.describe(`top-ups in the payment dialog (${lang})`, () => {
    test.beforeEach(async ({ page, baseURL }) => {
      await decideConsent(page.context(), baseURL);
    });

    test(`${lang}: top up 20 € with test card 4242 -> success, 80 coins, and the page's session reads the balance`, async ({
      page,
      clientIp,
    }) => {
      await signUpByApi(page, clientIp, newGuest('topup'));
      const frame = await openTopUp(page, lang);
      await payByCard(frame, lang, '4242 4242 4242 4242');
      await expectSuccess(frame, lang);
      expect(await balanceCentsOf(page, clientIp)).toBe(2000);
    });

    test(`${lang}: declined test card 0002 -> clear message, form kept but CVC, nothing charged`, async ({
      page,
      clientIp,
    }) => {
      await signUpByApi(page, clientIp, newGuest('topup'));
      const frame = await openTopUp(page, lang);
      await payByCard(frame, lang, '4000 0000 0000 0002');
      const alert = frame.locator('[data-charge-alert="declined"]');
      await expect(alert).toContainText(TEXT.declined[lang]);
      await expect(alert).toContainText(TEXT.nothingCharged[lang]);
      await expect(alert).toBeFocused();
      await expect(frame.getByLabel(TEXT.cardNumber[lang])).toHaveValue('4000 0000 0000 0002');
      await expect(frame.getByLabel(TEXT.holder[lang])).toHaveValue('Alex Example');
      await expect(frame.getByLabel(TEXT.cvc[lang])).toHaveValue('');
      expect(await balanceCentsOf(page, clientIp)).toBe(0);
    });

    test(`${lang}: 3-D Secure test card 3220 -> the bank page inside the dialog -> approve -> credited`, async ({
      page,
      clientIp,
    }) => {
      await signUpByApi(page, clientIp, newGuest('topup'));
      const frame = await openTopUp(page, lang);
      await payByCard(frame, lang, '4000 0000 0000 3220');
      await expect(frame.getByRole('heading', { name: TEXT.threeDs[lang] })).toBeVisible();
      expect(await balanceCentsOf(page, clientIp)).toBe(0);
      const bank = frame.frameLocator('iframe[data-bank-frame]');
      await bank.getByRole('button', { name: TEXT.approve[lang] }).click();
      await expectSuccess(frame, lang);
      expect(await balanceCentsOf(page, clientIp)).toBe(2000);
    });

    test(`${lang}: SEPA direct debit DE89… -> pending until the bank confirms -> succeeded`, async ({
      page,
      clientIp,
    }) => {
      await signUpByApi(page, clientIp, newGuest('topup'));
      const frame = await openTopUp(page, lang);
      await frame.getByLabel(TEXT.amount20[lang]).check();
      await frame.getByLabel(TEXT.sepa[lang]).check();
      await frame.getByLabel(TEXT.iban[lang], { exact: true }).pressSequentially('DE89370400440532013000');
      await expect(frame.getByLabel(TEXT.iban[lang], { exact: true })).toHaveValue(
        'DE89 3704 0044 0532 0130 00',
      );
      await frame.getByLabel(TEXT.accountHolder[lang]).fill('Alex Example');
      // Keyboard: Enter in the last field submits the form.
      await frame.getByLabel(TEXT.accountHolder[lang]).press('Enter');
      await expect(frame.getByRole('heading', { name: TEXT.pending[lang] })).toBeVisible();
      await expect(frame.getByText(TEXT.pendingText[lang])).toBeVisible();
      await expectSuccess(frame, lang);
      expect(await balanceCentsOf(page, clientIp)).toBe(2000);
    });
  });
}

/** Opens a flow through the spec 2 restore parameters (showModalbox=1&vxpFlow=…). */
async function openFlow(page: Page, flow: string, ready: string): Promise<FrameLocator> {
  await gotoReady(page, `/en/?showModalbox=1&vxpFlow=${flow}`);
  const frame = page.frameLocator('iframe.payment-dialog__frame');
  await expect(frame.locator(ready)).toBeVisible();
  return frame;
}

test.describe('more charge flows (en)', () => {
  test.beforeEach(async ({ page, baseURL }) => {
    await decideConsent(page.context(), baseURL);
  });

  test('oneclick: a card saved "for one-click top-ups" charges with one tap (spec 7 canOneClick/chargeOneClick)', async ({
    page,
    clientIp,
  }) => {
    await signUpByApi(page, clientIp, newGuest('topup'));
    let frame = await openFlow(page, 'oneclick', '[data-screen="oneclick"]');
    await expect(frame.locator('[data-one-click-unavailable]')).toBeVisible();
    frame = await openTopUp(page, 'en');
    await expect(frame.getByLabel('Save for one-click top-ups')).toBeChecked();
    await payByCard(frame, 'en', '4242 4242 4242 4242');
    await expectSuccess(frame, 'en');
    await expect
      .poll(async () => {
        const response = await page.request.get('/rest/v1/payment/canOneClick', {
          headers: clientHeaders(clientIp),
        });
        return ((await response.json()) as { data: { canOneClick: boolean } }).data.canOneClick;
      })
      .toBe(true);
    frame = await openFlow(page, 'oneclick', '[data-screen="oneclick"]');
    await expect(frame.getByText('We charge Visa •••• 4242')).toBeVisible();
    await frame.getByRole('button', { name: 'Top up 40 coins for €10,00' }).click();
    await expect(frame.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
    await expect(frame.getByText('Your new balance: 120 coins')).toBeVisible();
    expect(await balanceCentsOf(page, clientIp)).toBe(3000);
  });

  test('carrier: phone number -> SMS code (a wrong one is refused, nothing charged) -> 123456 pays', async ({
    page,
    clientIp,
  }) => {
    await signUpByApi(page, clientIp, newGuest('topup'));
    const frame = await openFlow(page, 'carrier', '[data-view="carrier"][data-screen="number"]');
    await frame.getByLabel('Mobile number').fill('0151 2345');
    await frame.getByRole('button', { name: /Send code/ }).click();
    await expect(frame.getByLabel('Mobile number')).toBeFocused();
    await expect(frame.getByText('Please enter your mobile number with country code')).toBeVisible();
    await frame.getByLabel('Mobile number').fill('+49 151 2345 6789');
    await frame.getByRole('button', { name: /Send code/ }).click();
    await expect(frame.getByRole('heading', { name: 'Enter the SMS code' })).toBeVisible();
    await frame.getByLabel('Code from the SMS').fill('111111');
    await frame.getByRole('button', { name: 'Confirm payment' }).click();
    await expect(frame.getByText('This code is wrong.')).toBeVisible();
    expect(await balanceCentsOf(page, clientIp)).toBe(0);
    await frame.getByLabel('Code from the SMS').fill('123456');
    await frame.getByRole('button', { name: 'Confirm payment' }).click();
    await expect(frame.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
    expect(await balanceCentsOf(page, clientIp)).toBe(1000);
  });

  test('voice: a charge with paytype Voice needs no card', async ({ page, clientIp }) => {
    await signUpByApi(page, clientIp, newGuest('topup'));
    const frame = await openTopUp(page, 'en');
    await frame.getByLabel('Phone call').check();
    await expect(frame.getByLabel('Card number')).toHaveCount(0);
    await frame.getByRole('button', { name: 'Pay €20,00' }).click();
    await expectSuccess(frame, 'en');
    expect(await balanceCentsOf(page, clientIp)).toBe(2000);
  });

  test('limit: the guest sets a monthly limit; a top-up beyond it is refused before anything is charged', async ({
    page,
    clientIp,
  }) => {
    await signUpByApi(page, clientIp, newGuest('topup'));
    let frame = await openFlow(page, 'limit', '[data-screen="limit"]');
    await expect(frame.getByText('You have not set a limit.')).toBeVisible();
    await frame.getByLabel('Monthly limit in euro').fill('30');
    await frame.getByRole('button', { name: 'Save limit' }).click();
    await expect(frame.getByText('Your limit of €30,00 per month has been saved.')).toBeVisible();
    frame = await openTopUp(page, 'en');
    await frame.getByLabel('200 coins for €50,00').check();
    await frame.getByLabel('Phone call').check();
    await frame.getByRole('button', { name: 'Pay €50,00' }).click();
    await expect(
      frame.getByText('This is more than your monthly limit allows. You can still top up €30,00 this month.'),
    ).toBeVisible();
    expect(await balanceCentsOf(page, clientIp)).toBe(0);
    frame = await openFlow(page, 'limit', '[data-screen="limit"]');
    await frame.getByRole('button', { name: 'Remove limit' }).click();
    await expect(frame.getByText('Your limit has been removed.')).toBeVisible();
  });
});
