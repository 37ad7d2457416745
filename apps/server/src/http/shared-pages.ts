/**
 * The pages that are the same for every guest (decision 0033): rendered once per URL, language,
 * cookie choice, country and session-cookie presence, without the viewer, and served from the page
 * cache to visitors and logged-in guests alike. The guest's own parts (name, balance, flags, the
 * bought videos) reach the page from `guest/me` and the tile grid REST calls after hydration.
 *
 * A page joins this list only when neither its loaders nor its components need the viewer in the
 * server HTML: a loader here gets `viewer: null`, so a page that needs it stays rendered per guest (My
 * Vela, the VIP club, pro search, the video listings with the guest's stored sort, an album with its
 * purchase, an actor's top cams with the favorites). A page not listed is rendered per guest, as before.
 */
import { matchPath, type RouteName } from '@vela/i18n/routes';

const SHARED_PAGE_ROUTES: ReadonlySet<RouteName> = new Set<RouteName>([
  'Home',
  'Actor',
  'Actor/AboutMe',
  'Actor/Videos',
  'Actor/Videos/Classic',
  'Actor/Videos/Tag',
  'Actor/LiveShow',
  'Videos',
  'Videos/Stars',
  'Categories/Category',
  'Cams',
  'NewGirls',
  'FreeChat',
  'CamShows',
  'TermsOfService',
  'DataProtection',
]);

/** Whether the page at `pathname` is rendered for everyone (a `.data` request never is). */
export function isSharedPage(pathname: string): boolean {
  if (pathname.endsWith('.data')) return false;
  try {
    const name = matchPath(pathname)?.name;
    return name !== undefined && SHARED_PAGE_ROUTES.has(name);
  } catch {
    // A malformed escape in the path: no page of the table, rendered alone (its 404).
    return false;
  }
}
