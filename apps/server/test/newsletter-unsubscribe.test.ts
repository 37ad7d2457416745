/**
 * Spec 7 `guest/newsletter/unsubscribe` is a GET (issue 14 defect 11): the link of a newsletter mail
 * unsubscribes without a login, with a signed, expiring token, and confirms in the guest's language;
 * newsletter mails carry the RFC 8058 one-click headers and the one-click POST works without a cookie.
 * Through HTTP against a real database; the mail goes through a real SMTP server (smtp-server).
 */
import { Writable } from 'node:stream';
import type { Language } from '@vela/contracts/common';
import { eq } from '@vela/db/orm';
import { guests } from '@vela/db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/http/logging.ts';
import { createGuestsRepository } from '../src/modules/guests/guests.repository.ts';
import { createNewsletterService, type NewsletterService } from '../src/modules/guests/newsletter.service.ts';
import {
  mintUnsubscribeToken,
  signUnsubscribePayload,
  UNSUBSCRIBE_TOKEN_TTL_SECONDS,
  unsubscribeKeyOf,
} from '../src/modules/guests/newsletter-token.ts';
import { createMailer } from '../src/modules/mail/mailer.ts';
import { nextIp, type SignedUp, signUp } from './guest-helpers.ts';
import { startSmtpServer } from './smtp-server.ts';
import { createTestApp, type TestApp } from './test-app.ts';

const NET = '10.72';
const SESSION_SECRET = 'newsletter-test-session-secret-0123456789';
const VIP_CLUB = 1024;
const CONTESTS = 256;

