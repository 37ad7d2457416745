/**
 * Outgoing mail (issue 3): every mail lands in the outbox; with SMTP_URL it is also sent (a real SMTP
 * server from `smtp-server` receives it here) and `sent_at` or `error` is recorded; /dev/mail shows the
 * outbox outside production only.
 */
import { eq } from '@vela/db/orm';
import { mailOutbox } from '@vela/db/schema';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEV_MAIL_PAGE_SIZE } from '../src/modules/mail/mail.routes.ts';
import { createMailer } from '../src/modules/mail/mailer.ts';
import { freePort, PUBLIC_ORIGIN } from './helpers.ts';
import { startSmtpServer } from './smtp-server.ts';
import { createTestApp, PRODUCTION_TEST_ENV, type TestApp, testAppPerSuite } from './test-app.ts';

const PASSWORD = 'violet-harbour-7391';
const silentLog = { info: () => {}, error: () => {} };

/** A mailer without SMTP_URL: the outbox of the test app is the delivery. */
const outboxMailer = (t: TestApp) =>
  createMailer({ db: t.database.db, smtpUrl: undefined, mailFrom: 'x@vela.test', log: silentLog });

/** The outbox row to `address` once `settled(row)` holds (the delivery runs after the answer). */
function outboxRowTo(t: TestApp, address: string, settled: (row: typeof mailOutbox.$inferSelect) => boolean) {
  return until(async () => {
    const [r] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, address));
    return r && settled(r) ? r : undefined;
  });
}

/**
 * Sends one test mail to `to` through the SMTP server at `port` with a mailer of its own, expects
 * the delivery to fail, closes the mailer and answers the outbox row.
 */
async function sendFailing(
  t: TestApp,
  port: number,
  to: string,
  log: Parameters<typeof createMailer>[0]['log'],
) {
  const mailer = createMailer({
    db: t.database.db,
    smtpUrl: `smtp://127.0.0.1:${port}`,
    mailFrom: 'no-reply@vela.test',
    log,
  });
  const queued = await mailer.send({ kind: 'test', to, subject: 'Hi', text: 'Hello' });
  expect(await queued.delivery).toBe('failed');
  await mailer.close();
  const [row] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, queued.id));
  return row;
}

/** The first value `read` gives that is not undefined. */
function until<T>(read: () => Promise<T | undefined>): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await read();
      if (value === undefined) throw new Error('not yet');
      return value;
    },
    { timeout: 10_000, interval: 50 },
  );
}

describe('mail through SMTP (SMTP_URL set)', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({
      env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Vela <no-reply@vela.test>' },
    });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('a password lost mail is written to the outbox, delivered by SMTP with the reset link, and marked sent', async () => {
    const signup = await t.app.inject({
      method: 'POST',
      url: '/rest/v1/guest/signup',
      payload: { screenName: 'Smtpguest', email: 'smtpguest@example.com', password: PASSWORD },
    });
    expect(signup.statusCode).toBe(201);
    const asked = await t.app.inject({
      method: 'POST',
      url: '/rest/v1/guest/passwordLost',
      payload: { email: 'smtpguest@example.com', language: 'en' },
    });
    expect(asked.statusCode).toBe(200);
    await smtp.waitFor(1);
    const [mail] = smtp.received;
    expect(mail?.to).toEqual(['smtpguest@example.com']);
    expect(mail?.from).toBe('no-reply@vela.test');
    expect(mail?.raw).toMatch(/Subject: Vela: reset your password/);
    const guestId = signup.json().data.guest.id;
    // The text part carries the link (quoted-printable may wrap it: unwrap soft line breaks).
    const body = (mail?.raw ?? '').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(body).toContain(`${PUBLIC_ORIGIN}/en/?u=${guestId}&key=`);
    const row = await outboxRowTo(t, 'smtpguest@example.com', (r) => r.sentAt !== null);
    expect(row.error).toBeNull();
    expect(row.kind).toBe('password-reset');
  });
});

describe('mail delivery failure', () => {
  it('an unreachable SMTP server records the error on the outbox row; the caller still gets its answer', async () => {
    const port = await freePort();
    const t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
    try {
      const row = await sendFailing(t, port, 'nowhere@example.com', silentLog);
      expect(row?.sentAt).toBeNull();
      expect(row?.error).toBeTruthy();

      // Through the app: password lost answers as always, the failure stays on the server.
      await t.app.inject({
        method: 'POST',
        url: '/rest/v1/guest/signup',
        payload: { screenName: 'Failmail', email: 'failmail@example.com', password: PASSWORD },
      });
      const asked = await t.app.inject({
        method: 'POST',
        url: '/rest/v1/guest/passwordLost',
        payload: { login: 'Failmail', language: 'nl' },
      });
      expect(asked.statusCode).toBe(200);
      expect(asked.json().data).toEqual({ requested: true });
      const failed = await outboxRowTo(t, 'failmail@example.com', (r) => Boolean(r.error));
      expect(failed.sentAt).toBeNull();
    } finally {
      await t.close();
    }
  }, 120_000);
});

