/**
 * The dev outbox's JSON twin (`/dev/mail/latest.json`, local runs only) as the browser tests read it:
 * the pin a phone verification's sandbox "SMS" carried (issue 18, pin call verification).
 */
import type { Page } from '@playwright/test';
import { clientHeaders, expect } from './fixtures.ts';

/** The 6-digit pin of the newest SMS the telephony sandbox wrote to `number` (spaces ignored). */
export async function smsPinFromOutbox(page: Page, clientIp: string, number: string): Promise<string> {
  const to = number.replaceAll(' ', '');
  let text = '';
  await expect
    .poll(async () => {
      const answer = await page.request.get(`/dev/mail/latest.json?to=${encodeURIComponent(to)}`, {
        headers: clientHeaders(clientIp),
      });
      if (!answer.ok()) return null;
      const mail = (await answer.json()).data.mail as { kind: string; text: string };
      text = mail.text;
      return mail.kind;
    })
    .toBe('sms');
  const pin = /\b(\d{6})\b/.exec(text)?.[1];
  expect(pin, text).toBeTruthy();
  return pin as string;
}
