/**
 * Pin call verification in the profile page (issue 18 "Done when": verify a phone number with the pin
 * from the outbox, and see code 8 for a wrong pin and 9 after too many). A guest signed up through the
 * API types a number, gets the pin from the telephony sandbox (the dev outbox's JSON twin, kind sms),
 * and verifies it by keyboard; a second guest sees the wrong-pin sentence with the attempts left, then
 * the attempt-limit sentence.
 */
import { decideConsent, expect, gotoReady, newGuest, type Page, signUpByApi, test } from './fixtures.ts';
import { smsPinFromOutbox } from './outbox.ts';

/** Expected texts from packages/i18n/src/messages/pincall.ts (kept literal: a test must not reuse the code). */
const TEXT = {
  section: { en: 'Phone number', de: 'Telefonnummer' },
  send: { en: 'Send code', de: 'Code senden' },
  code: { en: 'Code', de: 'Code' },
  verify: { en: 'Verify', de: 'Bestätigen' },
} as const;

/** A German mobile number no other test or run uses (the per-number limit allows 3 starts an hour). */
const freshMobile = () => `+49 151 ${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

async function sendCode(page: Page, lang: 'en' | 'de', typed: string) {
  const section = page.getByRole('region', { name: TEXT.section[lang] });
  await expect(section).toBeVisible();
  await section.getByLabel(TEXT.section[lang], { exact: true }).fill(typed);
  await section.getByRole('button', { name: TEXT.send[lang] }).click();
  const code = section.getByLabel(TEXT.code[lang], { exact: true });
  await expect(code).toBeFocused();
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  await expect(code).toHaveAttribute('maxlength', '6');
  return { section, code };
}

test.describe('pin call verification on the profile page (spec 4, 5, 8)', () => {
  test('a mobile number is verified with the 6-digit pin from the outbox and listed masked', async ({
    page,
    baseURL,
    clientIp,
  }) => {
    await decideConsent(page.context(), baseURL);
    await gotoReady(page, '/en/');
    await signUpByApi(page, clientIp, newGuest('pin'));
    await gotoReady(page, '/en/myvela/profile/');
    const typed = freshMobile();
    const { section, code } = await sendCode(page, 'en', typed);
    await expect(section.getByRole('status')).toContainText(`We sent a 6-digit code by SMS to ${typed}.`);
    const pin = await smsPinFromOutbox(page, clientIp, typed);
    // Keyboard only: type the pin, Enter submits.
    await code.pressSequentially(pin);
    await code.press('Enter');
    await expect(section.getByRole('status')).toContainText(`Done: ${typed} is verified.`);
    await expect(section.getByTestId('pincall-verified')).toContainText(`+49 151 ••• ${typed.slice(-4)}`);
    await page.screenshot({ path: '/tmp/e-pw/pincall-verified.png', fullPage: false });
  });

  test('a wrong pin answers code 8 with the attempts left; the third answers 9 and a new code is needed', async ({
    page,
    baseURL,
    clientIp,
  }) => {
    await decideConsent(page.context(), baseURL);
    await gotoReady(page, '/de/');
    await signUpByApi(page, clientIp, newGuest('pinwrong'));
    await gotoReady(page, '/de/myvela/profil/');
    const typed = freshMobile();
    const { section, code } = await sendCode(page, 'de', typed);
    const pin = await smsPinFromOutbox(page, clientIp, typed);
    const wrong = `${(Number(pin[0]) + 1) % 10}${pin.slice(1)}`;
    await code.fill(wrong);
    await section.getByRole('button', { name: TEXT.verify.de }).click();
    await expect(section.getByText('Der Code ist falsch — noch 2 Versuche.')).toBeVisible();
    await code.fill(wrong);
    await code.press('Enter');
    await expect(section.getByText('Der Code ist falsch — noch 1 Versuch.')).toBeVisible();
    await code.fill(wrong);
    await code.press('Enter');
    await expect(section.getByRole('status')).toContainText(
      'Zu viele falsche Codes. Fordere einen neuen Code an, um neu zu beginnen.',
    );
    // The verification is over: the number field is back for a new code.
    await expect(section.getByLabel(TEXT.section.de, { exact: true })).toBeFocused();
    await page.screenshot({ path: '/tmp/e-pw/pincall-limit.png', fullPage: false });
  });
});
