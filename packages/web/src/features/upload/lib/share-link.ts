/** Share link shape: {origin}/s/{code}, plus #key=…&iv=… when the file is encrypted. */

export function buildShareUrl(origin: string, code: string, fragment?: string | null): string {
  const base = `${origin}/s/${encodeURIComponent(code)}`;
  return fragment ? `${base}#${fragment}` : base;
}

/**
 * The link once the upload is finalized: the short code when one was reserved, otherwise the
 * server's download URL or {origin}/s/{fileId}. The key fragment is only ever added here, in the
 * browser.
 */
export function finalShareUrl(options: {
  origin: string;
  shortCode?: string | null;
  fileId: string;
  downloadUrl?: string | null;
  fragment?: string | null;
}): string {
  const { origin, shortCode, fileId, downloadUrl, fragment } = options;
  if (shortCode) return buildShareUrl(origin, shortCode, fragment);
  if (!downloadUrl) return buildShareUrl(origin, fileId, fragment);
  const url = new URL(downloadUrl, origin);
  url.hash = fragment ?? '';
  return url.toString();
}
