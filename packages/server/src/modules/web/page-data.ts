/**
 * The API answers a page of the app asks for first, named in the page's `Link` header
 * (`rel=preload; as=fetch; crossorigin`): the browser asks for them together with the page's
 * scripts, not once those have run, and the page's own requests (the same URLs, sent as the
 * preload is: web's `apiRequest` with `preloaded`) get those answers. A round trip less before a
 * phone shows the page (docs/performance.md, "First visit").
 *
 * Only reads that change nothing and need no session: the public configuration, which every page
 * asks for as its layout renders (web's lib/public-config.ts), and on the download page a file's
 * info, which whoever has its link may read. A short link's code is its file's id
 * (docs/architecture.md, "Short links"), so its page gets the info preloaded too; resolving the
 * code counts a click and is never preloaded. An id goes into the header only once checked as
 * the info route checks it.
 */
import { fileIdParamsSchema } from '@sealdrop/core/api-schemas';
import { APP_ROUTES, type AppRoute, routeParams } from '@sealdrop/core/app-routes';

const PUBLIC_CONFIG = '/api/config';

/** Each page that shows one file: the path parameter that names it. */
const FILE_OF_PAGE: Partial<Record<AppRoute, string>> = {
  download: 'fileId',
  shortLink: 'shortCode',
};

/** The `Link` values preloading what the page at `pathname` (a page of `page`) asks first. */
export function pageDataLinks(page: AppRoute, pathname: string): string[] {
  const fileId = fileOf(page, pathname);
  const urls = fileId ? [`/api/files/${fileId}/info`, PUBLIC_CONFIG] : [PUBLIC_CONFIG];
  return urls.map((url) => `<${url}>; rel=preload; as=fetch; crossorigin`);
}

/** The file a page shows, when its path names one of a valid shape. */
function fileOf(page: AppRoute, pathname: string): string | undefined {
  const param = FILE_OF_PAGE[page];
  if (!param) return undefined;
  const checked = fileIdParamsSchema.safeParse({
    fileId: routeParams(APP_ROUTES[page], pathname)?.[param],
  });
  return checked.success ? checked.data.fileId : undefined;
}