/** The value of a header of a raw mail, unfolded. */
function headerOf(raw: string, name: string): string | undefined {
  const head = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  const line = head.split('\r\n').find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

/** The text of a quoted-printable (RFC 2045) mail body, UTF-8. */
function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(joined.charCodeAt(i));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The path and query of an absolute link (injected into the app). */
const pathOf = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

const UNSUBSCRIBE = '/rest/v1/guest/newsletter/unsubscribe';

describe('newsletter unsubscribe link (spec 7 GET guest/newsletter/unsubscribe, RFC 8058)', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let newsletter: NewsletterService;
  const key = unsubscribeKeyOf(SESSION_SECRET);
  const logLines: string[] = [];

  const as = (guest: SignedUp, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url: `/rest/v1/${url}`, headers: { cookie: guest.cookie }, payload });

  const bitsOf = async (guest: SignedUp) => {
    const [row] = await t.database.db
      .select({ bits: guests.newsletterBits })
      .from(guests)
      .where(eq(guests.id, guest.id));
    return row?.bits;
  };

  /** A guest who subscribed to the VIP club and contests newsletters, pages in `language` if given. */
  async function subscriber(name: string, language?: Language): Promise<SignedUp> {
    const guest = await signUp(t.app, name, { ip: nextIp(NET) });
    for (const typeId of [VIP_CLUB, CONTESTS]) {
      const answer = await as(guest, 'POST', 'guest/newsletter/subscribe', {
        typeId,
        userId: guest.guest.id,
        emailAddress: guest.guest.email,
      });
      expect(answer.statusCode, answer.body).toBe(200);
    }
    if (language) {
      const saved = await as(guest, 'POST', 'guest/savePreferences', { data: { language } });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    return guest;
  }

  const content = (lang: Language) => ({
    subject: `VIP club news (${lang})`,
    text: 'Three new VIP videos this week.',
    html: '<p>Three new VIP videos this week.</p>',
  });

  /** Sends the VIP club newsletter to the guest through SMTP; the raw mail as received. */
  async function mailTo(guest: SignedUp): Promise<string> {
    const before = smtp.received.length;
    const queued = await newsletter.sendNewsletter(guest.id, 'vipClub', content);
    expect(queued).not.toBeNull();
    expect(await queued?.delivery).toBe('sent');
    expect(smtp.received.length).toBe(before + 1);
    return smtp.received[before]?.raw as string;
  }

  const linkOf = (raw: string) => /^<(https?:\/\/[^>]+)>$/.exec(headerOf(raw, 'List-Unsubscribe') ?? '')?.[1];

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    t = await createTestApp({ env: { SESSION_SECRET }, logTo: sink });
    smtp = await startSmtpServer();
    const mailer = createMailer({
      db: t.database.db,
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      mailFrom: 'news@vela.test',
      log: createLogger('silent'),
    });
    // The service as a newsletter sender builds it: the same key as the server's (SESSION_SECRET).
    newsletter = createNewsletterService({
      repository: createGuestsRepository(t.database.db),
      key,
      publicOrigin: t.config.publicOrigin,
      brandName: t.config.brandName,
      mailer,
    });
  });

  afterAll(async () => {
    await smtp?.close();
    await t?.close();
  });

  it('a newsletter mail carries List-Unsubscribe and List-Unsubscribe-Post: List-Unsubscribe=One-Click', async () => {
    const ada = await subscriber('nl_ada', 'nl');
    const raw = await mailTo(ada);
    const link = linkOf(raw);
    expect(link).toMatch(new RegExp(`^${t.config.publicOrigin}${UNSUBSCRIBE}\\?token=[A-Za-z0-9_.-]+$`));
    expect(headerOf(raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    // The footer names the newsletter in the guest's language and carries the same link.
    const body = decodeQuotedPrintable(raw.slice(raw.indexOf('\r\n\r\n')));
    expect(body).toContain(
      `Je krijgt deze mail omdat je je hebt aangemeld voor de nieuwsbrief VIP-club van Vela. Met één klik afmelden:\r\n${link}`,
    );
    expect(body).toContain(`<a href="${link}">`);
  });

  it('no newsletter mail goes to a guest who does not get that newsletter', async () => {
    const none = await signUp(t.app, 'nl_none', { ip: nextIp(NET) });
    const before = smtp.received.length;
    expect(await newsletter.sendNewsletter(none.id, 'vipClub', content)).toBeNull();
    expect(smtp.received.length).toBe(before);
  });

  it('the link unsubscribes without a login and confirms in the guest language; guest/newsletter shows it', async () => {
    const ben = await subscriber('nl_ben', 'es');
    const link = linkOf(await mailTo(ben)) as string;
    // A link checker's HEAD changes nothing.
    const head = await t.app.inject({ method: 'HEAD', url: pathOf(link), headers: { accept: 'text/html' } });
    expect(head.statusCode).toBe(200);
    expect(await bitsOf(ben)).toBe(VIP_CLUB | CONTESTS);
    const page = await t.app.inject({
      method: 'GET',
      url: pathOf(link),
      headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['set-cookie']).toBeUndefined();
    expect(page.body).toContain('<html lang="es">');
    expect(page.body).toContain('Te has dado de baja');
    expect(page.body).toContain('Club VIP');
    expect(page.body).toContain('href="/es/myvela/perfil/"');
    // Only the newsletter of the mail is gone.
    expect(await bitsOf(ben)).toBe(CONTESTS);
    const seen = await as(ben, 'GET', 'guest/newsletter');
    expect(seen.json().data).toEqual({ success: true, newsletterBits: CONTESTS, types: ['contests'] });
    // Following the link again changes nothing and still confirms.
    const again = await t.app.inject({ method: 'GET', url: pathOf(link), headers: { accept: 'text/html' } });
    expect(again.statusCode).toBe(200);
    expect(await bitsOf(ben)).toBe(CONTESTS);
  });

  it.each<[Language, string]>([
    ['de', 'Du bist abgemeldet'],
    ['en', 'You are unsubscribed'],
    ['nl', 'Je bent afgemeld'],
    ['es', 'Te has dado de baja'],
  ])('the confirmation is in the guest language %s', async (language, title) => {
    const guest = await subscriber(`nl_lang_${language}`, language);
    const token = mintUnsubscribeToken(key, { guestId: guest.id, bits: VIP_CLUB, language: 'de' });
    const page = await t.app.inject({
      method: 'GET',
      url: `${UNSUBSCRIBE}?token=${token}&lang=de`,
      headers: { accept: 'text/html' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<html lang="${language}">`);
    expect(page.body).toContain(`<h1 style="font-size:1.4rem">${title}</h1>`);
  });

  it('without a language preference the confirmation is in the language of the mail', async () => {
    const guest = await subscriber('nl_nopref');
    const token = mintUnsubscribeToken(key, { guestId: guest.id, bits: VIP_CLUB, language: 'nl' });
    const page = await t.app.inject({
      method: 'GET',
      url: `${UNSUBSCRIBE}?token=${token}`,
      headers: { accept: 'text/html' },
    });
    expect(page.body).toContain('<html lang="nl">');
  });

  it('a JSON client gets the spec 5 answer (outer and inner success)', async () => {
    const guest = await subscriber('nl_json', 'en');
    const token = mintUnsubscribeToken(key, { guestId: guest.id, bits: VIP_CLUB | CONTESTS, language: 'en' });
    const answer = await t.app.inject({ method: 'GET', url: `${UNSUBSCRIBE}?token=${token}` });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({
      success: true,
      data: {
        success: true,
        newsletterBits: 0,
        types: [],
        unsubscribed: ['vipClub', 'contests'],
        language: 'en',
      },
    });
    expect(await bitsOf(guest)).toBe(0);
  });

  describe('a refused token changes nothing', () => {
    let cat: SignedUp;
    let dan: SignedUp;
    let valid: string;

    beforeAll(async () => {
      cat = await subscriber('nl_cat', 'de');
      dan = await subscriber('nl_dan', 'de');
      valid = mintUnsubscribeToken(key, { guestId: cat.id, bits: VIP_CLUB, language: 'de' });
    });

    const refusedTokens = (): [string, string][] => {
      const [payload, signature] = valid.split('.') as [string, string];
      const danPayload = Buffer.from(
        JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), g: dan.id }),
      ).toString('base64url');
      const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
      const exp = Math.floor(Date.now() / 1000) + 3600;
      return [
        ['forged signature', `${payload}.${flipped}`],
        ['another guest with the signature of the first', `${danPayload}.${signature}`],
        [
          'signed with another key',
          mintUnsubscribeToken(unsubscribeKeyOf('another-session-secret-0123456789abcdef'), {
            guestId: cat.id,
            bits: VIP_CLUB,
            language: 'de',
          }),
        ],
        [
          'another purpose',
          signUnsubscribePayload(key, { p: 'password-reset', g: cat.id, t: VIP_CLUB, l: 'de', e: exp }),
        ],
        ['an access token of the guest', cat.accessToken],
        [
          'unknown newsletter bits',
          signUnsubscribePayload(key, { p: 'newsletter-unsubscribe', g: cat.id, t: 1, l: 'de', e: exp }),
        ],
        [
          'a guest that does not exist',
          mintUnsubscribeToken(key, { guestId: 987_654_321, bits: VIP_CLUB, language: 'de' }),
        ],
        ['garbage', 'not-a-token'],
        ['a control character', `${payload}\u0000.${signature}`],
        ['too long', `${payload}.${'A'.repeat(600)}`],
      ];
    };

    it('forged, foreign, other-purpose and malformed tokens: 400 NEWSLETTER_TOKEN_INVALID', async () => {
      for (const [what, token] of refusedTokens()) {
        const answer = await t.app.inject({
          method: 'GET',
          url: `${UNSUBSCRIBE}?token=${encodeURIComponent(token)}`,
        });
        expect(answer.statusCode, what).toBe(400);
        // A control character is refused at the edge for every route (issue 14 defect 2).
        expect(answer.json().error.code, what).toMatch(/^(NEWSLETTER_TOKEN_INVALID|INVALID_CHARACTERS)$/);
        if (!token.includes('\u0000'))
          expect(answer.json().error.code, what).toBe('NEWSLETTER_TOKEN_INVALID');
        const oneClick = await t.app.inject({
          method: 'POST',
          url: `${UNSUBSCRIBE}?token=${encodeURIComponent(token)}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'List-Unsubscribe=One-Click',
        });
        expect(oneClick.statusCode, what).toBe(400);
      }
      const missing = await t.app.inject({ method: 'GET', url: UNSUBSCRIBE });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error.code).toBe('NEWSLETTER_TOKEN_INVALID');
      expect(await bitsOf(cat)).toBe(VIP_CLUB | CONTESTS);
      expect(await bitsOf(dan)).toBe(VIP_CLUB | CONTESTS);
    });

    it('an expired token: 410 NEWSLETTER_TOKEN_EXPIRED, and a page that says so in the lang of the query', async () => {
      const issued = Date.now() - UNSUBSCRIBE_TOKEN_TTL_SECONDS * 1000 - 60_000;
      const expired = mintUnsubscribeToken(key, { guestId: cat.id, bits: VIP_CLUB, language: 'de' }, issued);
      const answer = await t.app.inject({ method: 'GET', url: `${UNSUBSCRIBE}?token=${expired}` });
      expect(answer.statusCode).toBe(410);
      expect(answer.json().error.code).toBe('NEWSLETTER_TOKEN_EXPIRED');
      const page = await t.app.inject({
        method: 'GET',
        url: `${UNSUBSCRIBE}?token=${expired}&lang=nl`,
        headers: { accept: 'text/html' },
      });
      expect(page.statusCode).toBe(410);
      expect(page.body).toContain('Deze link is verlopen');
      expect(page.body).toContain('90 dagen');
      expect(await bitsOf(cat)).toBe(VIP_CLUB | CONTESTS);
    });

    it('a forged token as a page: 400 in the browser language', async () => {
      const page = await t.app.inject({
        method: 'GET',
        url: `${UNSUBSCRIBE}?token=${encodeURIComponent(refusedTokens()[0]?.[1] ?? '')}`,
        headers: { accept: 'text/html', 'accept-language': 'fr-FR, es;q=0.8, en;q=0.5' },
      });
      expect(page.statusCode).toBe(400);
      expect(page.body).toContain('<html lang="es">');
      expect(page.body).toContain('Este enlace no funciona');
      expect(await bitsOf(cat)).toBe(VIP_CLUB | CONTESTS);
    });
  });

  describe('RFC 8058 one-click POST to the List-Unsubscribe link', () => {
    it('unsubscribes with List-Unsubscribe=One-Click, no cookie (urlencoded)', async () => {
      const eve = await subscriber('nl_eve', 'en');
      const link = linkOf(await mailTo(eve)) as string;
      const answer = await t.app.inject({
        method: 'POST',
        url: pathOf(link),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json().data).toMatchObject({ success: true, newsletterBits: CONTESTS });
      expect(answer.headers['set-cookie']).toBeUndefined();
      expect(await bitsOf(eve)).toBe(CONTESTS);
    });

    it('unsubscribes with a multipart/form-data body', async () => {
      const fay = await subscriber('nl_fay', 'en');
      const link = linkOf(await mailTo(fay)) as string;
      const boundary = '----vela-test-boundary';
      const answer = await t.app.inject({
        method: 'POST',
        url: pathOf(link),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
      });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(await bitsOf(fay)).toBe(CONTESTS);
    });

    it('the token alone decides: another guest’s cookie sent along changes nothing for that guest', async () => {
      const gil = await subscriber('nl_gil', 'en');
      const hal = await subscriber('nl_hal', 'en');
      const token = mintUnsubscribeToken(key, { guestId: gil.id, bits: VIP_CLUB, language: 'en' });
      const answer = await t.app.inject({
        method: 'POST',
        url: `${UNSUBSCRIBE}?token=${token}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: hal.cookie },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(await bitsOf(gil)).toBe(CONTESTS);
      expect(await bitsOf(hal)).toBe(VIP_CLUB | CONTESTS);
    });

    it('without List-Unsubscribe=One-Click the POST is refused and nothing changes', async () => {
      const ivy = await subscriber('nl_ivy', 'en');
      const token = mintUnsubscribeToken(key, { guestId: ivy.id, bits: VIP_CLUB, language: 'en' });
      for (const [contentType, payload] of [
        ['application/x-www-form-urlencoded', 'List-Unsubscribe=Yes'],
        ['application/x-www-form-urlencoded', ''],
        ['application/json', '{"typeId":1024}'],
      ] as const) {
        const answer = await t.app.inject({
          method: 'POST',
          url: `${UNSUBSCRIBE}?token=${token}`,
          headers: { 'content-type': contentType },
          payload,
        });
        expect(answer.statusCode, `${contentType} ${payload}`).toBe(400);
        expect(answer.json().error.code).toBe('ONE_CLICK_BODY_REQUIRED');
      }
      expect(await bitsOf(ivy)).toBe(VIP_CLUB | CONTESTS);
    });

    it('the logged-in POST of the profile page still works and still needs a login', async () => {
      const jon = await subscriber('nl_jon', 'en');
      const anonymous = await t.app.inject({
        method: 'POST',
        url: UNSUBSCRIBE,
        payload: { typeId: CONTESTS },
      });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().error.code).toBe('NOT_LOGGED_IN');
      const answer = await as(jon, 'POST', 'guest/newsletter/unsubscribe', { typeId: CONTESTS });
      expect(answer.json()).toEqual({
        success: true,
        data: { success: true, newsletterBits: VIP_CLUB, types: ['vipClub'] },
      });
    });
  });

  it('the token never reaches the log', async () => {
    const kim = await subscriber('nl_kim', 'en');
    const token = mintUnsubscribeToken(key, { guestId: kim.id, bits: VIP_CLUB, language: 'en' });
    await t.app.inject({ method: 'GET', url: `${UNSUBSCRIBE}?token=${token}` });
    await t.app.inject({ method: 'GET', url: `${UNSUBSCRIBE}?token=${token}x` });
    const log = logLines.join('');
    expect(log).toContain('/rest/v1/guest/newsletter/unsubscribe?token=[redacted]');
    expect(log).not.toContain(token.split('.')[1]);
  });
});
