import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { concatFiles } from './local.concat';
import {
  asDiskFullError,
  isMissing,
  type LocalLayout,
  type OpenWrite,
  openNewFile,
} from './local.layout';
import { receiveExactly } from './local.writes';
import { storageErrors } from './storage.errors';
import { normalizeEtag, orderParts } from './storage.parts';
import type { CompletedPart } from './storage.types';

const UPLOAD_FILE = 'upload.json';

/**
 * Multipart uploads on disk: one directory per upload holding `upload.json` (the key it belongs
 * to) and one file per part named `<partNumber>.<md5>`. With the ETag in the name, completing
 * checks every part without reading it twice, and a re-sent part simply replaces the old file.
 */
export function createLocalMultipart({
  layout,
  now,
  openWrite = openNewFile,
}: {
  layout: LocalLayout;
  now: () => Date;
  openWrite?: OpenWrite;
}) {
  /** The upload's directory, when it exists and belongs to `key`. */
  const find = async (key: string, uploadId: string) => {
    const dir = layout.uploadDir(uploadId);
    try {
      const meta = JSON.parse(await readFile(join(dir, UPLOAD_FILE), 'utf8')) as { key: string };
      return meta.key === key ? dir : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  };

  return {
    async create(key: string): Promise<string> {
      const uploadId = layout.newUploadId();
      const dir = layout.uploadDir(uploadId);
      try {
        await mkdir(dir, { recursive: true });
        await writeFile(join(dir, UPLOAD_FILE), JSON.stringify({ key, createdAt: now() }));
      } catch (error) {
        await rm(dir, { recursive: true, force: true });
        throw asDiskFullError(error);
      }
      return uploadId;
    },

    /** Whether a part of this upload was stored (false when the upload is unknown or gone). */
    async hasParts(key: string, uploadId: string): Promise<boolean> {
      const dir = await find(key, uploadId);
      if (!dir) return false;
      try {
        return (await readdir(dir)).some((name) => name !== UPLOAD_FILE);
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },

    async receivePart(
      input: { key: string; uploadId: string; partNumber: number; size: number },
      body: Readable,
    ): Promise<string> {
      const { partNumber } = input;
      const dir = await find(input.key, input.uploadId);
      if (!dir) throw storageErrors.uploadNotFound();
      return receiveExactly({
        openWrite,
        source: body,
        size: input.size,
        tempPath: layout.newTempPath(),
        commit: async (tempPath, etag) => {
          try {
            await rename(tempPath, join(dir, `${partNumber}.${etag}`));
          } catch (error) {
            // The upload was aborted while this part was arriving.
            if (isMissing(error)) throw storageErrors.uploadNotFound();
            throw error;
          }
          const replaced = (await readdir(dir)).filter(
            (name) => name.startsWith(`${partNumber}.`) && name !== `${partNumber}.${etag}`,
          );
          await Promise.all(replaced.map((name) => rm(join(dir, name), { force: true })));
        },
      });
    },

    /**
     * Concatenates the parts in order into a temp file that becomes the object in one rename, so a
     * failure half way (a full disk) leaves no object, only the parts.
     */
    async complete(input: { key: string; uploadId: string; parts: CompletedPart[] }) {
      const destination = layout.objectPath(input.key);
      const dir = await find(input.key, input.uploadId);
      if (!dir) throw storageErrors.uploadNotFound();
      const stored = new Set(await readdir(dir));
      const paths = orderParts(input.parts).map(({ partNumber, etag }) => {
        const name = `${partNumber}.${normalizeEtag(etag)}`;
        if (!stored.has(name)) {
          throw storageErrors.invalidParts(
            `Part ${partNumber} is missing or its ETag does not match.`,
          );
        }
        return join(dir, name);
      });

      const tempPath = layout.newTempPath();
      try {
        await mkdir(dirname(tempPath), { recursive: true });
        await concatFiles(paths, openWrite(tempPath));
        await mkdir(dirname(destination), { recursive: true });
        await rename(tempPath, destination);
      } catch (error) {
        // The parts stay: once there is room again, the same finalize succeeds.
        throw asDiskFullError(error);
      } finally {
        await rm(tempPath, { force: true });
      }
      await rm(dir, { recursive: true, force: true });
    },

    async abort(key: string, uploadId: string) {
      let dir: string | null;
      try {
        dir = await find(key, uploadId);
      } catch {
        return; // an id that cannot even be ours is an unknown upload
      }
      if (dir) await rm(dir, { recursive: true, force: true });
    },
  };
}
