/** The Content-Disposition the Service Worker answers with, so the browser saves under the right name. */
import { visibleName } from '@sealdrop/core/file-list';

export const DEFAULT_FILE_NAME = 'downloaded-file';

/**
 * A name safe to offer as a file name: no path separators, control or bidirectional characters
 * (written out by core's visibleName, as the page shows them and the CLI saves them; browsers
 * sanitize too, but the header must not be able to carry them), "downloaded-file" when empty.
 */
export function safeFileName(name: string | null | undefined): string {
  const cleaned = visibleName((name ?? '').trim()).replace(/[/\\]/g, '_');
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? DEFAULT_FILE_NAME : cleaned;
}

/**
 * `attachment` with an ASCII fallback `filename` and the exact UTF-8 name in `filename*`
 * (RFC 6266 / RFC 5987), which every current browser prefers.
 */
export function contentDisposition(name: string): string {
  const safe = safeFileName(name);
  // '%' is replaced too: some browsers percent-decode the plain filename parameter.
  const fallback = safe.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  // encodeURIComponent leaves ' ( ) * unescaped; RFC 5987 attr-char does not allow them.
  const encoded = encodeURIComponent(safe).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
