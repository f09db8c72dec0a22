/**
 * The share link, built in one place for the page, the command line and the server:
 * `{origin}/s/{code}`, plus `#key=…&iv=…` (or a passphrase's `#wkey=…`) when the file is encrypted.
 * The fragment is only ever added on the sender's machine: the server builds links without one.
 */

export function shareLink(origin: string, code: string, fragment?: string | null): string {
  const base = `${origin}/s/${encodeURIComponent(code)}`;
  return fragment ? `${base}#${fragment}` : base;
}

/**
 * The link once the upload is finalized: the short code when one was reserved, otherwise the
 * server's download URL (made absolute on `origin`) or `{origin}/s/{fileId}`; with the fragment.
 */
export function finalShareLink(options: {
  origin: string;
  shortCode?: string | null;
  fileId: string;
  downloadUrl?: string | null;
  fragment?: string | null;
}): string {
  const { origin, shortCode, fileId, downloadUrl, fragment } = options;
  if (shortCode) return shareLink(origin, shortCode, fragment);
  if (!downloadUrl) return shareLink(origin, fileId, fragment);
  const url = new URL(downloadUrl, origin);
  url.hash = fragment ?? '';
  return url.toString();
}
