/**
 * The whole transfer of one file (spec §4 "Upload (transfer steps)"): key material, presign,
 * share link at once, parts or a single PUT, finalize. No React here: the hook drives it.
 */
import { buildFragment } from '@sealdrop/core/crypto/fragment';
import { generateKeyMaterial } from '@sealdrop/core/crypto/key-material';
import { objectSize } from '@sealdrop/core/upload-plan';
import { rememberFileKey } from '../../../lib/file-keys';
import { createProgressMeter, type ProgressSnapshot } from '../lib/progress-meter';
import type { RetryOptions } from '../lib/retry';
import { PrepareError } from '../lib/upload-errors';
import { uploadDirect } from './direct-upload';
import { uploadMultipart } from './multipart-upload';
import { type PartCipher, wholeFileBody } from './part-body';
import type { PutBlob } from './put-blob';
import { buildShareUrl, finalShareUrl } from './share-link';
import { abortUpload, finalizeUpload, presignUpload, requestPartUrls } from './upload-endpoints';
import { resolveUploadInput, type UploadInput } from './upload-input';

export type TransferStage = 'encrypting' | 'uploading' | 'finalizing';

export interface UploadFileOptions {
  input: UploadInput;
  encrypt: boolean;
  shortCode?: string | null;
  signal?: AbortSignal;
  onStage?: (stage: TransferStage) => void;
  /** The share link, as soon as presign answers (before any byte is sent). */
  onLink?: (url: string) => void;
  onProgress?: (progress: ProgressSnapshot) => void;
  /** Minimum time between progress reports, so React re-renders at most ~10 times a second. */
  progressIntervalMs?: number;
  origin?: string;
  put?: PutBlob;
  retry?: Omit<RetryOptions, 'signal'>;
}

export interface UploadFileResult {
  fileId: string;
  storageKey: string;
  downloadUrl: string;
  shareUrl: string;
}

export async function uploadFile(options: UploadFileOptions): Promise<UploadFileResult> {
  const { encrypt, signal } = options;
  const { blob, name, type } = resolveUploadInput(options.input);
  const origin = options.origin ?? window.location.origin;
  const contentType = encrypt ? 'application/octet-stream' : type;

  options.onStage?.(encrypt ? 'encrypting' : 'uploading');
  let cipher: PartCipher | null = null;
  let fragment: string | null = null;
  if (encrypt) {
    try {
      const material = await generateKeyMaterial();
      cipher = { key: material.key, iv: material.iv };
      fragment = buildFragment(material);
    } catch (error) {
      throw new PrepareError(error);
    }
  }

  const presign = await presignUpload(
    {
      filename: name,
      contentType,
      size: blob.size,
      isEncrypted: encrypt,
      ...(options.shortCode ? { shortCode: options.shortCode } : {}),
    },
    signal,
  );
  // So that "My files" in this browser can copy the full link later; the key stays on this device.
  if (fragment) rememberFileKey(presign.slug, fragment);
  options.onLink?.(buildShareUrl(origin, presign.slug, fragment));
  if (encrypt) options.onStage?.('uploading');

  const total = objectSize(blob.size, encrypt);
  const meter = createProgressMeter(total);
  const interval = options.progressIntervalMs ?? 100;
  let lastReport = Number.NEGATIVE_INFINITY;
  const onBytes = (sent: number) => {
    const now = performance.now();
    if (now - lastReport < interval && sent < total) return;
    lastReport = now;
    options.onProgress?.(meter.update(sent));
  };

  const uploadId = presign.multipart?.uploadId;
  let parts: { partNumber: number; etag: string }[] | undefined;
  try {
    if (presign.multipart) {
      const plan = presign.multipart;
      parts = await uploadMultipart({
        file: blob,
        plan,
        concurrency: presign.concurrency,
        cipher,
        contentType,
        signal,
        onBytes,
        put: options.put,
        retry: options.retry,
        requestPartUrls: (partNumbers) =>
          requestPartUrls(
            { objectKey: presign.objectKey, uploadId: plan.uploadId, partNumbers },
            signal,
          ),
      });
    } else {
      await uploadDirect({
        uploadUrl: presign.uploadUrl,
        blob: await wholeFileBody(blob, cipher),
        contentType,
        signal,
        onBytes,
        put: options.put,
        retry: options.retry,
      });
    }
    options.onStage?.('finalizing');
    const result = await finalizeUpload(
      { objectKey: presign.objectKey, slug: presign.slug, ...(parts ? { parts } : {}) },
      signal,
    );
    return {
      ...result,
      shareUrl: finalShareUrl({
        origin,
        shortCode: options.shortCode,
        fileId: result.fileId,
        downloadUrl: result.downloadUrl,
        fragment,
      }),
    };
  } catch (error) {
    // Storage keeps half-sent multipart uploads (and bills for them) until told otherwise.
    abortUpload({ objectKey: presign.objectKey, ...(uploadId ? { uploadId } : {}) }).catch(
      (abortFailure: unknown) =>
        console.warn('Could not abort the upload on the server', abortFailure),
    );
    throw error;
  }
}