describe('mail refused by the SMTP server', () => {
  it('the refusal is recorded on the outbox row and logged without the recipient address', async () => {
    const smtp = await startSmtpServer({ refuseRecipients: true });
    const t = await createTestApp();
    try {
      const lines: string[] = [];
      const log = {
        info: (obj: object, msg: string) => lines.push(JSON.stringify({ ...obj, msg })),
        error: (obj: object, msg: string) => lines.push(JSON.stringify({ ...obj, msg })),
      };
      const row = await sendFailing(t, smtp.port, 'refused@example.com', log);
      expect(row?.sentAt).toBeNull();
      expect(row?.error).toMatch(/550|does not exist/);
      // The server's answer quotes the address: the row keeps it, the log must not.
      expect(row?.error).toContain('refused@example.com');
      expect(lines.join('\n')).toContain('mail delivery failed');
      expect(lines.join('\n')).not.toContain('refused@example.com');
    } finally {
      await t.close();
      await smtp.close();
    }
  }, 120_000);
});

describe('/dev/mail outbox page (NODE_ENV != production)', () => {
  const t = testAppPerSuite();

  it('without SMTP_URL the outbox is the delivery: the mail is kept and never marked sent', async () => {
    const mailer = outboxMailer(t);
    const queued = await mailer.send({ kind: 'test', to: 'keep@example.com', subject: 'Kept', text: 'Body' });
    expect(await queued.delivery).toBe('outbox');
    const [row] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, queued.id));
    expect(row).toMatchObject({
      toAddress: 'keep@example.com',
      subject: 'Kept',
      textBody: 'Body',
      sentAt: null,
      error: null,
    });
  });

  it('the page lists mails escaped, with clickable links, no script, under the strict CSP', async () => {
    const mailer = outboxMailer(t);
    await mailer.send({
      kind: 'test',
      to: 'page@example.com',
      subject: '<script>alert(1)</script> & "quotes"',
      text: `Open ${PUBLIC_ORIGIN}/en/?u=12&key=abc_DEF-9 now.\n<img src=x onerror=alert(2)>`,
    });
    const page = await t.app.inject({ method: 'GET', url: '/dev/mail' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' 'nonce-/);
    expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
    expect(page.body).not.toMatch(/<script/i);
    expect(page.body).not.toContain('<img');
    expect(page.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;');
    expect(page.body).toContain(
      `<a href="${PUBLIC_ORIGIN}/en/?u=12&amp;key=abc_DEF-9">${PUBLIC_ORIGIN}/en/?u=12&amp;key=abc_DEF-9</a> now.`,
    );
    expect(page.body).toContain('page@example.com');
  });

  it(`the page shows the newest ${DEV_MAIL_PAGE_SIZE} mails, newest first`, async () => {
    const mailer = outboxMailer(t);
    for (let i = 0; i < DEV_MAIL_PAGE_SIZE + 5; i++)
      await mailer.send({ kind: 'test', to: 'bulk@example.com', subject: `Bulk number ${i}`, text: 'x' });
    const page = await t.app.inject({ method: 'GET', url: '/dev/mail' });
    expect(page.body.match(/<article/g)).toHaveLength(DEV_MAIL_PAGE_SIZE);
    const last = DEV_MAIL_PAGE_SIZE + 4;
    expect(page.body.indexOf(`Bulk number ${last}<`)).toBeLessThan(
      page.body.indexOf(`Bulk number ${last - 1}<`),
    );
    expect(page.body).not.toContain('Bulk number 4<');
  });

  it('latest.json answers the newest mail to an address (case-insensitive); unknown address 404, bad query 400', async () => {
    const mailer = outboxMailer(t);
    await mailer.send({ kind: 'test', to: 'latest@example.com', subject: 'First', text: 'one' });
    await mailer.send({ kind: 'test', to: 'latest@example.com', subject: 'Second', text: 'two' });
    const latest = await t.app.inject({
      method: 'GET',
      url: '/dev/mail/latest.json?to=Latest%40Example.com',
    });
    expect(latest.statusCode).toBe(200);
    expect(latest.json().data.mail).toMatchObject({
      to: 'latest@example.com',
      subject: 'Second',
      text: 'two',
      sentAt: null,
    });
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/dev/mail/latest.json?to=nobody%40example.com',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('NOT_FOUND');
    const bad = await t.app.inject({ method: 'GET', url: '/dev/mail/latest.json' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_ERROR');
  });
});

describe('/dev/mail in production', () => {
  it('does not exist: 404 for the page and the JSON, even with mail in the outbox', async () => {
    const t = await createTestApp({ env: PRODUCTION_TEST_ENV });
    try {
      const mailer = outboxMailer(t);
      await mailer.send({ kind: 'test', to: 'prod@example.com', subject: 'Secret', text: 'Secret body' });
      for (const url of ['/dev/mail', '/dev/mail/latest.json?to=prod%40example.com', '/dev/mail/other']) {
        const response = await t.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
        expect(response.body).not.toContain('Secret');
      }
    } finally {
      await t.close();
    }
  }, 120_000);
});
