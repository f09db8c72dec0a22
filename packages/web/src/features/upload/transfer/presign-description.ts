/**
 * How an upload describes its file to presign: a plain upload sends
 * its name and type; an encrypted one sends the metadata record sealed under its file key (so the
 * server never learns the name or the type) and the number of files the record lists.
 */
import type { PresignRequest } from '@sealdrop/core/api-schemas';
import {
  type MetadataFile,
  sealMetadata,
  singleFileRecord,
} from '@sealdrop/core/crypto/metadata-record';

export type PresignDescription = Pick<
  PresignRequest,
  'filename' | 'contentType' | 'encryptedMetadata' | 'fileCount'
>;

export async function describeForPresign(
  file: { name: string; type: string; size: number },
  /** The file key (raw bytes) of an encrypted upload; null for a plain one. */
  rawKey: Uint8Array | null,
  /** The files of a bundle (several files in one link), in order; null for one file. */
  entries: MetadataFile[] | null = null,
): Promise<PresignDescription> {
  if (!rawKey) return { filename: file.name, contentType: file.type };
  const record = entries ? { files: entries } : singleFileRecord(file);
  // The count bounds how long the server lets the sealed record be.
  return {
    encryptedMetadata: await sealMetadata(record, rawKey),
    fileCount: record.files.length,
  };
}
