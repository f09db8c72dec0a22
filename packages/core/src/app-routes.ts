/**
 * The web app's pages, one table for both sides: the web router declares its routes from it, and
 * the server answers any other path with the not-found page and a 404 status (a search engine or a
 * link checker then sees a missing page as missing). A pattern's `:name` is one path segment;
 * `:name?` may be left out.
 */
export const APP_ROUTES = {
  home: '/',
  mission: '/mission',
  about: '/about',
  // Without an id or a code, the pages say the link is invalid, not 404.
  download: '/download/:fileId?',
  shortLink: '/s/:shortCode?',
  authCallback: '/auth/callback',
  verifyEmail: '/verify-email',
  resetPassword: '/reset-password',
  restoreEmail: '/restore-email',
  myFiles: '/account/files',
  balance: '/account/balance',
  settings: '/account/settings',
  terms: '/terms',
  // Every view of the moderation console; the page itself shows not-found to everyone else.
  admin: '/admin/:view?',
} as const;

export type AppRoute = keyof typeof APP_ROUTES;

/** Whether `pattern` (a route of the table above) matches `pathname` (no query, no fragment). */
export function matchesRoute(pattern: string, pathname: string): boolean {
  return routeParams(pattern, pathname) !== undefined;
}

/**
 * The `:name` segments of `pathname` under `pattern`, as they appear in the path (not decoded;
 * one left out is absent); undefined when the pattern does not match.
 */
export function routeParams(pattern: string, pathname: string): Record<string, string> | undefined {
  const wanted = segmentsOf(pattern);
  const given = segmentsOf(pathname);
  if (given.length > wanted.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, part] of wanted.entries()) {
    const segment = given[index];
    const name = part.startsWith(':') ? part.slice(1).replace(/\?$/, '') : undefined;
    if (segment === undefined) {
      if (name !== undefined && part.endsWith('?')) continue;
      return undefined;
    }
    if (name !== undefined) params[name] = segment;
    else if (part !== segment) return undefined;
  }
  return params;
}

/** The page of the web app at `pathname`, the first of the table that matches; undefined if none. */
export function appRouteOf(pathname: string): AppRoute | undefined {
  const routes = Object.entries(APP_ROUTES) as [AppRoute, string][];
  return routes.find(([, pattern]) => matchesRoute(pattern, pathname))?.[0];
}

/** Whether the web app has a page at `pathname`; the server's not-found answer follows it. */
export function isAppPath(pathname: string): boolean {
  return appRouteOf(pathname) !== undefined;
}

/** A trailing slash names the same page, as the web router treats it. */
function segmentsOf(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}
