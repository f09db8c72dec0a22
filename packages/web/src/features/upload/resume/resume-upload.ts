/**
 * Continues a multipart upload started before a reload: the same file picked again, the same key
 * (from this browser's store) and the same server-side upload. Only the parts storage has not
 * confirmed are encrypted and sent again (records depend only on key, iv and index, so the bytes
 * are identical); then finalize, exactly as a fresh upload ends.
 */

import { finalShareLink } from '@sealdrop/core/client/share-link';
import { parseFragment } from '@sealdrop/core/crypto/fragment';
import { importKey } from '@sealdrop/core/crypto/key-material';
import { objectSize } from '@sealdrop/core/upload-plan';
import { heartbeatWhileSending } from '@sealdrop/core/upload-progress';
import {
  abortQuietly,
  type CompletedPart,
  finalizeAndWait,
  requestPartUrls,
  sendHeartbeat,
} from '../api/upload-endpoints';
import { type ProgressSnapshot, throttledProgress } from '../lib/progress-meter';
import type { SendRetry } from '../lib/send-retry';
import { isRemovedUpload, isRetryable, PrepareError } from '../lib/upload-errors';
import { uploadMultipart } from '../transfer/multipart-upload';
import type { PartCipher } from '../transfer/part-body';
import type { PutBlob } from '../transfer/put-blob';
import { InterruptedUpload, type UploadFileResult, type UploadRun } from '../transfer/upload-file';
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
  /** How failed requests are tried again, and who hears of it. */
  retry?: SendRetry;
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
    send: (sentBytes) => sendHeartbeat({ objectKey: upload.objectKey, sentBytes }),
    size: file.size,
    objectSize: objectSize(file.size, cipher !== null),
    onBytes: throttledProgress(
      objectSize(file.size, cipher !== null),
      options.onProgress,
      options.progressIntervalMs,
    ),
  });
  const onBytes = heartbeat.onBytes;

  // Parts storage confirmed in this run too: a continued run sends only the others.
  const stored = new Map(upload.parts.map((part) => [part.partNumber, part]));
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
      onPartDone: (part) => {
        stored.set(part.partNumber, part);
        options.onPartDone?.(part);
      },
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
      shareUrl: finalShareLink({
        origin: options.origin ?? window.location.origin,
        shortCode: upload.shortCode,
        fileId: result.fileId,
        downloadUrl: result.downloadUrl,
        // A passphrase-protected link stays protected after a resume (older records have none).
        fragment: upload.linkFragment ?? upload.fragment,
      }),
    };
  } catch (error) {
    // The network stayed down past every try: the same upload and link go on with Retry.
    if (!signal?.aborted && isRetryable(error)) {
      const resume = (run: UploadRun) =>
        resumeUpload({ ...options, ...run, upload: { ...upload, parts: [...stored.values()] } });
      throw new InterruptedUpload(error, upload.link, resume, () => abortQuietly(target));
    }
    if (!isRemovedUpload(error)) abortQuietly(target);
    throw error;
  } finally {
    heartbeat.stop();
  }
}
