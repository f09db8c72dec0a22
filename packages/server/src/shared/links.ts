/**
 * Links and signed URLs every module hands out: the short link of a file, and how long a signed
 * storage URL lives. Here rather than in uploads, so files, short links and the sweeper need not
 * import the upload module for them.
 */

/** Signed upload URLs live this long; clients ask /upload/parts for fresh ones after. */
export const UPLOAD_URL_TTL_SECONDS = 60 * 60;
/** Signed download URLs live this long: enough to start a download, short enough to not be shared. */
export const DOWNLOAD_URL_TTL_SECONDS = 5 * 60;

/**
 * A signed URL never outlives its file: the TTL, cut to the seconds the file
 * has left (at least 1; an expired file is refused before any URL is signed).
 */
export function urlLifetimeSeconds(ttlSeconds: number, fileExpiresAt: number, now: number): number {
  return Math.max(1, Math.min(ttlSeconds, Math.floor((fileExpiresAt - now) / 1000)));
}

export function shortUrl(origin: string, code: string): string {
  return `${origin}/s/${code}`;
}
