/**
 * Decryption emits one 64 KiB record at a time. File System Access writes that small run at
 * ~45 MiB/s and grow memory (TOOLCHAIN.md); 8 MiB writes run at 250–335 MiB/s. This writable
 * gathers records into batches of a fixed size. One batch may be written while the next fills,
 * and no more: a slow disk or download stalls decryption (backpressure) instead of using memory.
 */

export interface ByteTarget {
  write(batch: Uint8Array<ArrayBuffer>): Promise<void>;
  close(): Promise<void>;
  abort(reason: unknown): Promise<void>;
}

export function createBatchedWritable(
  target: ByteTarget,
  batchBytes: number,
): WritableStream<Uint8Array> {
  if (!Number.isInteger(batchBytes) || batchBytes <= 0) {
    throw new RangeError(`Invalid batch size ${batchBytes}`);
  }
  let buffer: Uint8Array<ArrayBuffer> | null = null;
  let filled = 0;
  // The batch being written while the next one fills: decryption and writing overlap.
  let writing: Promise<void> = Promise.resolve();

  const flush = async () => {
    if (!buffer || filled === 0) return;
    // The batch is handed over, not reused: the target may keep it (Blob parts, transfers).
    const batch = filled === buffer.length ? buffer : buffer.subarray(0, filled);
    buffer = null;
    filled = 0;
    await writing; // at most one write outstanding: memory stays at two batches
    writing = target.write(batch);
    writing.catch(() => {}); // surfaced by the next flush or close, not as "unhandled"
  };

  return new WritableStream<Uint8Array>({
    async write(chunk) {
      let at = 0;
      while (at < chunk.length) {
        if (!buffer) buffer = new Uint8Array(batchBytes);
        const take = Math.min(batchBytes - filled, chunk.length - at);
        buffer.set(chunk.subarray(at, at + take), filled);
        filled += take;
        at += take;
        if (filled === batchBytes) await flush();
      }
    },
    async close() {
      await flush();
      await writing;
      await target.close();
    },
    async abort(reason) {
      buffer = null;
      filled = 0;
      await target.abort(reason);
    },
  });
}
