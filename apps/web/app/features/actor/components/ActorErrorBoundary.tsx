import { pathFor } from '@vela/i18n/routes';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { RouteErrorBoundary } from '../../catalog/components/RouteErrorBoundary.tsx';
import { usePageLanguage } from '../../i18n/usePageLanguage.ts';
import { BLOCKED_STATUS } from '../actorPage.ts';
import { useActorT } from '../useActorT.ts';

/**
 * Error boundary of the profile tabs: a guest from one of the actor's banned countries (451, spec 6)
 * gets a localized "not available in your country" page; 404 and other errors as on every page.
 */
export function ActorErrorBoundary() {
  const error = useRouteError();
  const lang = usePageLanguage();
  const t = useActorT(lang);
  if (!(isRouteErrorResponse(error) && error.status === BLOCKED_STATUS)) return <RouteErrorBoundary />;
  return (
    <section className="page page--message" aria-labelledby="page-title">
      <h1 id="page-title">{t('blocked.title')}</h1>
      <p>{t('blocked.text')}</p>
      <p>
        <Link className="button" to={pathFor('Home', lang)}>
          {t('blocked.home')}
        </Link>
      </p>
    </section>
  );
}
