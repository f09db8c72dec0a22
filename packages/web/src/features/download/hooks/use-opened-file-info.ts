/**
 * The download page's view of an encrypted file whose name and type are sealed:
 * the server's info with the name and type opened here from `encryptedMetadata` with the link's
 * key. Plain files, and encrypted ones made before names were sealed, keep the server's. Either
 * way the name is shown through core's visibleName: a sender's right-to-left override or control
 * character is written out ("[U+202E]"), never obeyed.
 */
import type { FileInfo } from '@sealdrop/core/api-schemas';
import type { MetadataFile, MetadataRecord } from '@sealdrop/core/crypto/metadata-record';
import { linkName, visibleName } from '@sealdrop/core/file-list';
import { useEffect, useState } from 'react';
import { ENCRYPTED_FILE_LABEL, openSealedRecord } from '../../../lib/sealed-names';

type Opened = { blob: string; record: MetadataRecord | null };

export function useOpenedFileInfo(
  info: FileInfo | undefined,
  rawKey: Uint8Array | null | undefined,
): {
  file: FileInfo | undefined;
  /** The link's files when it carries several; null for one file. */
  files: MetadataFile[] | null;
  opening: boolean;
  /**
   * The sealed record did not open with the link's key: the key is wrong (or the link damaged),
   * and the download would fail on its first record. Known before anything is downloaded.
   */
  wrongKey: boolean;
} {
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

  if (!info || !blob || !rawKey)
    return { file: withVisibleName(info), files: null, opening: false, wrongKey: false };
  if (opened?.blob !== blob) {
    return { file: withVisibleName(info), files: null, opening: true, wrongKey: false };
  }
  if (!opened.record) {
    return { file: withVisibleName(info), files: null, opening: false, wrongKey: true };
  }
  const files = opened.record.files;
  const several = files.length > 1;
  return {
    file: {
      ...info,
      // Several files go by their folder's name or their count ("12 files").
      originalName: several
        ? linkName(files.map((f) => f.path))
        : visibleName(files[0]?.name ?? ENCRYPTED_FILE_LABEL),
      contentType: (!several && files[0]?.type) || info.contentType,
    },
    files: several ? files : null,
    opening: false,
    wrongKey: false,
  };
}

function withVisibleName(info: FileInfo | undefined): FileInfo | undefined {
  return info?.originalName ? { ...info, originalName: visibleName(info.originalName) } : info;
}
