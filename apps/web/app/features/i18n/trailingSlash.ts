/** A path whose last segment looks like a file (favicon.ico, robots.txt) is not a page. */
const FILE_LIKE = /\/[^/]+\.[a-z0-9]+$/i;

/**
 * Where a page URL without its trailing slash must go (301), or null when it is fine as it is.
 * Every page path of the route table ends with a slash. Repeated slashes are collapsed so the
 * target can never become a protocol-relative URL (`//host/`) that leaves the site.
 */
export function trailingSlashRedirect(url: URL): string | null {
  const { pathname, search } = url;
  if (pathname.endsWith('/') || FILE_LIKE.test(pathname)) return null;
  return `${pathname.replace(/\/{2,}/g, '/')}/${search}`;
}
