/**
 * Serves the built web app (packages/web/dist): every file as the build wrote it, in the brotli or
 * gzip copy the build made beside it when the browser accepts one (packages/web/build/compress.ts), and
 * the single-page app's index.html for its pages. See docs/performance.md ("First visit").
 */
import { sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import { isAppPath } from '@sealdrop/core/app-routes';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Vite names the files under assets/ by their content's hash: a new build is a new name. */
const HASHED_FOLDER = 'assets';
const FOREVER = 'public, max-age=31536000, immutable';
/** Everything else (index.html, the Service Worker, robots.txt) is checked again on every visit. */
const REVALIDATE = 'no-cache';

export async function registerWeb(app: FastifyInstance, webDist: string) {
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    // The compressed copies are picked by content negotiation, not asked for by name; source
    // maps stay with whoever deploys (they name every source file), never on the public site.
    globIgnore: ['**/*.br', '**/*.gz', '**/*.map'],
    setHeaders: (reply, path) => {
      reply.header('Cache-Control', cacheControlFor(path, webDist));
    },
  });
}

export function cacheControlFor(path: string, webDist: string): string {
  const relative = path.startsWith(webDist) ? path.slice(webDist.length) : path;
  const inHashedFolder = relative.split(sep).filter(Boolean)[0] === HASHED_FOLDER;
  return inHashedFolder ? FOREVER : REVALIDATE;
}

/**
 * A page of the app answers its index.html with 200; any other path the same page (the app shows
 * its not-found page there) with 404, so that a missing page is missing for crawlers and checkers.
 */
export function sendAppPage(reply: FastifyReply, url: string) {
  const pathname = new URL(url, 'http://any').pathname;
  const status = isAppPath(pathname) ? 200 : 404;
  return reply.code(status).sendFile('index.html');
}
