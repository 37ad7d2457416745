import { endpointPath } from '@vela/contracts/endpoint';
import { legalPages } from '@vela/contracts/legal-api';
import type { LegalText } from '@vela/contracts/pages';
import { usePagesT } from '../../i18n/usePagesT.ts';
import { stripScripts, withoutOwnTitle } from '../sanitize.ts';

interface LegalDocumentProps {
  title: string;
  text: LegalText;
  /** The page language; the text may be in en when no translation exists. */
  lang: LegalText['language'];
}

/**
 * Terms of service / data protection (spec 3 legal text): version, a download of the text as a file
 * (spec 7 asset/legal-text/download), fallback note, HTML body.
 */
export function LegalDocument({ title, text, lang }: LegalDocumentProps) {
  const t = usePagesT(lang);
  return (
    <article className="page legal" aria-labelledby="page-title">
      <h1 id="page-title">{title}</h1>
      <p className="legal__version">{t('legal.version', { version: text.version })}</p>
      <p className="legal__download">
        <a
          href={`/rest/v1/${endpointPath(legalPages.download, { params: { legalTextId: String(text.id) } })}`}
          download
        >
          {t('legal.download')}
        </a>
      </p>
      {text.language !== lang ? (
        <p className="notice" role="note">
          {t('legal.fallback')}
        </p>
      ) : null}
      <div
        className="legal__body"
        lang={text.language}
        // Trusted HTML from our own seed, defensively stripped of anything that runs code.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized legal text
        dangerouslySetInnerHTML={{ __html: withoutOwnTitle(stripScripts(text.html)) }}
      />
    </article>
  );
}
