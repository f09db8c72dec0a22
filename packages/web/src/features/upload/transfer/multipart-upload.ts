/**
 * Multipart transfer: parts go in parallel (at most `concurrency` at once), each one retried on
 * its own with backoff, so one bad part never restarts the file. Progress counts finished parts
 * plus the bytes of parts in flight, because XHR progress alone arrives only every ~100 ms.
 */
import type { MultipartPlan } from '@sealdrop/core/api-schemas';
import { withRetry } from '@sealdrop/core/client/retry';
import { createPartUrlPool } from '@sealdrop/core/part-url-pool';
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
  const { file, plan, cipher, onBytes } = options;
  const put = options.put ?? putBlob;
  // One failed part stops the others: the caller aborts the whole upload anyway.
  const stop = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
  const already = new Map(
    (options.completed ?? [])
      .filter((part) => part.partNumber >= 1 && part.partNumber <= plan.partCount)
      .map((part) => [part.partNumber, part]),
  );
  const pool = createPartUrlPool({
    initial: plan.parts.filter((part) => !already.has(part.partNumber)),
    partCount: plan.partCount,
    request: options.requestPartUrls,
    skip: new Set(already.keys()),
  });

  const inFlight = new Map<number, number>();
  let finished = 0;
  for (const partNumber of already.keys()) {
    finished += partObjectSize(file.size, cipher !== null, plan.partSize, partNumber);
  }
  const report = () => {
    let sent = finished;
    for (const loaded of inFlight.values()) sent += loaded;
    onBytes?.(sent);
  };

  const staging = cipher ? await (options.openStaging ?? openPartStaging)() : null;
  const sendPart = async (partNumber: number): Promise<CompletedPart> => {
    const part = { file, partSize: plan.partSize, partNumber, partCount: plan.partCount, cipher };
    const body = await (staging ? staging.prepare(part) : partBody(part));
    const etag = await withRetry(
      async (attempt) => {
        const url = await pool.get(partNumber, attempt > 1);
        try {
          const result = await put({
            url,
            body,
            contentType: options.contentType,
            signal,
            timeoutMs: options.partTimeoutMs,
            onProgress: (loaded) => {
              inFlight.set(partNumber, loaded);
              report();
            },
          });
          if (!result.etag) {
            throw new TransferError(
              `Upload failed: storage returned no ETag for part ${partNumber} (its CORS rule must expose ETag)`,
              result.status,
              false,
            );
          }
          return result.etag;
        } catch (error) {
          inFlight.delete(partNumber);
          report();
          throw error;
        }
      },
      sendRetryOptions(options.retry, signal),
    );
    inFlight.delete(partNumber);
    finished += body.size;
    pool.release(partNumber);
    staging?.release(partNumber);
    report();
    options.onPartDone?.({ partNumber, etag });
    return { partNumber, etag };
  };

  const completed: CompletedPart[] = [...already.values()];
  const missing = Array.from({ length: plan.partCount }, (_, i) => i + 1).filter(
    (partNumber) => !already.has(partNumber),
  );
  if (already.size) report();
  let next = 0;
  const worker = async () => {
    while (next < missing.length) {
      if (signal.aborted) throw abortError();
      const partNumber = missing[next] as number;
      next += 1;
      completed.push(await sendPart(partNumber));
    }
  };
  const workers = Math.max(1, Math.min(options.concurrency || 1, missing.length));
  try {
    await Promise.all(Array.from({ length: workers }, worker));
  } catch (error) {
    stop.abort();
    throw options.signal?.aborted ? abortError() : error;
  } finally {
    await staging?.close();
  }
  return completed.sort((a, b) => a.partNumber - b.partNumber);
}
