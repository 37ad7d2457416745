import { pathFor } from '@vela/i18n/routes';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { usePageLanguage } from '../../i18n/usePageLanguage.ts';
import { usePagesT } from '../../i18n/usePagesT.ts';

/**
 * Error boundary of every page: a 404 (unknown path, actor or category) renders the localized
 * not-found page inside the shell; anything else a short localized error message.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const lang = usePageLanguage();
  const t = usePagesT(lang);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="page page--message" aria-labelledby="page-title">
      <h1 id="page-title">{notFound ? t('notFound.title') : t('error.title')}</h1>
      <p>{notFound ? t('notFound.text') : t('error.text')}</p>
      <p>
        <Link className="button" to={pathFor('Home', lang)}>
          {t('notFound.home')}
        </Link>
      </p>
    </section>
  );
}
