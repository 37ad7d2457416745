/**
 * `guest/newsletter/unsubscribe` (spec 7; issue 14 defect 11; docs/decisions/0028), under /rest/v1:
 *
 * - GET  ?token=…  the link of a newsletter mail: no login, no cookie. Clears the newsletter bits the
 *                  signed token names and confirms in the guest's language: a small page for a
 *                  browser (Accept: text/html), else `{ success, data: { success, newsletterBits,
 *                  types, unsubscribed, language } }`. A refused token changes nothing and answers
 *                  400 NEWSLETTER_TOKEN_INVALID (forged, foreign, another purpose, unknown guest) or
 *                  410 NEWSLETTER_TOKEN_EXPIRED, as a page in the `lang` query's (or the browser's)
 *                  language or as JSON.
 *                  HEAD (Fastify's twin of the GET) checks the token and changes nothing: link
 *                  checkers and mail scanners often send it.
 * - POST ?token=…  RFC 8058 one-click: the mail program posts `List-Unsubscribe=One-Click`
 *                  (application/x-www-form-urlencoded or multipart/form-data) to the List-Unsubscribe
 *                  link. Decided by the token alone: a cookie or access token sent along is ignored.
 *                  A token or a form body makes a POST this one (`newsletterPages.oneClick`).
 * - POST (no token) the logged-in variant of the profile page, JSON `{ typeId }` (401 NOT_LOGGED_IN
 *                  without a login, before the body is read), as before (`newsletterUnsubscribe`).
 *
 * The token stays out of the request log: `token` is a scrubbed query parameter (http/logging.ts).
 */
import { LANGUAGES, type Language, LanguageSchema } from '@vela/contracts/common';
import { guestEndpoints, newsletterPages } from '@vela/contracts/guest-api';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { declaredInput, queryParam } from '../../http/endpoint.ts';
import { AppError } from '../../http/errors.ts';
import { newsletterTypesOf } from './guests.presenter.ts';
import type { GuestsRepository } from './guests.repository.ts';
import { renderUnsubscribePage } from './newsletter.page.ts';
import type { NewsletterService, UnsubscribeOutcome } from './newsletter.service.ts';

export interface NewsletterRoutesDeps {
  repository: Pick<GuestsRepository, 'setNewsletterBit'>;
  newsletter: NewsletterService;
  /** The logged-in caller (401 NOT_LOGGED_IN otherwise). */
  requireGuest(request: FastifyRequest): Promise<{ guestId: number }>;
  brandName: string;
}

export const NEWSLETTER_TOKEN_ERRORS = {
  invalid: 'NEWSLETTER_TOKEN_INVALID',
  expired: 'NEWSLETTER_TOKEN_EXPIRED',
} as const;

const SMALL_BODY_LIMIT = 8 * 1024;

/**
 * One path, three callers, each declared: the link (`newsletterUnsubscribeLink`), the one-click
 * POST (`newsletterPages.oneClick`) and the logged-in POST (`newsletterUnsubscribe`). A mail program
 * and a browser get a form or a page, and both POSTs share a route, so these routes choose the
 * declaration by the request and parse it with `declaredInput` instead of being registered by `route`.
 */
const unsubscribe = guestEndpoints.newsletterUnsubscribe;
const link = guestEndpoints.newsletterUnsubscribeLink;
const oneClick = newsletterPages.oneClick;

/** A parsed form body (the one-click POST), kept apart from JSON bodies. */
class FormBody {
  constructor(readonly fields: URLSearchParams) {}
}

/** `application/x-www-form-urlencoded` or `multipart/form-data` fields, by the platform's own parser. */
async function parseForm(contentType: string, body: string): Promise<URLSearchParams> {
  if (contentType.startsWith('application/x-www-form-urlencoded')) return new URLSearchParams(body);
  const form = await new Response(body, { headers: { 'content-type': contentType } }).formData();
  const fields = new URLSearchParams();
  for (const [name, value] of form) if (typeof value === 'string') fields.append(name, value);
  return fields;
}

