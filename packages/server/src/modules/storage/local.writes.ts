import { createHash } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { finished, type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { asDiskFullError, type OpenWrite, openNewFile } from './local.layout';
import { storageErrors } from './storage.errors';

/**
 * Streams `source` into `tempPath`, counting and hashing as it goes, and calls `commit` (which moves
 * the file into place) only if exactly `size` bytes arrived. Returns the MD5 hex of the bytes, our
 * ETag. The temp file is gone afterwards whatever happened; a full disk is the 507 noSpace error.
 *
 * The source is piped rather than handed to pipeline() so that refusing an oversized body does not
 * destroy it: for an HTTP request that would reset the socket before the client reads our 413.
 */
export async function receiveExactly(input: {
  source: Readable;
  size: number;
  tempPath: string;
  commit: (tempPath: string, etag: string) => Promise<void>;
  openWrite?: OpenWrite;
}): Promise<string> {
  const { source, size, tempPath, commit, openWrite = openNewFile } = input;
  const hash = createHash('md5');
  let received = 0;

  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      if (received > size) {
        callback(storageErrors.tooLarge(size));
        return;
      }
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  try {
    await mkdir(dirname(tempPath), { recursive: true });
  } catch (error) {
    throw asDiskFullError(error);
  }
  // pipe() does not forward errors: a client that disconnects must still end the write.
  const stopWatching = finished(source, (error) => {
    if (error) meter.destroy(error);
  });
  source.pipe(meter);

  try {
    await pipeline(meter, openWrite(tempPath));
    if (received !== size) throw storageErrors.sizeMismatch(size, received);
    const etag = hash.digest('hex');
    await commit(tempPath, etag);
    return etag;
  } catch (error) {
    source.unpipe(meter);
    await rm(tempPath, { force: true });
    throw asDiskFullError(error);
  } finally {
    stopWatching();
  }
}
