/**
 * Names for a link that carries several files (issue 16 item 1): what the card and the download
 * page call the whole, and the paths a zip may hold.
 */

/** The shared folder's name when every path starts with it, otherwise "{n} files". */
export function linkName(paths: readonly string[]): string {
  if (paths.length === 1) return lastSegment(paths[0]!);
  const tops = new Set(paths.map((path) => safeEntryPath(path).split('/')[0]));
  const nested = paths.every((path) => safeEntryPath(path).includes('/'));
  const [top] = tops;
  return tops.size === 1 && nested && top ? top : `${paths.length} files`;
}

/**
 * A sender-chosen relative path made safe to write into a zip or onto a disk: `/`-separated, no
 * leading slash, no empty, `.` or `..` segments, no drive letters. Never empty.
 */
export function safeEntryPath(path: string): string {
  const segments = path
    .replaceAll('\\', '/')
    .split('/')
    .map((segment) => withoutControlCharacters(segment).trim())
    .filter((segment) => segment !== '' && segment !== '.' && segment !== '..')
    .map((segment, i) => (i === 0 ? segment.replace(/^[A-Za-z]:$/, '') : segment))
    .filter(Boolean);
  return segments.length > 0 ? segments.join('/') : 'file';
}

export function lastSegment(path: string): string {
  return safeEntryPath(path).split('/').at(-1) ?? 'file';
}

function withoutControlCharacters(text: string): string {
  return [...text].filter((char) => char.charCodeAt(0) >= 0x20 && char !== '\u007f').join('');
}
