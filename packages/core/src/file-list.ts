/**
 * Names for a link that carries several files (docs/encryption.md, "Several files in one link"): what the card and the download
 * page call the whole, and the paths a zip may hold. Every name a sender chose goes through
 * `visibleName` before anyone sees it or a disk stores it, on the web page and in the CLI alike.
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
 * leading slash, no empty, `.` or `..` segments, no drive letters, no hidden characters (see
 * visibleName). Never empty.
 */
export function safeEntryPath(path: string): string {
  const segments = path
    .replaceAll('\\', '/')
    .split('/')
    .map((segment) => visibleName(segment.trim()))
    .filter((segment) => segment !== '' && segment !== '.' && segment !== '..')
    .map((segment, i) => (i === 0 ? segment.replace(/^[A-Za-z]:$/, '') : segment))
    .filter(Boolean);
  return segments.length > 0 ? segments.join('/') : 'file';
}

export function lastSegment(path: string): string {
  return safeEntryPath(path).split('/').at(-1) ?? 'file';
}

/**
 * Characters that change what a name looks like without being seen themselves: C0 and C1
 * controls and DEL (a terminal obeys U+009B as the start of an escape sequence), and the
 * bidirectional controls (U+202E makes `invoice[U+202E]fdp.exe` read as `invoiceexe.pdf`): the
 * embeddings and overrides U+202A–U+202E, the isolates U+2066–U+2069, the marks U+200E, U+200F
 * and U+061C.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
const HIDDEN = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * The name with every hidden character written out as `[U+202E]`: shown and stored that way, so
 * a name cannot pretend to be another one and says what it carried. The brackets are allowed in
 * file names on every common system.
 */
export function visibleName(name: string): string {
  return name.replace(
    HIDDEN,
    (char) => `[U+${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}]`,
  );
}

/**
 * What the CLI writes while a file downloads, beside the file itself: `<name>.part` (the bytes
 * so far) and `<name>.part.sealdrop` (whose link they are from and how many verified).
 */
export const PART_SUFFIX = '.part';
export const PART_SIDECAR_SUFFIX = '.part.sealdrop';

/**
 * The first pair of a link's entries where one is a name the downloader uses for the other's
 * temporary files (`a` and `a.part`, or `a` and `a.part.sealdrop`): written to one disk, they
 * would end as one file. Null when there is none. Paths are compared as safeEntryPath makes them.
 */
export function temporaryNameClash(
  paths: readonly string[],
): { entry: string; clash: string } | null {
  const safe = new Set(paths.map(safeEntryPath));
  for (const clash of safe) {
    for (const suffix of [PART_SUFFIX, PART_SIDECAR_SUFFIX]) {
      const entry = clash.endsWith(suffix) ? clash.slice(0, -suffix.length) : null;
      if (entry && safe.has(entry)) return { entry, clash };
    }
  }
  return null;
}
