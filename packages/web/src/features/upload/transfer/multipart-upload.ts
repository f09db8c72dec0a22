/**
 * The page's multipart transfer: core's part sender (client/send-parts: concurrency, retry with the
 * offline pause, progress, ETags) with the page's own part bodies (sealed in a staging worker on
 * disk, or in memory) and its XHR PUT, which reports upload progress.
 */
import type { MultipartPlan } from '@sealdrop/core/api-schemas';
import { sendParts } from '@sealdrop/core/client/send-parts';
import { partObjectSize } from '@sealdrop/core/upload-plan';
import type { CompletedPart } from '../api/upload-endpoints';
import { type SendRetry, sendRetryOptions } from '../lib/send-retry';
import { abortError, TransferError } from '../lib/upload-errors';
import { openPartStaging, type PartStaging } from '../staging/part-staging';
import { type PartCipher, partBody } from './part-body';
import { type PutBlob, putBlob } from './put-blob';

export interface MultipartUploadOptions {
  file: Blob;
  plan: MultipartPlan;
  concurrency: number;
  cipher: PartCipher | null;
  contentType: string;
  requestPartUrls: (partNumbers: number[]) => Promise<{ partNumber: number; url: string }[]>;
  signal?: AbortSignal;
  /** Total bytes sent so far, over all parts. */
  onBytes?: (sent: number) => void;
  /** Parts stored before (a resumed upload): not sent again, and counted as sent. */
  completed?: CompletedPart[];
  /** Each part as storage confirms it, so that a reload can resume from there. */
  onPartDone?: (part: CompletedPart) => void;
  put?: PutBlob;
  retry?: SendRetry;
  partTimeoutMs?: number;
  /** Where encrypted parts are sealed; default: on disk when it helps (staging/part-staging.ts). */
  openStaging?: () => Promise<PartStaging | null>;
}

export async function uploadMultipart(options: MultipartUploadOptions): Promise<CompletedPart[]> {
  const { file, plan, cipher } = options;
  const put = options.put ?? putBlob;
  const staging = cipher ? await (options.openStaging ?? openPartStaging)() : null;
  // A part is sealed once and its body reused by every try, until storage has it.
  const bodies = new Map<number, Promise<Blob>>();
  const bodyFor = (partNumber: number) => {
    let body = bodies.get(partNumber);
    if (!body) {
      const part = { file, partSize: plan.partSize, partNumber, partCount: plan.partCount, cipher };
      body = staging ? staging.prepare(part) : partBody(part);
      bodies.set(partNumber, body);
      // A body that failed is made again by the next try.
      body.catch(() => bodies.delete(partNumber));
    }
    return body;
  };
  try {
    return await sendParts<Blob>({
      partCount: plan.partCount,
      initialUrls: plan.parts,
      requestPartUrls: options.requestPartUrls,
      concurrency: options.concurrency,
      completed: options.completed ?? [],
      partBytes: (n) => partObjectSize(file.size, cipher !== null, plan.partSize, n),
      bodyFor,
      put: async ({ url, body, signal, onBytes }) =>
        (
          await put({
            url,
            body,
            contentType: options.contentType,
            signal,
            timeoutMs: options.partTimeoutMs,
            onProgress: onBytes,
          })
        ).etag,
      missingEtag: (partNumber) =>
        new TransferError(
          `Upload failed: storage returned no ETag for part ${partNumber} (its CORS rule must expose ETag)`,
          null,
          false,
        ),
      onPartDone: (part) => {
        bodies.delete(part.partNumber);
        staging?.release(part.partNumber);
        options.onPartDone?.(part);
      },
      ...(options.onBytes ? { onBytes: options.onBytes } : {}),
      retry: sendRetryOptions(options.retry),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (error) {
    throw options.signal?.aborted ? abortError() : error;
  } finally {
    await staging?.close();
  }
}
