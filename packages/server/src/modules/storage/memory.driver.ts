import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { StorageGrant } from './local.signing';
import { attachmentDisposition } from './storage.disposition';
import { storageErrors } from './storage.errors';
import { assertValidStorageKey } from './storage.keys';
import { isValidPartNumber, normalizeEtag, orderParts } from './storage.parts';
import { contentRange, parseRange } from './storage.range';
import { DOWNLOAD_CONTENT_TYPE, type StorageDriver } from './storage.types';

interface Upload {
  key: string;
  parts: Map<number, { bytes: Uint8Array; etag: string }>;
}

/** The in-memory driver plus the store's side of its `memory://` URLs, for tests. */
export interface MemoryStorageDriver extends StorageDriver {
  readonly name: 'memory';
  /** Answers PUT/GET (with Range) on a presigned URL the way an HTTP store would. */
  fetch(url: string, init?: RequestInit): Promise<Response>;
  /** Uploads bytes to a presigned PUT or part URL and returns the ETag; throws when refused. */
  putBytes(url: string, bytes: Uint8Array): Promise<string>;
}

const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');

const errorResponse = (status: number, message: string, headers: Record<string, string> = {}) =>
  Response.json({ status: 'error', message }, { status, headers });

export function createMemoryStorageDriver({ now = () => new Date() } = {}): MemoryStorageDriver {
  const objects = new Map<string, Uint8Array>();
  const modified = new Map<string, number>();
  const store = (key: string, bytes: Uint8Array) => {
    objects.set(key, bytes);
    modified.set(key, now().getTime());
  };
  const uploads = new Map<string, Upload>();
  const grants = new Map<string, StorageGrant>();

  const presign = (grant: Omit<StorageGrant, 'expiresAt'>, expiresInSeconds: number) => {
    assertValidStorageKey(grant.key);
    const token = randomUUID();
    grants.set(token, { ...grant, expiresAt: now().getTime() + expiresInSeconds * 1000 });
    return `memory://storage/${grant.op}/${token}`;
  };

  const grantFor = (url: string, method: string) => {
    const token = new URL(url).pathname.split('/').pop() ?? '';
    const grant = grants.get(token);
    if (!grant || (grant.op === 'get') !== (method === 'GET' || method === 'HEAD')) {
      throw storageErrors.invalidSignature();
    }
    if (now().getTime() > grant.expiresAt) throw storageErrors.expired();
    return grant;
  };

  const receive = (grant: StorageGrant, bytes: Uint8Array) => {
    if (bytes.length > (grant.size ?? 0)) throw storageErrors.tooLarge(grant.size ?? 0);
    if (bytes.length !== grant.size)
      throw storageErrors.sizeMismatch(grant.size ?? 0, bytes.length);
    const etag = md5(bytes);
    if (grant.op === 'put') {
      store(grant.key, bytes);
      return etag;
    }
    const upload = uploads.get(grant.uploadId ?? '');
    if (!upload || upload.key !== grant.key) throw storageErrors.uploadNotFound();
    upload.parts.set(grant.partNumber ?? 0, { bytes, etag });
    return etag;
  };

  const serve = (grant: StorageGrant, headers: Headers) => {
    const bytes = objects.get(grant.key);
    if (!bytes) throw storageErrors.notFound();
    const range = parseRange(headers.get('range') ?? undefined, bytes.length);
    if (range === 'unsatisfiable') {
      return errorResponse(416, 'The requested range is outside the file.', {
        'content-range': `bytes */${bytes.length}`,
      });
    }
    const { start, end } = range ?? { start: 0, end: bytes.length - 1 };
    return new Response(bytes.slice(start, end + 1), {
      status: range ? 206 : 200,
      headers: {
        'content-disposition': attachmentDisposition(grant.fileName),
        'content-type': DOWNLOAD_CONTENT_TYPE,
        'x-content-type-options': 'nosniff',
        ...(range ? { 'content-range': contentRange(range, bytes.length) } : {}),
      },
    });
  };

  const driver: MemoryStorageDriver = {
    name: 'memory',

    async presignPut({ key, size, expiresInSeconds }) {
      return presign({ op: 'put', key, size }, expiresInSeconds);
    },

    async createMultipart({ key }) {
      assertValidStorageKey(key);
      const uploadId = randomUUID();
      uploads.set(uploadId, { key, parts: new Map() });
      return { uploadId };
    },

    async presignPart({ key, uploadId, partNumber, size, expiresInSeconds }) {
      if (!isValidPartNumber(partNumber)) {
        throw storageErrors.invalidParts(`Part number ${partNumber} is out of range.`);
      }
      return presign({ op: 'part', key, uploadId, partNumber, size }, expiresInSeconds);
    },

    async completeMultipart({ key, uploadId, parts }) {
      const upload = uploads.get(uploadId);
      if (!upload || upload.key !== key) throw storageErrors.uploadNotFound();
      const chunks = orderParts(parts).map(({ partNumber, etag }) => {
        const part = upload.parts.get(partNumber);
        if (!part || part.etag !== normalizeEtag(etag)) {
          throw storageErrors.invalidParts(
            `Part ${partNumber} is missing or its ETag does not match.`,
          );
        }
        return part.bytes;
      });
      store(key, Buffer.concat(chunks));
      uploads.delete(uploadId);
    },

    async abortMultipart({ key, uploadId }) {
      if (uploads.get(uploadId)?.key === key) uploads.delete(uploadId);
    },

    async head(key) {
      assertValidStorageKey(key);
      const bytes = objects.get(key);
      return bytes ? { size: bytes.length } : null;
    },

    async receivedBytes({ key, uploadId }) {
      if (objects.has(key)) return true;
      const upload = uploads.get(uploadId ?? '');
      return upload?.key === key && upload.parts.size > 0;
    },

    async presignGet({ key, expiresInSeconds, fileName }) {
      return presign({ op: 'get', key, fileName }, expiresInSeconds);
    },

    async readObject(key) {
      assertValidStorageKey(key);
      const bytes = objects.get(key);
      return bytes ? Readable.from([Buffer.from(bytes)]) : null;
    },

    async delete(key) {
      assertValidStorageKey(key);
      objects.delete(key);
      modified.delete(key);
    },

    async check() {},

    async *listObjects(prefix) {
      for (const [key, lastModified] of [...modified]) {
        if (key.startsWith(prefix)) yield { key, lastModified };
      }
    },

    async fetch(url, init = {}) {
      const method = (init.method ?? 'GET').toUpperCase();
      try {
        const grant = grantFor(url, method);
        if (grant.op === 'get') return serve(grant, new Headers(init.headers));
        const bytes = new Uint8Array(await new Response(init.body ?? null).arrayBuffer());
        const etag = receive(grant, bytes);
        return Response.json(
          { status: 'success', data: { etag } },
          { headers: { etag: `"${etag}"` } },
        );
      } catch (error) {
        const { statusCode = 500, message } = error as { statusCode?: number; message: string };
        return errorResponse(statusCode, message);
      }
    },

    async putBytes(url, bytes) {
      const response = await driver.fetch(url, { method: 'PUT', body: bytes });
      const etag = response.headers.get('etag');
      if (!response.ok || !etag)
        throw new Error(`Memory store refused the upload: ${response.status}`);
      return etag;
    },
  };
  return driver;
}
