/**
 * The parts of a multipart send, in parallel (as many as the server allows), each streamed from
 * disk through the cipher to its presigned URL and retried on its own; every finished part goes
 * into the resumable state at once.
 */
import type { PartUrl } from '@sealdrop/core/api-schemas';
import { createPartUrlPool } from '@sealdrop/core/part-url-pool';
import { partObjectSize } from '@sealdrop/core/upload-plan';
import { CliError } from './errors';
import { partBody } from './part-body';
import type { PlaintextSource } from './plaintext-source';
import { putStream } from './put-stream';
import { withRetry } from './retry';
import type { SendInput } from './send-input';
import { type CompletedPart, isRetryable, RETRY, type Transfer } from './transfer';

export async function sendParts(
  input: SendInput,
  transfer: Transfer,
  source: PlaintextSource,
  total: number,
): Promise<CompletedPart[]> {
  const { api, signal, encrypt } = input;
  const plan = transfer.multipart!;
  // One failed part stops the others; the state keeps the finished ones.
  const stop = new AbortController();
  const partSignal = AbortSignal.any([signal, stop.signal]);
  const done = new Map(transfer.completed.map((part) => [part.partNumber, part]));
  const pool = createPartUrlPool({
    initial: plan.parts,
    partCount: plan.partCount,
    skip: new Set(done.keys()),
    request: async (partNumbers) =>
      (
        await api.request<{ parts: PartUrl[] }>('/upload/parts', {
          method: 'POST',
          body: { objectKey: transfer.objectKey, uploadId: plan.uploadId, partNumbers },
          signal: partSignal,
        })
      ).parts,
  });
  const inFlight = new Map<number, number>();
  let finished = 0;
  for (const partNumber of done.keys()) {
    finished += partObjectSize(source.size, encrypt, plan.partSize, partNumber);
  }
  const report = () => {
    let sent = finished;
    for (const bytes of inFlight.values()) sent += bytes;
    input.onProgress?.(sent, total);
  };
  report();

  const sendPart = async (partNumber: number) => {
    const size = partObjectSize(source.size, encrypt, plan.partSize, partNumber);
    const { etag } = await withRetry(
      async (attempt) => {
        inFlight.set(partNumber, 0);
        return putStream({
          url: await pool.get(partNumber, attempt > 1),
          body: partBody({ source, cipher: transfer.cipher, partSize: plan.partSize, partNumber }),
          size,
          contentType: 'application/octet-stream',
          signal: partSignal,
          onBytes: (sent) => {
            inFlight.set(partNumber, sent);
            report();
          },
        });
      },
      { ...RETRY, signal: partSignal, shouldRetry: isRetryable },
    );
    if (!etag) throw new CliError(`Storage returned no ETag for part ${partNumber}.`);
    inFlight.delete(partNumber);
    finished += size;
    pool.release(partNumber);
    done.set(partNumber, { partNumber, etag });
    if (transfer.state) {
      transfer.state.parts = [...done.values()];
      await input.store?.save(transfer.state);
    }
    report();
  };

  const missing = Array.from({ length: plan.partCount }, (_, i) => i + 1).filter(
    (partNumber) => !done.has(partNumber),
  );
  let next = 0;
  const worker = async () => {
    while (next < missing.length) {
      partSignal.throwIfAborted();
      await sendPart(missing[next++]!);
    }
  };
  try {
    await Promise.all(
      Array.from({ length: Math.min(transfer.concurrency, missing.length) }, worker),
    );
  } catch (error) {
    stop.abort();
    throw signal.aborted ? signal.reason : error;
  }
  return [...done.values()].sort((a, b) => a.partNumber - b.partNumber);
}
