/**
 * fast-check generators for hostile HTTP input: JSON bodies with the API's own field names and
 * random ones, wrong types, huge and nested values; query strings and path segments full of RTL
 * overrides, zero-width and control characters, broken percent-escapes and very long runs.
 */
import fc from 'fast-check';

/** Field names the API reads somewhere, so generated bodies get past "is required" now and then. */
const FIELD_NAMES = [
  'filename',
  'contentType',
  'size',
  'isEncrypted',
  'shortCode',
  'objectKey',
  'slug',
  'uploadId',
  'partNumbers',
  'parts',
  'partNumber',
  'etag',
  'fileId',
  'originalName',
  'email',
  'password',
  'currentPassword',
  'newPassword',
  'type',
  'message',
  'status',
  'page',
  'limit',
  'walletAddress',
  'signature',
  'uploaderWallet',
  'downloaderWallet',
  'fileSize',
  'code',
  'state',
  'key',
  'sig',
  'exp',
  'op',
  '__proto__',
  'constructor',
];

/** Pieces that have broken parsers, renderers and logs elsewhere. */
const NASTY = [
  '\u202e',
  '\u202d',
  '\u2066',
  '\u200b',
  '\u200d',
  '\ufeff',
  '\u0000',
  '\n',
  '\r\n',
  '\u001b[31m',
  '\u0085',
  '\u2028',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "' OR 1=1 --",
  '../',
  '..\\',
  '%',
  '%00',
  '%2e%2e%2f',
  '{}',
  '😀',
  '👨‍👩‍👧',
  'é',
  'ﷺ',
  '\u0301',
  'NaN',
  '-1',
  '1e309',
];

export const fieldName = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...FIELD_NAMES) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
);

/** Strings that may be valid for some field, hostile, or simply enormous. */
export function hostileString(known: readonly string[] = []) {
  const pieces = fc.oneof(
    fc.constantFrom(...NASTY),
    fc.string({ unit: 'binary', maxLength: 6 }),
    fc.string({ unit: 'grapheme', maxLength: 6 }),
  );
  return fc.oneof(
    { weight: 4, arbitrary: fc.array(pieces, { maxLength: 6 }).map((parts) => parts.join('')) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 2, arbitrary: fc.stringMatching(/^[0-9A-Za-z]{10,32}$/) },
    { weight: 1, arbitrary: fc.emailAddress() },
    { weight: 1, arbitrary: fc.constantFrom('ok.txt', 'text/plain', 'bug', 'other', '1', 'true') },
    { weight: known.length ? 3 : 0, arbitrary: fc.constantFrom('', ...known) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom('a', '\u202e', '文', '\u200d'),
          fc.integer({ min: 256, max: 70_000 }),
        )
        .map(([char, count]) => char.repeat(count)),
    },
  );
}

/** JSON values of every type, nested a few levels, including numbers JSON should never carry. */
export function jsonValue(known: readonly string[] = []) {
  const scalar = fc.oneof(
    hostileString(known),
    fc.integer(),
    fc.constantFrom(0, -1, 1, 0.5, -0, 2 ** 31, 2 ** 53 + 2, 1e308, -1e308, 5 * 1024 ** 3),
    fc.boolean(),
    fc.constant(null),
  );
  const { value } = fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      scalar,
      fc.array(tie('value'), { maxLength: 4 }),
      fc.array(fc.tuple(fieldName, tie('value')), { maxLength: 4 }).map(objectText),
    ),
  }));
  return value;
}

/** An object as JSON text built by hand, so duplicate keys and `__proto__` reach the parser. */
function objectText(entries: [string, unknown][]): RawJson {
  return new RawJson(
    `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${toJson(value)}`).join(',')}}`,
  );
}

class RawJson {
  constructor(readonly text: string) {}
}

export function toJson(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  return JSON.stringify(value) ?? 'null';
}

/** A request body: mostly an object of known and random fields, sometimes any JSON value. */
export function jsonBody(known: readonly string[] = []) {
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fc
        .array(fc.tuple(fieldName, jsonValue(known)), { maxLength: 8 })
        .map((entries) => objectText(entries).text),
    },
    { weight: 1, arbitrary: jsonValue(known).map(toJson) },
  );
}

/** A valid body with a few fields swapped for hostile values, to reach past validation. */
export function mutatedBody(base: Record<string, unknown>, known: readonly string[] = []) {
  const keys = Object.keys(base);
  return fc
    .array(fc.tuple(keys.length ? fc.constantFrom(...keys) : fieldName, jsonValue(known)), {
      maxLength: 2,
    })
    .map((changes) => objectText([...new Map([...Object.entries(base), ...changes])]).text);
}

/** Percent-encoded text, or raw escapes that decode to invalid UTF-8 or nothing at all. */
export function urlPiece(known: readonly string[] = []) {
  return fc.oneof(
    { weight: 4, arbitrary: hostileString(known).map(encodeURIComponent) },
    { weight: 1, arbitrary: fc.constantFrom('%FF', '%C3%28', '%E2%80', '%', '%zz', '%00', '..') },
  );
}

export function queryString(known: readonly string[] = []) {
  return fc
    .array(fc.tuple(fieldName.map(encodeURIComponent), urlPiece(known)), { maxLength: 6 })
    .map((pairs) => pairs.map(([key, value]) => `${key}=${value}`).join('&'));
}

/** Stands for the real token of a signed-in account, looked up when the request is sent. */
export const VALID_TOKEN = 'Bearer <valid>';

/** No header, a made-up token, junk schemes, or a signed-in account's token. */
export function authorization() {
  return fc.oneof(
    fc.constant(undefined),
    fc.constant('Bearer bogus'),
    fc.constant('Bearer eyJhbGciOiJIUzI1NiJ9.e30.c2lnbmF0dXJl'),
    fc
      .string({ unit: fc.integer({ min: 0x21, max: 0x7e }).map(String.fromCharCode) })
      .map((text) => `Bearer ${text}`),
    fc.constant('Basic YTpi'),
    fc.constant(VALID_TOKEN),
  );
}

export const contentType = fc.constantFrom(
  'application/json',
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
);
