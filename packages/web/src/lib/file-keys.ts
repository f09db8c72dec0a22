/**
 * Per-file decryption fragments this browser knows (`key=…&iv=…`), so "My files" can hand out a
 * complete link later. Kept only in this browser's localStorage: the server never sees them.
 * Storage failures (private mode, quota, disabled storage) are ignored: the link then has no key.
 */
const PREFIX = 'sealdrop:keys:';

function storageKey(fileId: string) {
  return `${PREFIX}${fileId}`;
}

/** Accepts the fragment with or without its leading '#'. */
export function rememberFileKey(fileId: string, fragment: string): void {
  const value = fragment.startsWith('#') ? fragment.slice(1) : fragment;
  if (!fileId || !value) return;
  try {
    localStorage.setItem(storageKey(fileId), value);
  } catch {
    // Without storage the file simply stays shareable without its key from this page.
  }
}

/** The fragment without '#', or null when this browser does not know the key. */
export function recallFileKey(fileId: string): string | null {
  try {
    return localStorage.getItem(storageKey(fileId)) || null;
  } catch {
    return null;
  }
}

export function forgetFileKey(fileId: string): void {
  try {
    localStorage.removeItem(storageKey(fileId));
  } catch {
    // Nothing to forget when storage is unavailable.
  }
}

/** The share link with the key fragment appended when it is known. */
export function linkWithKey(shortUrl: string, fileId: string): string {
  const fragment = recallFileKey(fileId);
  return fragment ? `${shortUrl.split('#')[0]}#${fragment}` : shortUrl;
}
