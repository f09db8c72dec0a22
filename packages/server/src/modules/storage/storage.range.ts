/** A single byte range, both ends inclusive as in Content-Range. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Reads a `Range` header against an object of `size` bytes. Returns null when the whole object
 * should be sent (no header, a unit we don't know, or several ranges: RFC 9110 lets a server
 * ignore those), and 'unsatisfiable' for a range that starts past the end.
 */
export function parseRange(
  header: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | null {
  const match = header?.trim().match(/^bytes=(\d*)-(\d*)$/);
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;

  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }

  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

export function contentRange(range: ByteRange, size: number): string {
  return `bytes ${range.start}-${range.end}/${size}`;
}
