/**
 * What the sandbox providers' own pages share (the sandbox bank's 3-D Secure page and the sandbox age
 * verification page): the headers that let only the payment dialog frame them, their language and
 * their HTML document.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { cspNonceOf } from './security.ts';

/** A sandbox page may be framed by the payment dialog (`payOrigin`) and nobody else; HTML, nonce scripts only. */
export function sandboxPageHeaders(request: FastifyRequest, reply: FastifyReply, payOrigin: string): void {
  reply.removeHeader('x-frame-options');
  reply.header(
    'content-security-policy',
    [
      "default-src 'none'",
      `script-src 'nonce-${cspNonceOf(request)}'`,
      "style-src 'unsafe-inline'",
      "form-action 'self'",
      `frame-ancestors 'self' ${payOrigin}`,
      "base-uri 'none'",
    ].join('; '),
  );
  reply.type('text/html; charset=utf-8');
}

/** The page language: the `lang` parameter, else the first supported Accept-Language, else English. */
export function sandboxPageLanguageOf<L extends string>(
  supported: readonly L[],
  query: unknown,
  acceptLanguage: string | undefined,
): L | 'en' {
  const known = supported as readonly string[];
  if (typeof query === 'string' && known.includes(query)) return query as L;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const code = part.trim().slice(0, 2).toLowerCase();
    if (known.includes(code)) return code as L;
  }
  return 'en';
}

/** Text for HTML content and attribute values. */
export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** A sandbox page's document: not indexed, its own inline style, its body in `main`, a nonce script after it. */
export function sandboxPageHtml(page: {
  lang: string;
  title: string;
  style: string;
  body: string;
  script?: string;
}): string {
  return `<!doctype html>
<html lang="${page.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(page.title)}</title>
<style>${page.style}</style>
</head>
<body>
<main>
${page.body}
</main>
${page.script ?? ''}
</body>
</html>`;
}
