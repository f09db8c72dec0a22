/**
 * The download page's view of an encrypted file whose name and type are sealed (issue 16 item 5):
 * the server's info with the name and type opened here from `encryptedMetadata` with the link's
 * key. Plain files, and encrypted ones made before names were sealed, pass through unchanged.
 */
import type { FileInfo } from '@sealdrop/core/api-schemas';
import type { MetadataRecord } from '@sealdrop/core/crypto/metadata-record';
import { useEffect, useState } from 'react';
import { ENCRYPTED_FILE_LABEL, openSealedRecord } from '../../../lib/sealed-names';

type Opened = { blob: string; record: MetadataRecord | null };

export function useOpenedFileInfo(
  info: FileInfo | undefined,
  rawKey: Uint8Array | null | undefined,
): { file: FileInfo | undefined; opening: boolean } {
  const blob = info?.isEncrypted && info.originalName === null ? info.encryptedMetadata : null;
  const [opened, setOpened] = useState<Opened | null>(null);

  useEffect(() => {
    if (!blob) return;
    let current = true;
    void openSealedRecord(blob, rawKey).then((record) => {
      if (current) setOpened({ blob, record });
    });
    return () => {
      current = false;
    };
  }, [blob, rawKey]);

  if (!info || !blob || !rawKey) return { file: info, opening: false };
  if (opened?.blob !== blob) return { file: info, opening: true };
  // One file today; a link with several files names its first (the list is issue 16 item 1's).
  const first = opened.record?.files[0];
  return {
    file: {
      ...info,
      originalName: first?.name ?? ENCRYPTED_FILE_LABEL,
      contentType: first?.type || info.contentType,
    },
    opening: false,
  };
}
