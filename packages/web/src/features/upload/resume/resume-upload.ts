/**
 * Continues a multipart upload started before a reload: the same file picked again, the same key
 * (from this browser's store) and the same server-side upload. Only the parts storage has not
 * confirmed are encrypted and sent again (records depend only on key, iv and index, so the bytes
 * are identical); then finalize, exactly as a fresh upload ends.
 */
import { parseFragment } from '@sealdrop/core/crypto/fragment';
import { importKey } from '@sealdrop/core/crypto/key-material';
import { objectSize } from '@sealdrop/core/upload-plan';
import {
  abortQuietly,
  type CompletedPart,
  finalizeAndWait,
  requestPartUrls,
} from '../api/upload-endpoints';
import { type ProgressSnapshot, throttledProgress } from '../lib/progress-meter';
import type { RetryOptions } from '../lib/retry';
import { finalShareUrl } from '../lib/share-link';
import { isRemovedUpload, PrepareError } from '../lib/upload-errors';
import { uploadMultipart } from '../transfer/multipart-upload';
import type { PartCipher } from '../transfer/part-body';
import type { PutBlob } from '../transfer/put-blob';
import type { UploadFileResult } from '../transfer/upload-file';
import { heartbeatWhileSending } from '../transfer/upload-heartbeat';
import { DIFFERENT_FILE_MESSAGE, isSameFile, type PendingUpload } from './pending-upload';

export interface ResumeUploadOptions {
  upload: PendingUpload;
  file: File;
  signal?: AbortSignal;
  onStage?: (stage: 'uploading' | 'finalizing') => void;
  onProgress?: (progress: ProgressSnapshot) => void;
  onPartDone?: (part: CompletedPart) => void;
  progressIntervalMs?: number;
  origin?: string;
  put?: PutBlob;
  retry?: Omit<RetryOptions, 'signal'>;
}

export class DifferentFileError extends Error {
  constructor() {
    super(DIFFERENT_FILE_MESSAGE);
    this.name = 'DifferentFileError';
  }
}

async function cipherOf(fragment: string | null): Promise<PartCipher | null> {
  if (!fragment) return null;
  const secrets = parseFragment(fragment);
  if (!secrets) throw new PrepareError(new Error('The stored key of this upload is unreadable'));
  try {
    return { key: await importKey(secrets.rawKey), iv: secrets.iv };
  } catch (error) {
    throw new PrepareError(error);
  }
}

export async function resumeUpload(options: ResumeUploadOptions): Promise<UploadFileResult> {
  const { upload, file, signal } = options;
  // Refused before anything is sent: the stored upload stays resumable with the right file.
  if (!isSameFile(upload.file, file)) throw new DifferentFileError();
  const cipher = await cipherOf(upload.fragment);
  const target = { objectKey: upload.objectKey, uploadId: upload.uploadId };
  const heartbeat = heartbeatWhileSending({
    objectKey: upload.objectKey,
    size: file.size,
    objectSize: objectSize(file.size, cipher !== null),
    onBytes: throttledProgress(
      objectSize(file.size, cipher !== null),
      options.onProgress,
      options.progressIntervalMs,
    ),
  });
  const onBytes = heartbeat.onBytes;

  try {
    options.onStage?.('uploading');
    const parts = await uploadMultipart({
      file,
      plan: {
        uploadId: upload.uploadId,
        partSize: upload.partSize,
        partCount: upload.partCount,
        parts: [],
      },
      completed: upload.parts,
      onPartDone: options.onPartDone,
      concurrency: upload.concurrency,
      cipher,
      contentType: upload.contentType,
      signal,
      onBytes,
      put: options.put,
      retry: options.retry,
      requestPartUrls: (partNumbers) => requestPartUrls({ ...target, partNumbers }, signal),
    });
    options.onStage?.('finalizing');
    const result = await finalizeAndWait(
      { objectKey: upload.objectKey, slug: upload.fileId, parts },
      signal,
    );
    return {
      ...result,
      shareUrl: finalShareUrl({
        origin: options.origin ?? window.location.origin,
        shortCode: upload.shortCode,
        fileId: result.fileId,
        downloadUrl: result.downloadUrl,
        // A passphrase-protected link stays protected after a resume (older records have none).
        fragment: upload.linkFragment ?? upload.fragment,
      }),
    };
  } catch (error) {
    if (!isRemovedUpload(error)) abortQuietly(target);
    throw error;
  } finally {
    heartbeat.stop();
  }
}
