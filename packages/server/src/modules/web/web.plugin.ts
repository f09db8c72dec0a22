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

/** Serves the build's files; returns what answers a page of the app (sendAppPage with its links). */
export async function registerWeb(app: FastifyInstance, webDist: string) {
  const links = readPageLinks(webDist);
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
  return (reply: FastifyReply, url: string) => sendAppPage(reply, url, links);
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
 * A page of the app answers its index.html with 200, and names its own scripts in a `Link`
 * header; any other path the same page (the app shows its not-found page there) with 404, so
 * that a missing page is missing for crawlers and checkers.
 */
export function sendAppPage(reply: FastifyReply, url: string, links: PageLinks = {}) {
  const page = appRouteOf(new URL(url, 'http://any').pathname);
  const link = page && links[page];
  if (link) reply.header('Link', link);
  return reply.code(page ? 200 : 404).sendFile('index.html');
}
