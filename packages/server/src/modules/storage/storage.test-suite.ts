import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorageDriver } from './storage.types';

/** A driver under test and the way a browser would reach the URLs it signs. */
export interface StorageDriverHarness {
  driver: StorageDriver;
  /** Origin passed to presign calls (the app's own origin for the local driver). */
  origin: string;
  /** Real fetch for HTTP-backed drivers; the memory driver answers its own URLs. */
  fetch: (url: string, init?: RequestInit) => Promise<Response>;
  teardown?: () => Promise<void>;
}

const TTL = 300;
/** S3 refuses parts under 5 MiB except the last; the suite stays valid against a real store. */
const PART_SIZE = 5 * 1024 * 1024;

/** The behaviour every StorageDriver must show (STYLE.md: one contract suite for all drivers). */
export function runStorageDriverContract(
  name: string,
  setup: () => Promise<StorageDriverHarness>,
): void {
  describe(`${name} storage driver contract`, () => {
    let harness: StorageDriverHarness;
    const newKey = () => `contract/${randomUUID()}/object.bin`;

    beforeAll(async () => {
      harness = await setup();
    });
    afterAll(async () => {
      await harness?.teardown?.();
    });

    const put = async (
      key: string,
      bytes: Uint8Array,
      contentType = 'application/octet-stream',
    ) => {
      const { driver, origin } = harness;
      const url = await driver.presignPut({
        key,
        size: bytes.length,
        contentType,
        expiresInSeconds: TTL,
        origin,
      });
      return harness.fetch(url, {
        method: 'PUT',
        body: new Blob([bytes]),
        headers: { 'content-type': contentType },
      });
    };

    const putPart = async (
      key: string,
      uploadId: string,
      partNumber: number,
      bytes: Uint8Array,
    ) => {
      const { driver, origin } = harness;
      const url = await driver.presignPart({
        key,
        uploadId,
        partNumber,
        size: bytes.length,
        expiresInSeconds: TTL,
        origin,
      });
      const response = await harness.fetch(url, { method: 'PUT', body: new Blob([bytes]) });
      expect(response.status).toBe(200);
      return response.headers.get('etag') ?? '';
    };

    const get = async (
      key: string,
      init: { fileName?: string; headers?: Record<string, string> } = {},
    ) => {
      const { driver, origin } = harness;
      const url = await driver.presignGet({
        key,
        expiresInSeconds: TTL,
        origin,
        fileName: init.fileName,
      });
      return harness.fetch(url, { headers: init.headers });
    };

    const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer());

    it('stores the bytes of a single PUT and serves them back unchanged', async () => {
      const key = newKey();
      const bytes = randomBytes(70_001);

      const uploaded = await put(key, bytes);

      expect(uploaded.status).toBe(200);
      expect(uploaded.headers.get('etag')).toMatch(/^"[^"]+"$/);
      expect(await harness.driver.head(key)).toEqual({ size: bytes.length });
      const downloaded = await get(key);
      expect(downloaded.status).toBe(200);
      expect((await bytesOf(downloaded)).equals(bytes)).toBe(true);
    });

    it('streams a stored object back to the server itself, and nothing for a missing key', async () => {
      const key = newKey();
      const bytes = randomBytes(3 * 1024 * 1024 + 17);
      expect((await put(key, bytes)).status).toBe(200);

      const stream = await harness.driver.readObject(key);
      const chunks: Buffer[] = [];
      for await (const chunk of stream ?? []) chunks.push(Buffer.from(chunk));
      expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
      expect(await harness.driver.readObject(newKey())).toBeNull();
    });

    it('serves every object as application/octet-stream, whatever type it was stored with', async () => {
      const key = newKey();
      expect((await put(key, Buffer.from('alert(1)'), 'text/javascript')).status).toBe(200);
      const downloaded = await get(key, { fileName: 'run.js' });
      expect(downloaded.status).toBe(200);
      expect(downloaded.headers.get('content-type')).toBe('application/octet-stream');
      expect(downloaded.headers.get('content-disposition')).toMatch(/^attachment;/);
    });

    it('stores and serves an empty object', async () => {
      const key = newKey();

      expect((await put(key, new Uint8Array(0))).status).toBe(200);

      expect(await harness.driver.head(key)).toEqual({ size: 0 });
      const downloaded = await get(key);
      expect(downloaded.status).toBe(200);
      expect((await bytesOf(downloaded)).length).toBe(0);
    });

    it('assembles a multipart upload whose parts arrive out of order', async () => {
      const key = newKey();
      const chunks = [randomBytes(PART_SIZE), randomBytes(PART_SIZE), randomBytes(1234)];
      const { uploadId } = await harness.driver.createMultipart({
        key,
        contentType: 'application/octet-stream',
      });

      const etags = new Map<number, string>();
      for (const partNumber of [3, 1, 2]) {
        etags.set(partNumber, await putPart(key, uploadId, partNumber, chunks[partNumber - 1]!));
      }
      await harness.driver.completeMultipart({
        key,
        uploadId,
        parts: [2, 3, 1].map((partNumber) => ({ partNumber, etag: etags.get(partNumber)! })),
      });

      const whole = Buffer.concat(chunks);
      expect(await harness.driver.head(key)).toEqual({ size: whole.length });
      expect((await bytesOf(await get(key))).equals(whole)).toBe(true);
    });

    it('serves a requested byte range with its Content-Range', async () => {
      const key = newKey();
      const bytes = randomBytes(1000);
      await put(key, bytes);

      const middle = await get(key, { headers: { range: 'bytes=100-199' } });
      // Suffix ranges (bytes=-N) are left out: s3rver answers them wrongly and we don't need them.
      const tail = await get(key, { headers: { range: 'bytes=990-' } });

      expect(middle.status).toBe(206);
      expect(middle.headers.get('content-range')).toBe('bytes 100-199/1000');
      expect((await bytesOf(middle)).equals(bytes.subarray(100, 200))).toBe(true);
      expect(tail.status).toBe(206);
      expect((await bytesOf(tail)).equals(bytes.subarray(990))).toBe(true);
    });

    it('treats aborting an upload as idempotent and leaves no object behind', async () => {
      const key = newKey();
      const { uploadId } = await harness.driver.createMultipart({
        key,
        contentType: 'application/octet-stream',
      });
      await putPart(key, uploadId, 1, randomBytes(100));

      await harness.driver.abortMultipart({ key, uploadId });
      await harness.driver.abortMultipart({ key, uploadId });

      expect(await harness.driver.head(key)).toBeNull();
    });

    it('tells whether an unfinished upload has received bytes (multipart: or cannot tell)', async () => {
      const { driver } = harness;
      const single = newKey();
      expect(await driver.receivedBytes({ key: single, uploadId: null })).toBe(false);
      await put(single, randomBytes(10));
      expect(await driver.receivedBytes({ key: single, uploadId: null })).toBe(true);

      const key = newKey();
      const { uploadId } = await driver.createMultipart({
        key,
        contentType: 'application/octet-stream',
      });
      const before = await driver.receivedBytes({ key, uploadId });
      await putPart(key, uploadId, 1, randomBytes(100));
      const after = await driver.receivedBytes({ key, uploadId });
      // A store without ListParts (s3rver) says it cannot tell, before and after alike.
      expect([
        [false, true],
        [null, null],
      ]).toContainEqual([before, after]);
      await driver.abortMultipart({ key, uploadId });
    });

    it('treats deleting as idempotent and stops serving the object', async () => {
      const key = newKey();
      await put(key, randomBytes(10));

      await harness.driver.delete(key);
      await harness.driver.delete(key);

      expect(await harness.driver.head(key)).toBeNull();
      expect((await get(key)).status).toBe(404);
    });

    it('reports a key that was never written as missing', async () => {
      expect(await harness.driver.head(newKey())).toBeNull();
    });

    it('names the download in Content-Disposition when a file name is given', async () => {
      const key = newKey();
      await put(key, randomBytes(10));

      const response = await get(key, { fileName: 'résumé "final".pdf' });

      const disposition = response.headers.get('content-disposition') ?? '';
      expect(disposition).toMatch(/^attachment;/);
      expect(disposition).toContain("filename*=UTF-8''r%C3%A9sum%C3%A9%20%22final%22.pdf");
      expect(disposition).toContain('filename="resume _final_.pdf"');
    });

    it('refuses keys that could escape the store or mean different things on different drivers', async () => {
      const { driver, origin } = harness;
      for (const key of [
        '../outside',
        'a/../../outside',
        '/absolute',
        'a//b',
        '.hidden',
        'a b',
        '',
      ]) {
        await expect(
          driver.presignPut({
            key,
            size: 1,
            contentType: 'text/plain',
            expiresInSeconds: TTL,
            origin,
          }),
        ).rejects.toMatchObject({ statusCode: 400 });
        await expect(driver.head(key)).rejects.toMatchObject({ statusCode: 400 });
      }
    });

    it('lists the complete objects under a prefix with their last change', async () => {
      const before = Date.now() - 5_000;
      const folder = `${newKey()}-list`;
      await put(`${folder}/a`, randomBytes(3));
      await put(`${folder}/sub/b`, randomBytes(4));
      await put(`${newKey()}-elsewhere/c`, randomBytes(5));
      const listed = [];
      for await (const object of harness.driver.listObjects(`${folder}/`)) listed.push(object);
      expect(listed.map((object) => object.key).sort()).toEqual([`${folder}/a`, `${folder}/sub/b`]);
      for (const object of listed) expect(object.lastModified).toBeGreaterThan(before);
      await harness.driver.delete(`${folder}/a`);
      const after = [];
      for await (const object of harness.driver.listObjects(`${folder}/`)) after.push(object.key);
      expect(after).toEqual([`${folder}/sub/b`]);
    });

    it('reports a reachable store as healthy', async () => {
      await expect(harness.driver.check()).resolves.toBeUndefined();
    });
  });
}
