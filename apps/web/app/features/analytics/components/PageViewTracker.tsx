/** Tracks a page view per navigation, and the current page once analytics consent is given. */
import { matchPath } from '@vela/i18n/routes';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useConsent } from '../../consent/state/ConsentProvider.tsx';
import { useShell } from '../../layout/state/ShellContext.tsx';
import { track } from '../track.ts';

export function PageViewTracker() {
  const location = useLocation();
  const { analytics } = useConsent();
  const { lang } = useShell();
  // biome-ignore lint/correctness/useExhaustiveDependencies: one page view per location key; path and lang belong to it
  useEffect(() => {
    if (!analytics) return;
    void track('navigation', 'pageView', {
      path: `${location.pathname}${location.search}`,
      routeName: matchPath(location.pathname)?.name ?? null,
      language: lang,
    });
  }, [location.key, analytics]);
  return null;
}
