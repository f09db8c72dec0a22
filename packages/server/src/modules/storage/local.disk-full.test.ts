/**
 * A full disk under the local driver (ENOSPC from the file writes, injected through the driver's
 * openWrite dependency): the client gets a clear 507, and no half-written object is ever visible.
 * The same on a real full file system: src/faults/disk-full.slow.test.ts (tmpfs).
 */
import { createWriteStream } from 'node:fs';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenWrite } from './local.layout';
import { startLocalStorageServer } from './local.test-server';

/** A disk with `room` bytes left: a write past it stores what fits, then fails with ENOSPC. */
function diskWithRoom() {
  let room = Number.POSITIVE_INFINITY;
  const openWrite: OpenWrite = (path) => {
    const file = createWriteStream(path, { flags: 'wx' });
    return new Writable({
      write(chunk: Buffer, _encoding, callback) {
        const fits = chunk.subarray(0, Math.max(0, Math.min(chunk.length, room)));
        room -= fits.length;
        file.write(fits, (error) => {
          if (error || fits.length === chunk.length) return callback(error);
          callback(Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' }));
        });
      },
      final(callback) {
        file.end(callback);
      },
      destroy(error, callback) {
        if (file.closed) return callback(error);
        file.once('close', () => callback(error));
        file.destroy();
      },
    });
  };
  return { openWrite, setRoom: (bytes: number) => (room = bytes) };
}

const NO_SPACE = /^Not enough storage space on the server/;

describe('local driver on a full disk', () => {
  const disk = diskWithRoom();
  let server: Awaited<ReturnType<typeof startLocalStorageServer>>;
  beforeAll(async () => {
    server = await startLocalStorageServer({ openWrite: disk.openWrite });
  });
  afterAll(async () => {
    disk.setRoom(Number.POSITIVE_INFINITY);
    await server.close();
  });

  const put = async (url: string, body: Uint8Array) =>
    fetch(url, { method: 'PUT', body: new Blob([body]) });

  it('answers a PUT that does not fit with 507, and leaves neither the object nor a temp file', async () => {
    disk.setRoom(40_000);
    const url = await server.driver.presignPut({
      key: 'full/object.bin',
      size: 100_000,
      contentType: 'application/octet-stream',
      expiresInSeconds: 60,
      origin: server.origin,
    });

    const response = await put(url, new Uint8Array(100_000));

    expect(response.status).toBe(507);
    expect(await response.json()).toEqual({
      status: 'error',
      message: expect.stringMatching(NO_SPACE),
    });
    expect(await server.driver.head('full/object.bin')).toBeNull();
    expect(await server.files()).toEqual([]);
  });

  it('refuses a part that does not fit, and completes once there is room, parts intact', async () => {
    disk.setRoom(Number.POSITIVE_INFINITY);
    const key = 'full/multipart.bin';
    const { uploadId } = await server.driver.createMultipart({ key, contentType: 'x/y' });
    const bytes = Uint8Array.from({ length: 60_000 }, (_, i) => i % 251);
    const partUrl = (partNumber: number) =>
      server.driver.presignPart({
        key,
        uploadId,
        partNumber,
        size: 30_000,
        expiresInSeconds: 60,
        origin: server.origin,
      });

    disk.setRoom(45_000);
    const first = await put(await partUrl(1), bytes.subarray(0, 30_000));
    expect(first.status).toBe(200);
    const refused = await put(await partUrl(2), bytes.subarray(30_000));
    expect(refused.status).toBe(507);
    expect(((await refused.json()) as { message: string }).message).toMatch(NO_SPACE);

    disk.setRoom(35_000);
    const second = await put(await partUrl(2), bytes.subarray(30_000));
    expect(second.status).toBe(200);
    const parts = [
      { partNumber: 1, etag: first.headers.get('etag') ?? '' },
      { partNumber: 2, etag: second.headers.get('etag') ?? '' },
    ];

    // Both parts are stored, but joining them needs 60 000 more bytes than the disk has.
    await expect(server.driver.completeMultipart({ key, uploadId, parts })).rejects.toMatchObject({
      statusCode: 507,
      message: expect.stringMatching(NO_SPACE),
    });
    expect(await server.driver.head(key)).toBeNull();
    expect((await server.files()).filter((file) => !file.startsWith('multipart/'))).toEqual([]);

    disk.setRoom(Number.POSITIVE_INFINITY);
    await server.driver.completeMultipart({ key, uploadId, parts });
    expect(await server.driver.head(key)).toEqual({ size: 60_000 });
    const object = await server.driver.openObject(key);
    const stored = await object?.handle.readFile();
    await object?.handle.close();
    expect(stored && Buffer.compare(stored, Buffer.from(bytes))).toBe(0);
  });
});
