/**
 * The whole transfer of one file (docs/uploads.md): key material, presign,
 * share link at once, parts or a single PUT, finalize. No React here: the hook drives it.
 */

import { finalShareLink, shareLink } from '@sealdrop/core/client/share-link';
import { generateKeyMaterial } from '@sealdrop/core/crypto/key-material';
import { linkFragments } from '@sealdrop/core/crypto/passphrase';
import { objectSize } from '@sealdrop/core/upload-plan';
import { heartbeatWhileSending } from '@sealdrop/core/upload-progress';
import { rememberFileKey } from '../../../lib/file-keys';
import type { ShortLinkReservation } from '../api/tiny-url';
import {
  abortQuietly,
  type CompletedPart,
  finalizeAndWait,
  presignUpload,
  requestPartUrls,
  sendHeartbeat,
} from '../api/upload-endpoints';
import { bundleEntries } from '../lib/file-bundle';
import { type ProgressSnapshot, throttledProgress } from '../lib/progress-meter';
import type { SendRetry } from '../lib/send-retry';
import { isRemovedUpload, isRetryable, PrepareError } from '../lib/upload-errors';
import { uploadDirect } from './direct-upload';
import { uploadMultipart } from './multipart-upload';
import { type PartCipher, wholeFileBody } from './part-body';
import { describeForPresign, type PresignDescription } from './presign-description';
import type { PutBlob } from './put-blob';
import { resolveUploadInput, type UploadInput } from './upload-input';

export type TransferStage = 'encrypting' | 'uploading' | 'finalizing';

export interface UploadFileOptions {
  input: UploadInput;
  encrypt: boolean;
  /** A code reserved by /tiny/instant, used as the slug; its secret goes with it to presign. */
  reservation?: ShortLinkReservation | null;
  /** Seconds the link lives ("Expires after"); absent = the tier's retention. */
  expiresIn?: number;
  /** Downloads the link allows ("Download limit"); absent or null = unlimited. */
  downloadLimit?: number | null;
  /**
   * Premium "Enhanced security": the link then carries the key wrapped under this passphrase
   * (core/crypto/passphrase.ts). Encrypted uploads only; never sent anywhere.
   */
  passphrase?: string;
  signal?: AbortSignal;
  onStage?: (stage: TransferStage) => void;
  /** The share link, as soon as presign answers (before any byte is sent), and its expiry. */
  onLink?: (url: string, expiresAt: string) => void;
  onProgress?: (progress: ProgressSnapshot) => void;
  /** Minimum time between progress reports, so React re-renders at most ~10 times a second. */
  progressIntervalMs?: number;
  origin?: string;
  /** A multipart upload began: what a reload needs to resume it (the fragment stays local). */
  onMultipartStart?: (upload: MultipartStart) => void;
  onPartDone?: (part: CompletedPart) => void;
  put?: PutBlob;
  /** How failed requests are tried again, and who hears of it. */
  retry?: SendRetry;
}

export interface MultipartStart {
  fileId: string;
  objectKey: string;
  uploadId: string;
  /** The share link with its #fragment, as shown on the card. */
  link: string;
  /** `key=…&iv=…`, what resuming encrypts with. Stays in this browser. */
  fragment: string | null;
  /** The link's own fragment when a passphrase wraps the key (`wkey=…`); null otherwise. */
  linkFragment: string | null;
  contentType: string;
  partSize: number;
  partCount: number;
  concurrency: number;
  expiresAt: number;
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
  // What the link shows: the bare key, or only its passphrase-wrapped form.
  let linkFragment: string | null = null;
  const entries = bundleEntries(blob);
  // A plain link has no sealed list to cut its object back into files.
  if (entries && !encrypt) throw new PrepareError(new Error('Several files are always encrypted'));
  let description: PresignDescription = { filename: name, contentType };
  if (encrypt) {
    try {
      const material = await generateKeyMaterial();
      cipher = { key: material.key, iv: material.iv };
      ({ fragment, linkFragment } = await linkFragments(material, options.passphrase));
      description = await describeForPresign(
        { name, type, size: blob.size },
        material.rawKey,
        entries,
      );
    } catch (error) {
      throw new PrepareError(error);
    }
  }

  const presign = await presignUpload(
    {
      ...description,
      size: blob.size,
      isEncrypted: encrypt,
      ...(options.reservation ? options.reservation : {}),
      ...(options.expiresIn === undefined ? {} : { expiresIn: options.expiresIn }),
      ...(options.downloadLimit == null ? {} : { downloadLimit: options.downloadLimit }),
    },
    signal,
  );
  // So that "My files" in this browser can copy the full link later; the key stays on this device.
  // A protected link is remembered protected: a copy from My files asks for the passphrase too.
  if (linkFragment) rememberFileKey(presign.slug, linkFragment);
  const link = shareLink(origin, presign.slug, linkFragment);
  options.onLink?.(link, presign.expiresAt);
  if (encrypt) options.onStage?.('uploading');