const wantsHtml = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/html');

/** The language of an answer without a valid token: `lang`, else the browser's first one we have, else de. */
function requestLanguage(request: FastifyRequest, lang: string | undefined): Language {
  const given = LanguageSchema.safeParse(lang);
  if (given.success) return given.data;
  const accepted = (request.headers['accept-language'] ?? '')
    .split(',')
    .map((part) => part.trim().split(';')[0]?.slice(0, 2).toLowerCase());
  return (accepted.find((tag) => LANGUAGES.includes(tag as Language)) as Language | undefined) ?? 'de';
}

const refusal = (reason: 'invalid' | 'expired') =>
  reason === 'expired'
    ? new AppError(NEWSLETTER_TOKEN_ERRORS.expired, 'This unsubscribe link has expired', 410)
    : new AppError(NEWSLETTER_TOKEN_ERRORS.invalid, 'This unsubscribe link is not valid', 400);

const answerOf = (outcome: Extract<UnsubscribeOutcome, { ok: true }>) => ({
  success: true,
  // Spec 5: a newsletter change succeeded only when the outer and the inner success are true.
  data: {
    success: true,
    newsletterBits: outcome.newsletterBits,
    types: newsletterTypesOf(outcome.newsletterBits),
    unsubscribed: outcome.unsubscribed,
    language: outcome.language,
  },
});

export function newsletterRoutes(deps: NewsletterRoutesDeps): FastifyPluginAsync {
  const { newsletter } = deps;

  const byToken = async (
    request: FastifyRequest,
    reply: FastifyReply,
    token: string | undefined,
    lang: string | undefined,
  ) => {
    const outcome: UnsubscribeOutcome = token
      ? await newsletter.unsubscribe(token, { apply: request.method !== 'HEAD' })
      : { ok: false, reason: 'invalid' };
    if (wantsHtml(request)) {
      const language = outcome.ok ? outcome.language : requestLanguage(request, lang);
      reply
        .code(outcome.ok ? 200 : outcome.reason === 'expired' ? 410 : 400)
        .header('x-robots-tag', 'noindex')
        .type('text/html; charset=utf-8');
      return renderUnsubscribePage(language, deps.brandName, outcome);
    }
    if (!outcome.ok) throw refusal(outcome.reason);
    return answerOf(outcome);
  };

  return async (app) => {
    // Only this plugin's routes read form bodies (RFC 8058 allows both encodings).
    app.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'multipart/form-data'],
      { parseAs: 'string', bodyLimit: SMALL_BODY_LIMIT },
      async (request: FastifyRequest, body: string | Buffer) =>
        new FormBody(await parseForm(String(request.headers['content-type']), String(body))),
    );

    app.get(`/${link.path}`, async (request, reply) => {
      // A link that is not even well-formed answers as a refused token does (a page for a browser).
      const query = link.query.safeParse(request.query);
      const { token, lang } = query.success ? query.data : { token: undefined, lang: undefined };
      return byToken(request, reply, token, lang);
    });

    app.post(`/${unsubscribe.path}`, { bodyLimit: SMALL_BODY_LIMIT }, async (request, reply) => {
      const form = request.body instanceof FormBody ? Object.fromEntries(request.body.fields) : undefined;
      if (queryParam(request, 'token') !== undefined || form !== undefined) {
        // RFC 8058 3.1: the body is the List-Unsubscribe-Post pair, as a form (another body: none).
        const { query } = declaredInput(oneClick, { query: request.query, body: form });
        return byToken(request, reply, query.token, query.lang);
      }
      const { guestId } = await deps.requireGuest(request);
      const { body } = declaredInput(unsubscribe, request);
      const bits = await deps.repository.setNewsletterBit(guestId, body.typeId, false);
      return { success: true, data: { success: true, newsletterBits: bits, types: newsletterTypesOf(bits) } };
    });
  };
}
