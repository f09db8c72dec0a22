import type { Dirent } from 'node:fs';
import {
  access,
  constants,
  type FileHandle,
  mkdir,
  open,
  readdir,
  rename,
  rmdir,
  stat,
  unlink,
} from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { createLocalLayout, isMissing, type OpenWrite } from './local.layout';
import { createLocalMultipart } from './local.multipart';
import { createUrlSigner, type SignedOperation, type StorageGrant } from './local.signing';
import { receiveExactly } from './local.writes';
import { storageErrors } from './storage.errors';
import { isValidPartNumber } from './storage.parts';
import type { StorageDriver } from './storage.types';

/** Reads of whole objects by the server itself (the malware scanner) go in chunks this big. */
const READ_CHUNK_BYTES = 1024 * 1024;

/** Where the app mounts `localStorageRoutes`; signed URLs point there. */
export const LOCAL_STORAGE_PREFIX = '/api/storage';

export interface LocalStorageDriverOptions {
  rootDir: string;
  /** HMAC key for signed URLs, at least 32 characters. */
  secret: string;
  now?: () => Date;
  /** How files are opened for writing; tests pass one that fills up like a full disk. */
  openWrite?: OpenWrite;
}

/** The driver plus what `localStorageRoutes` needs to serve its signed URLs. */
export interface LocalStorageDriver extends StorageDriver {
  readonly name: 'local';
  verify(op: SignedOperation, query: Record<string, unknown>): StorageGrant;
  /**
   * `stillWritable` is asked again once every byte arrived, just before the object is moved into
   * place: a PUT let in while its upload was pending must not replace what finalize checked since.
   */
  receiveObject(
    grant: StorageGrant,
    body: Readable,
    stillWritable?: () => Promise<boolean>,
  ): Promise<string>;
  receivePart(grant: StorageGrant, body: Readable): Promise<string>;
  /** An open handle on a complete object (race-free against deletes), or null. */
  openObject(key: string): Promise<{ handle: FileHandle; size: number } | null>;
}

function assertSize(size: number) {
  if (!Number.isSafeInteger(size) || size < 0) throw new RangeError(`Invalid object size: ${size}`);
}

export function createLocalStorageDriver(options: LocalStorageDriverOptions): LocalStorageDriver {
  const { now = () => new Date(), openWrite } = options;
  const layout = createLocalLayout(options.rootDir);
  const signer = createUrlSigner({ secret: options.secret });
  const multipart = createLocalMultipart({ layout, now, openWrite });

  const signedUrl = (
    origin: string,
    route: string,
    grant: Omit<StorageGrant, 'expiresAt'>,
    ttl: number,
  ) => {
    const expiresAt = Math.floor(now().getTime() / 1000) + ttl;
    const query = signer.sign({ ...grant, expiresAt });
    return `${origin.replace(/\/+$/, '')}${LOCAL_STORAGE_PREFIX}/${route}?${query}`;
  };

  /** Empty directories left by deleted keys are removed up to the objects root. */
  const pruneEmptyParents = async (path: string) => {
    for (let dir = dirname(path); dir !== layout.objectsDir; dir = dirname(dir)) {
      try {
        await rmdir(dir);
      } catch {
        return;
      }
    }
  };

  const head = async (key: string) => {
    try {
      const info = await stat(layout.objectPath(key));
      return info.isFile() ? { size: info.size } : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  };

  const openObject = async (key: string) => {
    let handle: FileHandle;
    try {
      handle = await open(layout.objectPath(key), 'r');
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    const info = await handle.stat();
    if (info.isFile()) return { handle, size: info.size };
    await handle.close();
    return null;
  };

  return {
    name: 'local',

    async presignPut({ key, size, expiresInSeconds, origin }) {
      layout.objectPath(key);
      assertSize(size);
      return signedUrl(origin, 'object', { op: 'put', key, size }, expiresInSeconds);
    },

    async createMultipart({ key }) {
      layout.objectPath(key);
      return { uploadId: await multipart.create(key) };
    },

    async presignPart({ key, uploadId, partNumber, size, expiresInSeconds, origin }) {
      layout.objectPath(key);
      layout.uploadDir(uploadId);
      assertSize(size);
      if (!isValidPartNumber(partNumber)) {
        throw storageErrors.invalidParts(`Part number ${partNumber} is out of range.`);
      }
      const grant = { op: 'part' as const, key, uploadId, partNumber, size };
      return signedUrl(origin, 'part', grant, expiresInSeconds);
    },

    async completeMultipart({ key, uploadId, parts }) {
      await multipart.complete({ key, uploadId, parts });
    },

    async abortMultipart({ key, uploadId }) {
      await multipart.abort(key, uploadId);
    },

    head,

    async receivedBytes({ key, uploadId }) {
      if (await head(key)) return true;
      return uploadId ? multipart.hasParts(key, uploadId) : false;
    },

    async presignGet({ key, expiresInSeconds, origin, fileName }) {
      layout.objectPath(key);
      const grant = { op: 'get' as const, key, fileName };
      return signedUrl(origin, 'object', grant, expiresInSeconds);
    },

    async delete(key) {
      const path = layout.objectPath(key);
      try {
        await unlink(path);
      } catch (error) {
        if (isMissing(error)) return;
        throw error;
      }
      await pruneEmptyParents(path);
    },

    async *listObjects(prefix) {
      let entries: Dirent[];
      try {
        entries = await readdir(layout.objectsDir, { recursive: true, withFileTypes: true });
      } catch (error) {
        if (isMissing(error)) return;
        throw error;
      }
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const path = join(entry.parentPath, entry.name);
        const key = relative(layout.objectsDir, path).split(sep).join('/');
        if (!key.startsWith(prefix)) continue;
        try {
          yield { key, lastModified: (await stat(path)).mtimeMs };
        } catch (error) {
          if (!isMissing(error)) throw error; // deleted while listing
        }
      }
    },

    async check() {
      for (const dir of [layout.objectsDir, layout.uploadsDir, layout.tempDir]) {
        await mkdir(dir, { recursive: true });
        await access(dir, constants.W_OK);
      }
    },

    verify(op, query) {
      return signer.verify(op, query, now());
    },

    receiveObject(grant, body, stillWritable) {
      const destination = layout.objectPath(grant.key);
      return receiveExactly({
        openWrite,
        source: body,
        size: grant.size ?? 0,
        tempPath: layout.newTempPath(),
        commit: async (tempPath) => {
          if (stillWritable && !(await stillWritable())) throw storageErrors.uploadClosed();
          await mkdir(dirname(destination), { recursive: true });
          await rename(tempPath, destination);
        },
      });
    },

    receivePart({ key, uploadId = '', partNumber = 0, size = 0 }, body) {
      return multipart.receivePart({ key, uploadId, partNumber, size }, body);
    },

    async readObject(key) {
      const opened = await openObject(key);
      // autoClose: the handle closes when the stream ends or is destroyed.
      return opened ? opened.handle.createReadStream({ highWaterMark: READ_CHUNK_BYTES }) : null;
    },

    openObject,
  };
}
