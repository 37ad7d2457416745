import { pathFor } from '@vela/i18n/routes';
import { redirect } from 'react-router';
import { negotiateLanguage } from '../features/i18n/language.ts';
import type { Route } from './+types/language-redirect';

/** `/` has no content: 302 to the home of the best language from Accept-Language (default de). */
export function loader({ request }: Route.LoaderArgs) {
  const lang = negotiateLanguage(request.headers.get('Accept-Language'));
  const { search } = new URL(request.url);
  return redirect(`${pathFor('Home', lang)}${search}`, { status: 302, headers: { Vary: 'Accept-Language' } });
}
