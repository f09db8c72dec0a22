/**
 * The encrypted metadata record (docs/encryption.md "Metadata record"): the names, sizes, types
 * and relative paths of a link's files, sealed in the browser so that the server stores only an
 * opaque blob. It is a list so that a link carrying several files uses the same record.
 *
 * Blob = VERSION (1 byte) | nonce (12) | AES-256-GCM(JSON padded with spaces, AAD = VERSION byte),
 * base64url without padding. The key is HKDF-SHA-256 of the file key (empty salt, info
 * `sealdrop/metadata/v1`): a key of its own, so its nonce can never collide with a record nonce.
 */
import { z } from 'zod/mini';
import { lastSegment } from '../file-list';
import { IV_BYTES, KEY_BYTES, TAG_SIZE } from '../record-format';
import { fromBase64Url, toBase64Url } from './base64url';

export const METADATA_VERSION = 1;
export const METADATA_INFO = 'sealdrop/metadata/v1';
/** The plaintext is padded to a multiple of this, so the blob's length hides a name's length. */
export const METADATA_PADDING = 256;

const fileEntrySchema = z.object({
  name: z.string().check(z.minLength(1)),
  size: z.number().check(z.int(), z.nonnegative()),
  type: z.string(),
  /** Path relative to the shared folder, `/`-separated; the name alone for a lone file. */
  path: z.string().check(z.minLength(1)),
});
const metadataSchema = z.object({
  v: z.literal(METADATA_VERSION),
  files: z.array(fileEntrySchema).check(z.minLength(1)),
});

export type MetadataFile = z.infer<typeof fileEntrySchema>;
export interface MetadataRecord {
  files: MetadataFile[];
}

/** Metadata that does not open with this key, or opens to something that is not a record. */
export class MetadataError extends Error {
  override name = 'MetadataError';
}

/** The record of one file picked on its own (no folder): its path is its name. */
export function singleFileRecord(file: { name: string; size: number; type: string }) {
  return { files: [{ name: file.name, size: file.size, type: file.type, path: file.name }] };
}

/**
 * The record of a link's files, given by their `/`-separated paths under what was picked (the
 * page's picker and `sealdrop send` alike): one file alone goes by its name, several keep their
 * paths.
 */
export function linkRecord(
  files: readonly { path: string; size: number; type: string }[],
): MetadataRecord {
  const entries = files.map(({ path, size, type }) => ({
    name: lastSegment(path),
    size,
    type,
    path,
  }));
  return entries.length === 1 ? singleFileRecord(entries[0]!) : { files: entries };
}

/** UTF-8 JSON `{"v":1,"files":[…]}`, padded with spaces (still valid JSON) to METADATA_PADDING. */
export function encodeMetadata(record: MetadataRecord): Uint8Array<ArrayBuffer> {
  const files = record.files.map(({ name, size, type, path }) => ({ name, size, type, path }));
  const json = new TextEncoder().encode(JSON.stringify({ v: METADATA_VERSION, files }));
  const padded = new Uint8Array(Math.ceil((json.length + 1) / METADATA_PADDING) * METADATA_PADDING);
  padded.fill(0x20);
  padded.set(json);
  return padded;
}

export function decodeMetadata(bytes: Uint8Array): MetadataRecord {
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw new MetadataError('The file details are not readable');
  }
  const result = metadataSchema.safeParse(parsed);
  if (!result.success) throw new MetadataError('The file details are not readable');
  return { files: result.data.files };
}

/** AES-256-GCM key for the metadata record: HKDF-SHA-256(file key, salt = empty, info). */
export async function deriveMetadataKey(rawKey: Uint8Array): Promise<CryptoKey> {
  if (rawKey.length !== KEY_BYTES) {
    throw new RangeError(`An encryption key is ${KEY_BYTES} bytes, got ${rawKey.length}`);
  }
  const base = await crypto.subtle.importKey('raw', new Uint8Array(rawKey), 'HKDF', false, [
    'deriveKey',
  ]);
  return crypto.subtle.deriveKey(
    {
      name: 'HKDF',
      hash: 'SHA-256',
      salt: new Uint8Array(0),
      info: new TextEncoder().encode(METADATA_INFO),
    },
    base,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

/** Seals a record under the file key; `nonce` is random unless given (test vectors only). */
export async function sealMetadata(
  record: MetadataRecord,
  rawKey: Uint8Array,
  nonce: Uint8Array = crypto.getRandomValues(new Uint8Array(IV_BYTES)),
): Promise<string> {
  if (nonce.length !== IV_BYTES) throw new RangeError(`A nonce is ${IV_BYTES} bytes`);
  const header = Uint8Array.of(METADATA_VERSION);
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv: new Uint8Array(nonce), additionalData: header },
    await deriveMetadataKey(rawKey),
    encodeMetadata(record),
  );
  const blob = new Uint8Array(1 + IV_BYTES + sealed.byteLength);
  blob.set(header);
  blob.set(nonce, 1);
  blob.set(new Uint8Array(sealed), 1 + IV_BYTES);
  return toBase64Url(blob);
}

/** Opens a blob made by sealMetadata; throws MetadataError when it was altered or the key is wrong. */
export async function openMetadata(blob: string, rawKey: Uint8Array): Promise<MetadataRecord> {
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = fromBase64Url(blob);
  } catch {
    throw new MetadataError('The file details are not readable');
  }
  if (bytes.length < 1 + IV_BYTES + TAG_SIZE || bytes[0] !== METADATA_VERSION) {
    throw new MetadataError('The file details are in an unknown format');
  }
  let plain: ArrayBuffer;
  try {
    plain = await crypto.subtle.decrypt(
      {
        name: 'AES-GCM',
        iv: bytes.subarray(1, 1 + IV_BYTES),
        additionalData: bytes.subarray(0, 1),
      },
      await deriveMetadataKey(rawKey),
      bytes.subarray(1 + IV_BYTES),
    );
  } catch {
    throw new MetadataError('The file details do not open with this key');
  }
  return decodeMetadata(new Uint8Array(plain));
}
