/**
 * Spec 7 guest/sendVideoShareEmail through HTTP against a real database (the test app has no
 * SMTP_URL: the outbox is the delivery): the fixed template's content in the recipient-facing
 * language (de/en/nl/es; the page language when the body names none), no open relay (one address by
 * the spec 5 e-mail rule, no subject/body/header of the sender's, header injection refused, the note
 * escaped in the HTML part), rate limits per guest (10 an hour) and per recipient (3 a day) answered
 * 429 RATE_LIMITED with Retry-After, FSK-18 only for age-verified guests (spec 6), banned countries
 * (spec 6), unknown video 404. Every refusal sends nothing and counts no attempt.
 */
import { queryRows } from '@vela/db/client';
import { sql } from '@vela/db/orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARE_PER_GUEST, SHARE_PER_RECIPIENT } from '../src/modules/videos/video-share.ts';
import { type Factories, factoriesOf } from './factories.ts';
import { nextIp, type SignedUp } from './guest-helpers.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** This file's client addresses (10.75.x.y). */
const NET = '10.75';
const PATH = '/rest/v1/guest/sendVideoShareEmail';

let t: TestApp;
let make: Factories;
let sender: SignedUp;
let senderName: string;
let actor: { id: number; name: string; nameLower: string };
let video: { id: number; title: string };

function share(
  payload: unknown,
  who: SignedUp | null = sender,
  options: { query?: string; country?: string } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: `${PATH}${options.query ?? ''}`,
    remoteAddress: nextIp(NET),
    headers: {
      'content-type': 'application/json',
      ...(who ? { cookie: who.cookie } : {}),
      ...(options.country ? { 'x-country-code': options.country } : {}),
    },
    payload: JSON.stringify(payload),
  });
}

type OutboxRow = {
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
};

const sharesTo = (address: string) =>
  queryRows<OutboxRow>(
    t.database.db,
    sql`select to_address, subject, text_body, html_body from mail_outbox
        where kind = 'video-share' and lower(to_address) = ${address.toLowerCase()} order by id`,
  );

