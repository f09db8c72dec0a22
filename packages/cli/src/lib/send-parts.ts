/**
 * The CLI's multipart send: core's part sender (client/send-parts: concurrency, retry, progress,
 * ETags) with the CLI's own bodies, each part streamed from disk through the cipher to its
 * presigned URL, and every finished part written into the resumable state at once.
 */
import type { PartUrl } from '@sealdrop/core/api-schemas';
import { UPLOAD_RETRY } from '@sealdrop/core/client/retry';
import { sendParts as sendAll } from '@sealdrop/core/client/send-parts';
import { partObjectSize } from '@sealdrop/core/upload-plan';
import { CliError } from './errors';
import { partBody } from './part-body';
import type { PlaintextSource } from './plaintext-source';
import { putStream } from './put-stream';
import type { SendInput } from './send-input';
import { type CompletedPart, isRetryable, type Transfer } from './transfer';

export async function sendParts(
  input: SendInput,
  transfer: Transfer,
  source: PlaintextSource,
  total: number,
): Promise<CompletedPart[]> {
  const { api, signal, encrypt } = input;
  const plan = transfer.multipart!;
  const done = new Map(transfer.completed.map((part) => [part.partNumber, part]));
  const partBytes = (partNumber: number) =>
    partObjectSize(source.size, encrypt, plan.partSize, partNumber);
  return sendAll({
    partCount: plan.partCount,
    initialUrls: plan.parts,
    requestPartUrls: async (partNumbers) =>
      (
        await api.request<{ parts: PartUrl[] }>('/upload/parts', {
          method: 'POST',
          body: { objectKey: transfer.objectKey, uploadId: plan.uploadId, partNumbers },
          signal,
        })
      ).parts,
    concurrency: transfer.concurrency,
    completed: transfer.completed,
    partBytes,
    bodyFor: (partNumber) =>
      partBody({ source, cipher: transfer.cipher, partSize: plan.partSize, partNumber }),
    put: async ({ partNumber, url, body, signal: partSignal, onBytes }) => {
      const { etag } = await putStream({
        url,
        body,
        size: partBytes(partNumber),
        contentType: 'application/octet-stream',
        signal: partSignal,
        onBytes,
      });
      return etag;
    },
    missingEtag: (partNumber) => new CliError(`Storage returned no ETag for part ${partNumber}.`),
    onPartDone: async (part) => {
      done.set(part.partNumber, part);
      if (transfer.state) {
        transfer.state.parts = [...done.values()];
        await input.store?.save(transfer.state);
      }
    },
    onBytes: (sent) => input.onProgress?.(sent, total),
    retry: { policy: UPLOAD_RETRY, shouldRetry: isRetryable, onRetry: input.onRetry },
    signal,
  });
}