  const uploadId = presign.multipart?.uploadId;
  const target = { objectKey: presign.objectKey, ...(uploadId ? { uploadId } : {}) };
  if (presign.multipart) {
    const plan = presign.multipart;
    options.onMultipartStart?.({
      fileId: presign.slug,
      objectKey: presign.objectKey,
      uploadId: plan.uploadId,
      link,
      fragment,
      linkFragment: linkFragment === fragment ? null : linkFragment,
      contentType,
      partSize: plan.partSize,
      partCount: plan.partCount,
      concurrency: presign.concurrency,
      expiresAt: Date.parse(presign.expiresAt),
    });
  }
  // Parts storage confirmed: a continued upload sends only the others.
  const stored = new Map<number, CompletedPart>();

  const send = async (run: UploadRun): Promise<UploadFileResult> => {
    // While bytes go out, the server hears how far the transfer is (a recipient's waiting page).
    const heartbeat = heartbeatWhileSending({
      send: (sentBytes) => sendHeartbeat({ objectKey: presign.objectKey, sentBytes }),
      size: blob.size,
      objectSize: objectSize(blob.size, encrypt),
      onBytes: throttledProgress(
        objectSize(blob.size, encrypt),
        run.onProgress,
        options.progressIntervalMs,
      ),
    });
    const onBytes = heartbeat.onBytes;
    let parts: CompletedPart[] | undefined;
    try {
      if (presign.multipart) {
        const plan = presign.multipart;
        parts = await uploadMultipart({
          onPartDone: (part) => {
            stored.set(part.partNumber, part);
            run.onPartDone?.(part);
          },
          completed: [...stored.values()],
          file: blob,
          plan,
          concurrency: presign.concurrency,
          cipher,
          contentType,
          signal: run.signal,
          onBytes,
          put: options.put,
          retry: run.retry,
          requestPartUrls: (partNumbers) =>
            requestPartUrls(
              { objectKey: presign.objectKey, uploadId: plan.uploadId, partNumbers },
              run.signal,
            ),
        });
      } else {
        await uploadDirect({
          uploadUrl: presign.uploadUrl,
          blob: await wholeFileBody(blob, cipher),
          contentType,
          signal: run.signal,
          onBytes,
          put: options.put,
          retry: run.retry,
        });
      }
    } finally {
      heartbeat.stop();
    }
    run.onStage?.('finalizing');
    const result = await finalizeAndWait(
      { objectKey: presign.objectKey, slug: presign.slug, ...(parts ? { parts } : {}) },
      run.signal,
    );
    return {
      ...result,
      shareUrl: finalShareLink({
        origin,
        shortCode: options.reservation?.shortCode,
        fileId: result.fileId,
        downloadUrl: result.downloadUrl,
        fragment: linkFragment,
      }),
    };
  };

  /**
   * A transfer that failed after all its tries (the network stayed down) keeps its server-side
   * upload and link: the error it throws continues the same upload. Anything else ends it.
   */
  const attempt = async (run: UploadRun): Promise<UploadFileResult> => {
    try {
      return await send(run);
    } catch (error) {
      if (!run.signal?.aborted && isRetryable(error)) {
        throw new InterruptedUpload(error, link, attempt, () => abortQuietly(target));
      }
      if (!isRemovedUpload(error)) abortQuietly(target);
      throw error;
    }
  };
  return attempt({
    signal,
    onStage: options.onStage,
    onProgress: options.onProgress,
    onPartDone: options.onPartDone,
    retry: options.retry,
  });
}

/** What one run of a transfer reports to, and is stopped by (a continued one brings its own). */
export interface UploadRun {
  signal?: AbortSignal;
  onStage?: (stage: TransferStage) => void;
  onProgress?: (progress: ProgressSnapshot) => void;
  onPartDone?: (part: CompletedPart) => void;
  retry?: SendRetry;
}

/**
 * The network failed for longer than the retry policy waits. The link stays what it was: `resume`
 * goes on with the same server-side upload (only missing parts are sent), `cancel` ends it.
 */
export class InterruptedUpload extends Error {
  constructor(
    override readonly cause: unknown,
    readonly link: string,
    readonly resume: (run: UploadRun) => Promise<UploadFileResult>,
    readonly cancel: () => void,
  ) {
    super(cause instanceof Error ? cause.message : 'The upload was interrupted', { cause });
    this.name = 'InterruptedUpload';
  }
}
