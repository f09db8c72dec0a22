import { describe, expect, it } from 'vitest';
import { APP_ROUTES, appRouteOf, isAppPath, matchesRoute, routeParams } from './app-routes';

describe('app routes', () => {
  it('knows every page of the web app, with and without its optional part', () => {
    for (const path of [
      '/',
      '/about',
      '/mission',
      '/terms',
      '/download/abc123',
      '/download',
      '/s/Xy7aB2',
      '/s',
      '/auth/callback',
      '/verify-email',
      '/reset-password',
      '/restore-email',
      '/account/files',
      '/account/balance',
      '/account/settings',
      '/admin',
      '/admin/reports',
      '/about/',
    ])
      expect(isAppPath(path), path).toBe(true);
  });

  it('does not know paths the web app answers with its not-found page', () => {
    for (const path of [
      '/nope',
      '/about/more',
      '/download/abc/extra',
      '/account',
      '/account/other',
      '/admin/reports/1',
      '/index.php',
      '/assets/missing.js',
    ])
      expect(isAppPath(path), path).toBe(false);
  });

  it('names the page at a path, which the server announces the script of', () => {
    expect(appRouteOf('/')).toBe('home');
    expect(appRouteOf('/about/')).toBe('about');
    expect(appRouteOf('/download/abc123')).toBe('download');
    expect(appRouteOf('/s/Xy7aB2')).toBe('shortLink');
    expect(appRouteOf('/admin/reports')).toBe('admin');
    expect(appRouteOf('/index.php')).toBeUndefined();
  });

  it('treats a `:name` segment as required and `:name?` as optional', () => {
    expect(matchesRoute('/x/:id', '/x')).toBe(false);
    expect(matchesRoute('/x/:id', '/x/1')).toBe(true);
    expect(matchesRoute('/x/:id?', '/x')).toBe(true);
    expect(matchesRoute(APP_ROUTES.home, '/')).toBe(true);
    expect(matchesRoute(APP_ROUTES.home, '/about')).toBe(false);
  });

  it("reads a page's `:name` segments from its path, as written, so the server can name what the page will ask for", () => {
    expect(routeParams(APP_ROUTES.download, '/download/abc123')).toEqual({ fileId: 'abc123' });
    expect(routeParams(APP_ROUTES.shortLink, '/s/Xy7aB2/')).toEqual({ shortCode: 'Xy7aB2' });
    expect(routeParams(APP_ROUTES.download, '/download')).toEqual({});
    expect(routeParams(APP_ROUTES.download, '/download/a%2Fb')).toEqual({ fileId: 'a%2Fb' });
    expect(routeParams(APP_ROUTES.download, '/download/abc/extra')).toBeUndefined();
    expect(routeParams(APP_ROUTES.shortLink, '/download/abc')).toBeUndefined();
  });
});
