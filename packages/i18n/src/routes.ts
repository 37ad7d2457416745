/**
 * The localized route table (spec section 2). Every route has a stable name; its path exists in
 * de, en and es; nl uses the en paths; en is the fallback. Paths are relative to the language
 * prefix, use `:param` placeholders and end with a slash.
 *
 * Route names are stable identifiers (used by page-load incentives and teasers): never rename one.
 */
import type { Language } from '@vela/contracts/common';

export type PathLanguage = 'de' | 'en' | 'es';

export interface RouteDef {
  readonly name: string;
  readonly paths: Readonly<Record<PathLanguage, string>>;
}

/** Guest area slug: "My{product}" of spec 1/2 for the default brand. */
export const PRODUCT_SLUG = 'vela';
const my = `my${PRODUCT_SLUG}`;

const r = (name: string, en: string, de = en, es = en): RouteDef => ({ name, paths: { de, en, es } });

export const ROUTE_TABLE = [
  r('Home', ''),
  r(
    'Search/Videos',
    'search/videos/:searchPattern/',
    'suche/videos/:searchPattern/',
    'buscar/videos/:searchPattern/',
  ),
  r('NewGirls', 'new-girls/', 'neue-girls/', 'chicas-nuevas/'),
  r('FreeChat', 'free-chat/', 'gratis-chat/', 'chat-gratis/'),
  r('Cams', 'cams/'),
  // Pro actor search with map and ZIP code (spec 2 names no path; ours sits under cams).
  r('Cams/ProSearch', 'cams/pro-search/', 'cams/profi-suche/', 'cams/busqueda-pro/'),
  r('CamShows', 'cam-shows/'),
  r(
    'Categories/Category',
    'categories/:categorySlug/',
    'kategorien/:categorySlug/',
    'categorias/:categorySlug/',
  ),
  r('Videos', 'videos/'),
  r('Videos/AllVideos', 'videos/all-videos/', 'videos/alle-videos/', 'videos/todos-los-videos/'),
  r('Videos/FreeClips', 'videos/free-clips/', 'videos/gratis-clips/', 'videos/clips-gratis/'),
  r('Videos/VideoTrends', 'videos/video-trends/', 'videos/video-trends/', 'videos/tendencias/'),
  r('Videos/OnSale', 'videos/on-sale/', 'videos/im-angebot/', 'videos/ofertas/'),
  r('Videos/NewVideos', 'videos/new-videos/', 'videos/neue-videos/', 'videos/videos-nuevos/'),
  r('Videos/VipVideos', 'videos/vip-videos/'),
  r('Videos/Stars', 'videos/stars/', 'videos/stars/', 'videos/estrellas/'),
  r('VipClub', 'vipclub/'),
  r('Messenger', 'messenger/'),
  r('Feed', 'feed/'),
  r('DailyDeals', 'daily-deals/', 'tagesangebote/', 'ofertas-del-dia/'),
  r('TermsOfService', 'terms-of-service/', 'agb/', 'terminos-y-condiciones/'),
  r('DataProtection', 'data-protection/', 'datenschutz/', 'proteccion-de-datos/'),
  r('TV/Livestream', 'tv/livestream/'),
  r('TV/Premium/Livestream', 'tv/premium/livestream/'),
  r('TV/Media/Series', 'tv/media/series/', 'tv/media/serien/', 'tv/media/series/'),
  r('TV/Mediathek/Series', 'tv/mediathek/:series/'),
  r('TV/Mediathek/Videos', 'tv/mediathek/:key/videos/'),
  r('Contests', 'contests/', 'wettbewerbe/', 'concursos/'),
  r('Contests/Contest', 'contests/:id/', 'wettbewerbe/:id/', 'concursos/:id/'),
  r('Actor', 'amateur/:actorName/'),
  r(
    'Actor/AboutMe',
    'amateur/:actorName/about-me/',
    'amateur/:actorName/ueber-mich/',
    'amateur/:actorName/sobre-mi/',
  ),
  r('Actor/Videos', 'amateur/:actorName/videos/'),
  r(
    'Actor/Videos/Classic',
    'amateur/:actorName/videos/classic/',
    'amateur/:actorName/videos/klassiker/',
    'amateur/:actorName/videos/clasicos/',
  ),
  r('Actor/Videos/Tag', 'amateur/:actorName/videos/tag/:tagGroup/'),
  r(
    'Actor/Pictures',
    'amateur/:actorName/pictures/:albumId/',
    'amateur/:actorName/bilder/:albumId/',
    'amateur/:actorName/fotos/:albumId/',
  ),
  r('Actor/LiveShow', 'amateur/:actorName/live-show/'),
  r('Actor/TopCams', 'amateur/:actorName/top-cams/'),
  r('Magazine/Easter', 'magazine/easter/', 'magazin/ostern/', 'revista/pascua/'),
  r('Magazine/WetNWildGame', 'magazine/wetnwildgame/', 'magazin/wetnwildgame/', 'revista/wetnwildgame/'),
  r(
    'Magazine/AdventCalendar',
    'magazine/advent-calendar/',
    'magazin/adventskalender/',
    'revista/calendario-de-adviento/',
  ),
  r('Magazine/Goldrush', 'magazine/goldrush/', 'magazin/goldrush/', 'revista/goldrush/'),
  r('MyVela', `${my}/`),
  r('MyVela/Profile', `${my}/profile/`, `${my}/profil/`, `${my}/perfil/`),
  r('MyVela/Mediathek', `${my}/mediathek/`),
  r('MyVela/Mediathek/Photos', `${my}/mediathek/photos/`, `${my}/mediathek/fotos/`, `${my}/mediathek/fotos/`),
  r('MyVela/Mediathek/Videos', `${my}/mediathek/videos/:section/`),
  r(
    'MyVela/Mediathek/Photos/Section',
    `${my}/mediathek/photos/:section/`,
    `${my}/mediathek/fotos/:section/`,
    `${my}/mediathek/fotos/:section/`,
  ),
  r('MyVela/Mediathek/Audio', `${my}/mediathek/audio/`),
  r('MyVela/Spinwheel', `${my}/spinwheel/`, `${my}/gluecksrad/`, `${my}/ruleta/`),
  r('MyVela/Benefits', `${my}/benefits/`, `${my}/vorteile/`, `${my}/beneficios/`),
  r('MyVela/FavoriteCams', `${my}/favorite-cams/`, `${my}/lieblings-cams/`, `${my}/cams-favoritas/`),
  r('Lindemann', 'lindemann/'),
] as const satisfies readonly RouteDef[];

