/** Short codes and file slugs share one namespace: random base62, unguessable. */
export const SHORT_CODE_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const SHORT_CODE_LENGTH = 12;
export const SHORT_CODE_PATTERN = /^[0-9A-Za-z]{10,32}$/;

export function isShortCode(value: string): boolean {
  return SHORT_CODE_PATTERN.test(value);
}

/** The last path segment of a URL or path, which is where a short link's code sits. */
export function shortCodeFromUrl(url: string): string {
  const path = url.split(/[?#]/)[0] ?? '';
  const segments = path.split('/').filter(Boolean);
  return segments[segments.length - 1] ?? '';
}
