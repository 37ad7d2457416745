import { type RouteConfig, route } from '@react-router/dev/routes';
import { patternFor } from '@vela/i18n/routes';
import { IMPLEMENTED_ROUTES, type ImplementedRouteName } from './features/i18n/implemented.ts';
import { LANGUAGES } from './features/i18n/language.ts';

/**
 * Routes are generated from the localized route table: each implemented route name is registered in
 * de, en, nl and es with the id `${name}@${lang}`. Unbuilt route names fall through to the splat
 * (localized 404). See docs/decisions/0004-web-routing-i18n.md.
 */
const names = Object.keys(IMPLEMENTED_ROUTES) as ImplementedRouteName[];

export default [
  route('/', 'routes/language-redirect.ts', { id: 'language-redirect' }),
  ...names.flatMap((name) =>
    LANGUAGES.map((lang) =>
      route(patternFor(name, lang), IMPLEMENTED_ROUTES[name], { id: `${name}@${lang}` }),
    ),
  ),
  route('*', 'routes/not-found.tsx', { id: 'not-found' }),
] satisfies RouteConfig;
