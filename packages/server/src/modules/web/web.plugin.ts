/**
 * Serves the built web app (packages/web/dist): every file as the build wrote it, in the brotli or
 * gzip copy the build made beside it when the browser accepts one (packages/web/build/compress.ts), and
 * the single-page app's index.html for its pages. See docs/performance.md ("First visit").
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import { type AppRoute, appRouteOf } from '@sealdrop/core/app-routes';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { pageDataLinks } from './page-data';

/** Vite names the files under assets/ by their content's hash: a new build is a new name. */
const HASHED_FOLDER = 'assets';
const FOREVER = 'public, max-age=31536000, immutable';
/** Everything else (index.html, the Service Worker, robots.txt) is checked again on every visit. */
const REVALIDATE = 'no-cache';
/** Each page's own scripts and style sheets, as the web build writes them (build/page-scripts.ts). */
const PAGE_SCRIPTS_FILE = '.vite/page-scripts.json';
const pageScriptsSchema = z.record(z.string(), z.array(z.string().startsWith('/')));

/** The `Link` header of each page of the app that loads more than the app's own script. */
export type PageLinks = Partial<Record<AppRoute, string>>;

/**
 * The pages answered with a page of their own rather than index.html, when the build made it: a
 * short link's, index.html with a script that resolves the code before the app's script has
 * arrived (web's build/short-link-page.ts).
 */
const OWN_PAGE_FILES: Partial<Record<AppRoute, string>> = { shortLink: 'short-link.html' };
const INDEX_PAGE = 'index.html';

/** What answers the pages of the app: each page's `Link` header, and its file if not index.html. */
export interface AppPages {
  links: PageLinks;
  files: Partial<Record<AppRoute, string>>;
}

/** Serves the build's files; returns what answers a page of the app (sendAppPage with its links). */
export async function registerWeb(app: FastifyInstance, webDist: string) {
  const pages: AppPages = { links: readPageLinks(webDist), files: ownPageFiles(webDist) };
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    // The compressed copies are picked by content negotiation, not asked for by name; source
    // maps stay with whoever deploys (they name every source file), never on the public site.
    // A page of its own is the answer of its page's paths, not of a path of its own.
    globIgnore: ['**/*.br', '**/*.gz', '**/*.map', ...Object.values(OWN_PAGE_FILES)],
    setHeaders: (reply, path) => {
      reply.header('Cache-Control', cacheControlFor(path, webDist));
    },
  });
  return (reply: FastifyReply, url: string) => sendAppPage(reply, url, pages);
}

/** The pages of their own the build wrote. */
export function ownPageFiles(webDist: string): Partial<Record<AppRoute, string>> {
  return Object.fromEntries(
    Object.entries(OWN_PAGE_FILES).filter(([, file]) => existsSync(join(webDist, file))),
  );
}

/**
 * A page's own scripts as `modulepreload` and its style sheets as `preload` (`crossorigin`, as the
 * build's loader asks for them, or the browser fetches them twice): the browser fetches them with
 * the app's script, not once that has run and the router asks for them (a round trip less on a
 * phone). None when the build wrote no such file.
 */
export function readPageLinks(webDist: string): PageLinks {
  const file = join(webDist, PAGE_SCRIPTS_FILE);
  if (!existsSync(file)) return {};
  const pages = pageScriptsSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  const linkOf = (path: string) =>
    path.endsWith('.css')
      ? `<${path}>; rel=preload; as=style; crossorigin`
      : `<${path}>; rel=modulepreload`;
  return Object.fromEntries(
    Object.entries(pages)
      .filter(([, paths]) => paths.length > 0)
      .map(([page, paths]) => [page, paths.map(linkOf).join(', ')]),
  );
}

export function cacheControlFor(path: string, webDist: string): string {
  const relative = path.startsWith(webDist) ? path.slice(webDist.length) : path;
  const inHashedFolder = relative.split(sep).filter(Boolean)[0] === HASHED_FOLDER;
  return inHashedFolder ? FOREVER : REVALIDATE;
}

/**
 * A page of the app answers its index.html (or its page of its own) with 200, and names in a
 * `Link` header the API answers it asks for first (page-data.ts) and its own scripts; any other
 * path index.html (the app shows its not-found page there) with 404, so that a missing page is
 * missing for crawlers and checkers.
 */
export function sendAppPage(
  reply: FastifyReply,
  url: string,
  pages: AppPages = { links: {}, files: {} },
) {
  const { pathname } = new URL(url, 'http://any');
  const page = appRouteOf(pathname);
  if (!page) return reply.code(404).sendFile(INDEX_PAGE);
  const link = [...pageDataLinks(page, pathname), pages.links[page]].filter(Boolean).join(', ');
  if (link) reply.header('Link', link);
  return reply.code(200).sendFile(pages.files[page] ?? INDEX_PAGE);
}
