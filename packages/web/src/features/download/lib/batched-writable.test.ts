import { describe, expect, it } from 'vitest';
import { createBatchedWritable } from './batched-writable';

function recorder() {
  const batches: number[] = [];
  const events: string[] = [];
  let release: (() => void) | null = null;
  let hold = false;
  return {
    batches,
    events,
    holdWrites() {
      hold = true;
    },
    releaseWrite() {
      release?.();
    },
    target: {
      async write(batch: Uint8Array) {
        batches.push(batch.length);
        if (hold) await new Promise<void>((resolve) => (release = resolve));
      },
      async close() {
        events.push('close');
      },
      async abort() {
        events.push('abort');
      },
    },
  };
}

describe('createBatchedWritable', () => {
  it('turns small records into writes of the batch size plus one final remainder', async () => {
    const r = recorder();
    const writer = createBatchedWritable(r.target, 100).getWriter();
    for (let i = 0; i < 7; i++) await writer.write(new Uint8Array(30));
    await writer.close();
    expect(r.batches).toEqual([100, 100, 10]);
    expect(r.events).toEqual(['close']);
  });

  it('keeps every byte in order across batch boundaries', async () => {
    const seen: number[] = [];
    const writer = createBatchedWritable(
      {
        write: async (b) => void seen.push(...b),
        close: async () => {},
        abort: async () => {},
      },
      4,
    ).getWriter();
    await writer.write(Uint8Array.of(1, 2, 3));
    await writer.write(Uint8Array.of(4, 5, 6, 7, 8, 9));
    await writer.close();
    expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('fills one batch while the previous is written, then waits (backpressure)', async () => {
    const r = recorder();
    r.holdWrites();
    const writer = createBatchedWritable(r.target, 10).getWriter();
    await writer.write(new Uint8Array(10)); // handed to the target, which has not finished
    let accepted = false;
    const pending = writer.write(new Uint8Array(10)).then(() => {
      accepted = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(accepted).toBe(false);
    expect(r.batches).toEqual([10]);
    r.releaseWrite();
    await pending;
    expect(accepted).toBe(true);
    expect(r.batches).toEqual([10, 10]);
  });

  it('reports a failed write instead of carrying on', async () => {
    const writer = createBatchedWritable(
      {
        write: async () => {
          throw new Error('disk full');
        },
        close: async () => {},
        abort: async () => {},
      },
      4,
    ).getWriter();
    await writer.write(new Uint8Array(4)).catch(() => {});
    await expect(
      (async () => {
        await writer.write(new Uint8Array(4));
        await writer.close();
      })(),
    ).rejects.toThrow('disk full');
  });

  it('passes an abort on and writes nothing more', async () => {
    const r = recorder();
    const writer = createBatchedWritable(r.target, 100).getWriter();
    await writer.write(new Uint8Array(30));
    await writer.abort(new Error('tampered'));
    expect(r.batches).toEqual([]);
    expect(r.events).toEqual(['abort']);
  });
});
