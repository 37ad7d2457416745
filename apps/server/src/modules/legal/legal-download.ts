/**
 * `GET asset/legal-text/download/{legalTextId}` (spec 7): one stored legal text as a file — the
 * stored HTML inside a standalone HTML document (charset, language, title with type and version),
 * sent as `Content-Disposition: attachment` with a safe file name `<product>-<kind>-<lang>-v<version>.html`
 * (`vela-terms-en-v2.0.html`). Unknown id 404 NOT_FOUND, non-numeric id 400 (the declared params).
 * The file is inert: it runs nothing (a sandboxing CSP; no script in our texts) and is never sniffed.
 */
import type { Language } from '@vela/contracts/common';
import { legalPages } from '@vela/contracts/legal-api';
import type { LegalTextType } from '@vela/contracts/pages';
import { pagesMessages } from '@vela/i18n/messages/pages';
import { translator } from '@vela/i18n/translate';
import type { FastifyPluginAsync } from 'fastify';
import { pageRoute } from '../../http/endpoint.ts';
import { AppError } from '../../http/errors.ts';
import { escapeHtml } from '../mail/mail.templates.ts';
import type { LegalRepository, LegalTextRow } from './legal.repository.ts';

/** The kind of a text in its file name. */
const FILE_KIND: Record<LegalTextType, string> = { GTC: 'terms', PP: 'privacy', IMP: 'imprint' };
const TITLE_KEY = { GTC: 'legal.terms', PP: 'legal.dataProtection', IMP: 'legal.imprint' } as const;

/** Lower-case letters, digits, dots and dashes only (no path, no quote, no header break). */
const fileNamePart = (value: string) =>
  value
    .toLowerCase()
    .replace(/[^a-z0-9.]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 40) || 'x';

export function legalFileName(row: Pick<LegalTextRow, 'product' | 'type' | 'language' | 'version'>): string {
  return `${fileNamePart(row.product)}-${FILE_KIND[row.type]}-${row.language}-v${fileNamePart(row.version)}.html`;
}

/** The stored text as a standalone HTML document. */
export function legalDocument(row: LegalTextRow, brandName: string): string {
  const t = translator(pagesMessages, row.language as Language);
  const title = `${brandName} – ${t(TITLE_KEY[row.type])} (${t('legal.version', { version: row.version })})`;
  return `<!doctype html>
<html lang="${row.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:0 auto;padding:16px;line-height:1.5}</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
${row.html}
</body>
</html>
`;
}

export function legalDownloadRoutes(deps: {
  repository: LegalRepository;
  brandName: string;
}): FastifyPluginAsync {
  return async (app) => {
    pageRoute(app, legalPages.download, async ({ params, reply }) => {
      const row = await deps.repository.byId(params.legalTextId);
      if (!row) throw new AppError('NOT_FOUND', 'No such legal text', 404);
      return (
        reply
          .header('content-type', 'text/html; charset=utf-8')
          .header('content-disposition', `attachment; filename="${legalFileName(row)}"`)
          .header('content-security-policy', "sandbox; default-src 'none'; style-src 'unsafe-inline'")
          .header('x-content-type-options', 'nosniff')
          // A stored version never changes (a new version is a new id).
          .header('cache-control', 'public, max-age=3600')
          .send(legalDocument(row, deps.brandName))
      );
    });
  };
}