export type RouteName = (typeof ROUTE_TABLE)[number]['name'];

const byName = new Map<string, RouteDef>(ROUTE_TABLE.map((d) => [d.name, d]));

export function routeDef(name: RouteName): RouteDef {
  const def = byName.get(name);
  if (!def) throw new Error(`Unknown route name ${name}`);
  return def;
}

/** nl uses the en paths; every other language has its own. */
export function pathLanguage(lang: Language): PathLanguage {
  return lang === 'nl' ? 'en' : lang;
}

export type RouteParams = Record<string, string | number>;

/**
 * Absolute path of a named route in a language, e.g. pathFor('Cams', 'de') -> '/de/cams/'.
 * Params are URL-encoded; a missing param throws (a broken link is a bug, not a 404).
 */
export function pathFor(name: RouteName, lang: Language, params: RouteParams = {}): string {
  const template = routeDef(name).paths[pathLanguage(lang)];
  const filled = template.replace(/:([A-Za-z]+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined || value === '') throw new Error(`Route ${name} needs param ${key}`);
    return encodeURIComponent(String(value));
  });
  return `/${lang}/${filled}`;
}

/** React Router style pattern (`/de/kategorien/:categorySlug/`) of a route in a language. */
export function patternFor(name: RouteName, lang: Language): string {
  return `/${lang}/${routeDef(name).paths[pathLanguage(lang)]}`;
}

export interface RouteMatch {
  name: RouteName;
  lang: Language;
  params: Record<string, string>;
}

/** Resolve an absolute path to its named route, or null. Trailing slash optional. */
export function matchPath(pathname: string): RouteMatch | null {
  const segments = pathname.split('/').filter(Boolean);
  const lang = segments.shift();
  if (lang !== 'de' && lang !== 'en' && lang !== 'nl' && lang !== 'es') return null;
  for (const def of ROUTE_TABLE) {
    const pattern = def.paths[pathLanguage(lang)].split('/').filter(Boolean);
    if (pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    let ok = true;
    for (let i = 0; i < pattern.length && ok; i++) {
      const p = pattern[i]!;
      const s = segments[i]!;
      if (p.startsWith(':')) params[p.slice(1)] = decodeURIComponent(s);
      else if (p !== s) ok = false;
    }
    if (ok) return { name: def.name, lang, params };
  }
  return null;
}
