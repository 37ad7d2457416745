/**
 * The outbox page of local runs (`GET /dev/mail`) and its JSON twin for tests
 * (`GET /dev/mail/latest.json?to=<address>`). Registered only when NODE_ENV is not production; in
 * production these paths do not exist (404, never a page).
 *
 * The page is plain server-rendered HTML: every value escaped, no script (the page CSP allows none
 * without nonce), inline styles only.
 */
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { declaredInput } from '../../http/endpoint.ts';
import { AppError, toErrorBody } from '../../http/errors.ts';
import { privateResponses } from '../../http/private.ts';
import type { MailRepository, OutboxRow } from './mail.repository.ts';
import { escapeHtml } from './mail.templates.ts';

/** The page lists this many of the newest mails. */
export const DEV_MAIL_PAGE_SIZE = 50;

const LatestQuerySchema = z.strictObject({ to: z.string().trim().min(3).max(254) });

const URL_IN_TEXT = /https?:\/\/[^\s<>"']+/g;

/** Escaped text with its http(s) links made clickable. */
export function linkify(text: string): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(URL_IN_TEXT)) {
    const index = match.index ?? 0;
    out += escapeHtml(text.slice(last, index));
    const url = escapeHtml(match[0]);
    out += `<a href="${url}">${url}</a>`;
    last = index + match[0].length;
  }
  return out + escapeHtml(text.slice(last));
}

const statusOf = (row: OutboxRow) =>
  row.sentAt ? `sent ${row.sentAt.toISOString()}` : row.error ? `failed: ${row.error}` : 'outbox';

export function renderOutboxPage(rows: OutboxRow[]): string {
  const items = rows
    .map(
      (row) => `<article style="border:1px solid #ccc;border-radius:6px;padding:12px;margin:12px 0">
<h2 style="font-size:1.05rem;margin:0 0 6px">${escapeHtml(row.subject)}</h2>
<dl style="display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:0 0 8px">
<dt>To</dt><dd style="margin:0" data-to>${escapeHtml(row.toAddress)}</dd>
<dt>Time</dt><dd style="margin:0"><time datetime="${row.createdAt.toISOString()}">${row.createdAt.toISOString()}</time></dd>
<dt>Kind</dt><dd style="margin:0">${escapeHtml(row.kind)}</dd>
<dt>Status</dt><dd style="margin:0">${escapeHtml(statusOf(row))}</dd>
</dl>
<pre style="white-space:pre-wrap;margin:0">${linkify(row.textBody)}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Mail outbox</title></head>
<body style="font-family:system-ui,sans-serif;max-width:60rem;margin:0 auto;padding:16px">
<h1>Mail outbox</h1>
<p>The newest ${DEV_MAIL_PAGE_SIZE} mails (local runs only: without SMTP_URL this outbox is the delivery).</p>
${rows.length === 0 ? '<p>No mail yet.</p>' : items}
</body>
</html>
`;
}

export function presentOutboxMail(row: OutboxRow) {
  return {
    id: String(row.id),
    kind: row.kind,
    to: row.toAddress,
    subject: row.subject,
    text: row.textBody,
    html: row.htmlBody,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    error: row.error,
  };
}

export function devMailRoutes(deps: { repository: MailRepository; enabled: boolean }): FastifyPluginAsync {
  return async (app) => {
    if (!deps.enabled) {
      // Production: the paths do not exist (and never fall through to the pages).
      app.get('/dev/mail', (_request, reply) => reply.callNotFound());
      app.get('/dev/mail/*', (_request, reply) => reply.callNotFound());
      return;
    }
    // The JSON path answers errors as JSON, like the REST API.
    app.setErrorHandler((error, request, reply) => {
      const mapped = toErrorBody(error, request.id);
      if (mapped.internal) request.log.error({ err: error }, 'request failed');
      return reply.code(mapped.statusCode).send(mapped.body);
    });
    privateResponses(app);
    app.get('/dev/mail', async (_request, reply) => {
      const rows = await deps.repository.newest(DEV_MAIL_PAGE_SIZE);
      return reply.type('text/html; charset=utf-8').send(renderOutboxPage(rows));
    });
    app.get('/dev/mail/latest.json', async (request, reply) => {
      const { to } = declaredInput({ query: LatestQuerySchema }, request).query;
      const row = await deps.repository.newestTo(to);
      if (!row) throw new AppError('NOT_FOUND', 'No mail to this address', 404);
      return reply.send({ success: true, data: { mail: presentOutboxMail(row) } });
    });
  };
}
