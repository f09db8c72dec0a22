import { describe, expect, it, vi } from 'vitest';
import { withRetry } from './retry';
import { TransferError } from './upload-errors';

const fast = { attempts: 4, baseDelayMs: 1 };

describe('withRetry', () => {
  it('retries a retryable failure until it succeeds', async () => {
    const task = vi
      .fn<(attempt: number) => Promise<string>>()
      .mockRejectedValueOnce(new TransferError('Network error during upload', null, true))
      .mockRejectedValueOnce(new TransferError('Upload timed out', null, true))
      .mockResolvedValue('ok');
    await expect(withRetry(task, fast)).resolves.toBe('ok');
    expect(task.mock.calls.map(([attempt]) => attempt)).toEqual([1, 2, 3]);
  });

  it('gives up after the last attempt with the last error', async () => {
    const task = vi.fn(async () => {
      throw new TransferError('Upload failed: 503 busy', 503, true);
    });
    await expect(withRetry(task, fast)).rejects.toThrow('Upload failed: 503 busy');
    expect(task).toHaveBeenCalledTimes(4);
  });

  it('does not retry a refusal or an abort', async () => {
    const refused = vi.fn(async () => {
      throw new TransferError('Upload failed: 400 bad', 400, false);
    });
    await expect(withRetry(refused, fast)).rejects.toThrow('400');
    expect(refused).toHaveBeenCalledTimes(1);

    const aborted = vi.fn(async () => {
      throw new DOMException('stop', 'AbortError');
    });
    await expect(withRetry(aborted, fast)).rejects.toMatchObject({ name: 'AbortError' });
    expect(aborted).toHaveBeenCalledTimes(1);
  });

  it('stops waiting between attempts when aborted', async () => {
    const controller = new AbortController();
    const task = vi.fn(async () => {
      controller.abort();
      throw new TransferError('Network error during upload', null, true);
    });
    await expect(
      withRetry(task, { attempts: 5, baseDelayMs: 10_000, signal: controller.signal }),
    ).rejects.toThrow('Network error during upload');
    expect(task).toHaveBeenCalledTimes(1);
  });
});