const shareCount = async () =>
  Number(
    (
      await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*) as n from mail_outbox where kind = 'video-share'`,
      )
    )[0]!.n,
  );

/** Counted attempts of all share limits (a refusal must not count). */
const attemptsCounted = async () =>
  Number(
    (
      await queryRows<{ n: number | null }>(
        t.database.db,
        sql`select coalesce(sum(count), 0) as n from rate_limit_counters where key like 'video-share-%'`,
      )
    )[0]!.n,
  );

let serial = 0;
const friend = () => `friend${++serial}@example.com`;

beforeAll(async () => {
  t = await createTestApp();
  make = factoriesOf(t, { net: NET });
  senderName = make.unique('sharer');
  sender = await make.buildGuest({ name: senderName });
  const name = make.unique('ShareStar');
  actor = await make.buildActor({ name });
  video = await make.buildVideo(actor.id, { title: 'Sunset <b>walk</b>' });
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('guest/sendVideoShareEmail: the mail (spec 7, fixed template, recipient-facing language)', () => {
  it('sends title, performer, the ?video= link, the sender and the escaped note, in the chosen language', async () => {
    const to = friend();
    const answer = await share({
      videoId: video.id,
      email: `  ${to.toUpperCase()} `,
      language: 'nl',
      note: 'Kijk <script>x</script>!',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ success: true, data: { sent: true, language: 'nl' } });
    const [mail] = await sharesTo(to);
    expect(mail!.to_address).toBe(to.toUpperCase());
    expect(mail!.subject).toBe(`${senderName} heeft je een video gestuurd op ${t.config.brandName}`);
    expect(mail!.text_body).toContain(`‘Sunset <b>walk</b>’ van ${actor.name}`);
    const link = `${t.config.publicOrigin}/nl/amateur/${actor.nameLower}/videos/?video=${video.id}`;
    expect(mail!.text_body).toContain(link);
    expect(mail!.text_body).toContain('Kijk <script>x</script>!');
    expect(mail!.html_body).toContain('Kijk &lt;script&gt;x&lt;/script&gt;!');
    expect(mail!.html_body).toContain('Sunset &lt;b&gt;walk&lt;/b&gt;');
    expect(mail!.html_body).not.toContain('<script>');
  });

  it.each([
    ['de', 'hat dir ein Video auf', '/de/amateur/'],
    ['en', 'sent you a video on', '/en/amateur/'],
    ['es', 'te ha enviado un vídeo en', '/es/amateur/'],
  ] as const)('language %s: subject and link in that language', async (language, subject, path) => {
    const to = friend();
    expect((await share({ videoId: video.id, email: to, language })).statusCode).toBe(200);
    const [mail] = await sharesTo(to);
    expect(mail!.subject).toContain(subject);
    expect(mail!.text_body).toContain(path);
  });

  it("without a language the page's (lang query) is used, else German", async () => {
    const en = friend();
    expect(
      (await share({ videoId: video.id, email: en }, sender, { query: '?lang=en' })).json().data.language,
    ).toBe('en');
    expect((await sharesTo(en))[0]!.subject).toContain('sent you a video');
    const de = friend();
    expect((await share({ videoId: video.id, email: de })).json().data.language).toBe('de');
  });
});

describe('guest/sendVideoShareEmail: no open relay; refusals change nothing (spec 5, 6, 7)', () => {
  it.each([
    ['a visitor', null, { videoId: 1, email: 'x@example.com' }, 401, 'NOT_LOGGED_IN'],
    ['two recipients', 'guest', { email: 'a@example.com, b@example.com' }, 400, 'INVALID_EMAIL'],
    [
      'a header injection (CRLF Bcc)',
      'guest',
      { email: 'a@example.com\r\nBcc: b@example.com' },
      400,
      'INVALID_EMAIL',
    ],
    ['a header injection (LF)', 'guest', { email: 'a@example.com\nSubject: hi' }, 400, 'INVALID_EMAIL'],
    ['a display name', 'guest', { email: 'Friend <a@example.com>' }, 400, 'INVALID_EMAIL'],
    ['no address', 'guest', { email: 'nobody' }, 400, 'INVALID_EMAIL'],
    [
      'a subject of the sender',
      'guest',
      { email: 'a@example.com', subject: 'Win!' },
      400,
      'VALIDATION_ERROR',
    ],
    [
      'a body of the sender',
      'guest',
      { email: 'a@example.com', html: '<a href=x>' },
      400,
      'VALIDATION_ERROR',
    ],
    [
      'headers of the sender',
      'guest',
      { email: 'a@example.com', headers: { Bcc: 'b@example.com' } },
      400,
      'VALIDATION_ERROR',
    ],
    [
      'a note over 200 characters',
      'guest',
      { email: 'a@example.com', note: 'x'.repeat(201) },
      400,
      'VALIDATION_ERROR',
    ],
    ['an unknown language', 'guest', { email: 'a@example.com', language: 'fr' }, 400, 'VALIDATION_ERROR'],
    [
      'a control character in the note',
      'guest',
      { email: 'a@example.com', note: 'hi\u0007' },
      400,
      'INVALID_CHARACTERS',
    ],
    ['an unknown video', 'guest', { videoId: 2_000_000_000, email: 'a@example.com' }, 404, 'VIDEO_NOT_FOUND'],
    ['a bad video id', 'guest', { videoId: 'abc', email: 'a@example.com' }, 400, 'VALIDATION_ERROR'],
  ] as const)('%s: %i %s, no mail, no attempt counted', async (_case, who, payload, status, code) => {
    const [mails, attempts] = [await shareCount(), await attemptsCounted()];
    const answer = await share({ videoId: video.id, ...payload }, who === null ? null : sender);
    expect(answer.statusCode, answer.body).toBe(status);
    expect(answer.json().error.code).toBe(code);
    expect(await shareCount()).toBe(mails);
    expect(await attemptsCounted()).toBe(attempts);
  });

  it('an FSK-18 video: 403 RESTRICTED until the sender is age-verified (spec 6)', async () => {
    const guest = await make.buildGuest({ name: make.unique('minor') });
    const adult = await make.buildVideo(actor.id, { ageRating: 18 });
    const to = friend();
    const refused = await share({ videoId: adult.id, email: to }, guest);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'RESTRICTED', reason: 'need-age-check' });
    expect(await sharesTo(to)).toEqual([]);
    await t.database.db.execute(sql`update guests set avs_status = 'accepted' where id = ${guest.id}`);
    expect((await share({ videoId: adult.id, email: to }, guest)).statusCode).toBe(200);
    expect(await sharesTo(to)).toHaveLength(1);
  });

  it("a performer blocked in the caller's country: 403 ACTOR_BLOCKED_IN_COUNTRY (spec 6)", async () => {
    const blocked = await make.buildActor({ name: make.unique('Blocked'), bannedCountryCodes: ['DE'] });
    const blockedVideo = await make.buildVideo(blocked.id);
    const to = friend();
    const answer = await share({ videoId: blockedVideo.id, email: to }, sender, { country: 'DE' });
    expect(answer.statusCode).toBe(403);
    expect(answer.json().error.code).toBe('ACTOR_BLOCKED_IN_COUNTRY');
    expect(await sharesTo(to)).toEqual([]);
    expect((await share({ videoId: blockedVideo.id, email: to }, sender, { country: 'AT' })).statusCode).toBe(
      200,
    );
  });
});

describe('guest/sendVideoShareEmail: rate limits (429 RATE_LIMITED with Retry-After)', () => {
  it(`at most ${SHARE_PER_RECIPIENT.max} mails a day to one address, from any guests`, async () => {
    const to = friend();
    const guests = [sender, await make.buildGuest({ name: make.unique('sharer2') })];
    for (let i = 0; i < SHARE_PER_RECIPIENT.max; i++)
      expect((await share({ videoId: video.id, email: to }, guests[i % 2]!)).statusCode).toBe(200);
    const refused = await share({ videoId: video.id, email: to.toUpperCase() }, guests[1]!);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await sharesTo(to)).toHaveLength(SHARE_PER_RECIPIENT.max);
    // The counters hold no address (a hash of it).
    const keys = await queryRows<{ key: string }>(
      t.database.db,
      sql`select key from rate_limit_counters where key like 'video-share-to:%'`,
    );
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.some((row) => row.key.includes('@'))).toBe(false);
  });

  it(`at most ${SHARE_PER_GUEST.max} mails an hour per guest`, async () => {
    const guest = await make.buildGuest({ name: make.unique('busy') });
    for (let i = 0; i < SHARE_PER_GUEST.max; i++)
      expect((await share({ videoId: video.id, email: friend() }, guest)).statusCode).toBe(200);
    const to = friend();
    const refused = await share({ videoId: video.id, email: to }, guest);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    expect(await sharesTo(to)).toEqual([]);
    // Refused by the guest's limit, the address's attempt was given back: another guest may still send.
    const other = await make.buildGuest({ name: make.unique('other') });
    expect((await share({ videoId: video.id, email: to }, other)).statusCode).toBe(200);
  });
});
