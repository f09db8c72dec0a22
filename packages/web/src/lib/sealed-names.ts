/**
 * Names of encrypted files, opened in this browser from the sealed metadata record the server
 * keeps: the server itself never learns them. Needs the link's key; without it
 * (another browser, a forgotten key) the file is shown as "Encrypted file".
 */
import { parseFragment } from '@sealdrop/core/crypto/fragment';
import { type MetadataRecord, openMetadata } from '@sealdrop/core/crypto/metadata-record';

/** The text for an encrypted file whose name this browser cannot open. */
export const ENCRYPTED_FILE_LABEL = 'Encrypted file';

/** The record sealed in `encryptedMetadata`, or null when it is absent or does not open with the key. */
export async function openSealedRecord(
  encryptedMetadata: string | null | undefined,
  rawKey: Uint8Array | null | undefined,
): Promise<MetadataRecord | null> {
  if (!encryptedMetadata || !rawKey) return null;
  try {
    return await openMetadata(encryptedMetadata, rawKey);
  } catch {
    return null;
  }
}

/** As openSealedRecord, with the key taken from a remembered `key=…&iv=…` fragment. */
export function openWithFragment(
  encryptedMetadata: string | null | undefined,
  fragment: string | null,
): Promise<MetadataRecord | null> {
  return openSealedRecord(encryptedMetadata, fragment ? parseFragment(fragment)?.rawKey : null);
}

/** How a link's files are named in a list: the file's name, or the first one and how many more. */
export function recordLabel(record: MetadataRecord): string {
  const [first, ...rest] = record.files;
  if (!first) return ENCRYPTED_FILE_LABEL;
  return rest.length ? `${first.name} and ${rest.length} more` : first.name;
}
