/**
 * A short link resolved before the app's script has arrived. A short link's page loads a script of
 * about a kilobyte beside the app's (src/app/short-link-early.ts, in short-link.html: web's
 * build/short-link-page.ts): it asks the server where the link leads at once, so that on a phone
 * that round trip overlaps the download of the app's ~100 KB instead of following it, and leaves
 * the answer on `window` for the page, which takes it once (docs/performance.md, "First visit").
 * It is the page's own request, made only by a browser that runs the page's scripts, as the app
 * would make it; the server never preloads it, since resolving counts a click.
 */
import { APP_ROUTES, routeParams } from '@sealdrop/core/app-routes';
import { isShortCode } from '@sealdrop/core/short-code';

/** Where the first script leaves its request for the app (one global, taken once). */
const EARLY_RESOLUTION = '__sealdropEarlyResolution';

interface EarlyResolution {
  shortCode: string;
  answer: Promise<Response>;
}

type Holder = { [EARLY_RESOLUTION]?: EarlyResolution };

/** The API path (under /api) that resolves `shortCode`. */
export function resolvePath(shortCode: string): string {
  return `/s/${encodeURIComponent(shortCode)}`;
}

/** Starts resolving the short link at `pathname`, when it is one (the short link's first script). */
export function startEarlyResolution(pathname: string): void {
  const shortCode = routeParams(APP_ROUTES.shortLink, pathname)?.shortCode;
  if (!shortCode || !isShortCode(shortCode)) return;
  // As the app asks (lib/api-client.ts), less the session token, which resolving does not read.
  const answer = fetch(`/api${resolvePath(shortCode)}`, {
    headers: { Accept: 'application/json' },
    referrerPolicy: 'no-referrer',
  });
  // A failure is the page's to read, as if it had asked itself; not an unhandled rejection here.
  answer.catch(() => {});
  (globalThis as Holder)[EARLY_RESOLUTION] = { shortCode, answer };
}

/** The answer the first script asked for `shortCode`, once; null when it asked nothing for it. */
export function takeEarlyResolution(shortCode: string): Promise<Response> | null {
  const holder = globalThis as Holder;
  const early = holder[EARLY_RESOLUTION];
  if (!early || early.shortCode !== shortCode) return null;
  delete holder[EARLY_RESOLUTION];
  return early.answer;
}
