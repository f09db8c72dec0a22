/**
 * What the uploader accepts: a File or Blob, directly or wrapped under a
 * `file` or `blob` property. A missing name falls back to "file", a missing type to
 * application/octet-stream.
 */
import { NO_FILE_MESSAGE } from '../lib/upload-errors';

export type UploadInput = Blob | { file?: Blob | null; blob?: Blob | null } | null | undefined;

export interface ResolvedUpload {
  blob: Blob;
  name: string;
  type: string;
}

export function resolveUploadInput(input: UploadInput): ResolvedUpload {
  const blob =
    input instanceof Blob
      ? input
      : input && typeof input === 'object'
        ? (input.file ?? input.blob ?? null)
        : null;
  if (!(blob instanceof Blob)) throw new Error(NO_FILE_MESSAGE);
  const name = blob instanceof File && blob.name ? blob.name : 'file';
  return { blob, name, type: blob.type || 'application/octet-stream' };
}
