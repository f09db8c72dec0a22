/**
 * Which `.part` files a download may take up again. Beside each `<name>.part` the CLI keeps
 * `<name>.part.sealdrop`: whose link the bytes are from (partOwner: a keyed hash, never the key),
 * how many of them verified, and a hash of the last of those bytes. A `.part` without one, with
 * another link's, or whose verified bytes changed since (another tool wrote there) is not this
 * download's, and none of its bytes is trusted.
 */
import { createHash, createHmac } from 'node:crypto';
import { type FileHandle, open, readFile, rm, stat } from 'node:fs/promises';
import { PART_SIDECAR_SUFFIX, PART_SUFFIX } from '@sealdrop/core/file-list';

export interface PartTarget {
  /** Where the file ends up. */
  path: string;
  size: number;
  /** partOwner of the link the file comes from. */
  owner: string;
}

/** What a target's `.part` is: absent, this link's (with its verified bytes), or anything else. */
export type PartState = { kind: 'none' } | { kind: 'foreign' } | { kind: 'ours'; verified: number };

/** The verified bytes are checked by their last TAIL_BYTES: cheap, and enough to tell files apart. */
const TAIL_BYTES = 16 * 1024;
/**
 * Every record is written at offset 0 with this fixed length in one write, so a process killed
 * at any moment leaves the old record or the new one, never half of one.
 */
const RECORD_BYTES = 256;

export function partPath(target: { path: string }): string {
  return `${target.path}${PART_SUFFIX}`;
}

export function sidecarPath(target: { path: string }): string {
  return `${target.path}${PART_SIDECAR_SUFFIX}`;
}

/**
 * Who a `.part` belongs to: the file and the key of one link, whatever address its server was
 * reached at. An HMAC under the link's key, so the sidecar says nothing of the key, and the same
 * file id with another key never matches (a plain file has no key: its id alone).
 */
export function partOwner(fileId: string, rawKey: Uint8Array | null): string {
  const message = `sealdrop .part owner 1\u0000${fileId}`;
  const digest = rawKey ? createHmac('sha256', rawKey) : createHash('sha256');
  return digest.update(message).digest('base64url');
}

export async function readPartState(target: PartTarget): Promise<PartState> {
  const size = await stat(partPath(target)).then(
    (info) => info.size,
    () => -1,
  );
  if (size < 0) return { kind: 'none' };
  const record = parseRecord(await readFile(sidecarPath(target), 'utf8').catch(() => ''));
  if (
    !record ||
    record.owner !== target.owner ||
    record.verified > size ||
    record.verified > target.size
  ) {
    return { kind: 'foreign' };
  }
  const handle = await open(partPath(target), 'r');
  try {
    if ((await tailHash(handle, record.verified)) !== record.tail) return { kind: 'foreign' };
  } finally {
    await handle.close();
  }
  return { kind: 'ours', verified: record.verified };
}

/**
 * The sidecar of a `.part` being written, its first record (nothing verified yet) written before
 * the `.part` exists; `resume` opens the sidecar of a `.part` taken up again and records that
 * many bytes of `part` instead, before the rest is cut off. Then `record` after every write.
 */
export async function openSidecar(
  target: PartTarget,
  resume?: { part: FileHandle; verified: number },
) {
  const path = sidecarPath(target);
  const handle = resume
    ? await open(path, 'r+').catch(() => open(path, 'w', 0o600))
    : await open(path, 'w', 0o600);
  const sidecar = {
    /** The first `verified` bytes of `part` (the `.part`'s open handle) verified and are on disk. */
    async record(part: FileHandle | null, verified: number): Promise<void> {
      const tail = part ? await tailHash(part, verified) : EMPTY_HASH;
      const line = JSON.stringify({ v: 1, owner: target.owner, verified, tail });
      await handle.write(Buffer.from(`${line.padEnd(RECORD_BYTES - 1)}\n`), 0, RECORD_BYTES, 0);
    },
    close: () => handle.close(),
  };
  await sidecar.record(resume?.part ?? null, resume?.verified ?? 0);
  return sidecar;
}

export type Sidecar = Awaited<ReturnType<typeof openSidecar>>;

/** Removes a target's `.part` and its sidecar. */
export async function removePart(target: { path: string }): Promise<void> {
  await rm(partPath(target), { force: true });
  await rm(sidecarPath(target), { force: true });
}

function parseRecord(text: string): { owner: string; verified: number; tail: string } | null {
  try {
    const record = JSON.parse(text) as {
      v?: unknown;
      owner?: unknown;
      verified?: unknown;
      tail?: unknown;
    };
    const { owner, verified, tail } = record;
    if (record.v !== 1 || typeof owner !== 'string' || typeof tail !== 'string') return null;
    if (typeof verified !== 'number' || !Number.isSafeInteger(verified) || verified < 0)
      return null;
    return { owner, verified, tail };
  } catch {
    return null;
  }
}

const EMPTY_HASH = createHash('sha256').digest('base64url');

async function tailHash(handle: FileHandle, end: number): Promise<string> {
  const length = Math.min(TAIL_BYTES, end);
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, end - length);
  return createHash('sha256').update(buffer.subarray(0, bytesRead)).digest('base64url');
}
