import { describe, expect, it } from 'vitest';
import { ByteQueue } from './byte-queue';

const bytes = (...values: number[]) => new Uint8Array(values);

describe('ByteQueue', () => {
  it('returns pieces in order across chunk boundaries', () => {
    const queue = new ByteQueue();
    queue.push(bytes(1, 2, 3));
    queue.push(bytes(4));
    queue.push(bytes(5, 6, 7, 8));
    expect(queue.length).toBe(8);
    expect(queue.take(2)).toEqual(bytes(1, 2));
    expect(queue.take(4)).toEqual(bytes(3, 4, 5, 6));
    expect(queue.take(2)).toEqual(bytes(7, 8));
    expect(queue.length).toBe(0);
  });

  it('hands out a view without copying when a piece lies inside one chunk', () => {
    const queue = new ByteQueue();
    const chunk = bytes(1, 2, 3, 4);
    queue.push(chunk);
    expect(queue.take(3).buffer).toBe(chunk.buffer);
  });

  it('refuses to take more than is buffered', () => {
    const queue = new ByteQueue();
    queue.push(bytes(1));
    expect(() => queue.take(2)).toThrow(RangeError);
  });

  it('ignores empty chunks', () => {
    const queue = new ByteQueue();
    queue.push(new Uint8Array());
    queue.push(bytes(9));
    expect(queue.take(1)).toEqual(bytes(9));
  });
});
