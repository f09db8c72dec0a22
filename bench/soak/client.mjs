// What a virtual user does, on the real clients: the CLI's send and get code paths (imported from
// packages/cli, the same code `sealdrop send` and `sealdrop get` run) and plain HTTP for the API
// calls the CLI has no command for. Every operation is retried as a patient client would
// (backoff up to 15 s, 8 tries); each retry is counted.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ApiError, createApi } from '../../packages/cli/src/lib/api.ts';
import { getLink } from '../../packages/cli/src/lib/download.ts';
import { interrupted } from '../../packages/cli/src/lib/errors.ts';
import { sendFiles } from '../../packages/cli/src/lib/upload.ts';

const MiB = 1024 * 1024;

export class Stats {
  /** @type {Record<string, { ok: number, retries: number, failed: number }>} */
  ops = {};
  /** @type {string[]} */
  failures = [];
  of(name) {
    this.ops[name] ??= { ok: 0, retries: 0, failed: 0 };
    return this.ops[name];
  }
}

/** Runs `task` until it succeeds, backing off 1, 2, 4, 8, 15… s; counts retries and failures. */
export async function withRetries(stats, name, task, attempts = 8) {
  const entry = stats.of(name);
  for (let attempt = 1; ; attempt += 1) {
    try {
      const result = await task(attempt);
      entry.ok += 1;
      return result;
    } catch (caught) {
      const error = /** @type {any} */ (caught);
      if (attempt >= attempts || error?.permanent) {
        entry.failed += 1;
        stats.failures.push(`${name}: ${error?.message ?? error}`);
        if (error && typeof error === 'object') error.counted = true;
        throw error;
      }
      entry.retries += 1;
      await new Promise((resolve) =>
        setTimeout(resolve, Math.min(15_000, 1000 * 2 ** (attempt - 1))),
      );
    }
  }
}

/** A file of random bytes; returns its SHA-256. */
export async function writeRandomFile(path, size) {
  const hash = createHash('sha256');
  const out = createWriteStream(path);
  for (let left = size; left > 0; left -= MiB) {
    const chunk = randomBytes(Math.min(MiB, left));
    hash.update(chunk);
    if (!out.write(chunk))
      await new Promise((resolve) => out.once('drain', () => resolve(undefined)));
  }
  await new Promise((resolve, reject) => {
    out.once('error', reject);
    out.once('finish', () => resolve(undefined));
    out.end();
  });
  return hash.digest('hex');
}

export async function sha256File(path) {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path), hash);
  return hash.digest('hex');
}

/** Every file under `dir`, by its `/`-separated path relative to it. */
async function listTree(dir) {
  const found = [];
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile())
      found.push(relative(dir, join(entry.parentPath, entry.name)).split('\\').join('/'));
  }
  return found.sort();
}

/**
 * Makes `files` ({ path, size }[]) under a fresh folder, sends them with the CLI's sendFiles, and
 * returns what the client saw acknowledged: the link, the file id and each file's SHA-256.
 */
/**
 * @param {Stats} stats
 * @param {string} work
 * @param {{ origin: string, token?: string | null, files: { path: string, size: number }[], passphrase?: string, expiresIn?: number, downloadLimit?: number, name?: string }} options
 */
export async function send(
  stats,
  work,
  { origin, token = null, files, passphrase, expiresIn, downloadLimit, name = 'send' },
) {
  const dir = join(work, `src-${randomUUID()}`);
  const local = [];
  for (const file of files) {
    const absolutePath = join(dir, file.path);
    await mkdir(join(absolutePath, '..'), { recursive: true });
    const sha = await writeRandomFile(absolutePath, file.size);
    local.push({
      absolutePath,
      path: file.path,
      size: file.size,
      mtimeMs: (await stat(absolutePath)).mtimeMs,
      sha,
    });
  }
  try {
    const result = await withRetries(stats, name, () =>
      sendFiles({
        api: createApi(origin, token),
        files: local.map(({ sha, ...file }) => file),
        encrypt: true,
        ...(passphrase ? { passphrase } : {}),
        ...(expiresIn ? { expiresIn } : {}),
        ...(downloadLimit ? { downloadLimit } : {}),
        signal: AbortSignal.timeout(600_000),
        store: null,
      }),
    );
    return {
      link: result.link,
      fileId: result.fileId,
      expiresAt: Date.parse(result.expiresAt),
      bytes: result.bytes,
      files: local.map(({ path, size, sha }) => ({ path, size, sha })),
      ...(passphrase ? { passphrase } : {}),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Downloads a link with the CLI's getLink into a fresh folder and compares every file with what
 * was sent. `resume`: stop the first run half-way (as Ctrl-C would) and let a second run go on from
 * the `.part` left behind, with a Range request. Returns whether a resume really happened.
 */
export async function receive(stats, work, upload, { resume = false, name = 'get' } = {}) {
  const dir = join(work, `dl-${randomUUID()}`);
  const stateDir = join(work, `state-${randomUUID()}`);
  await mkdir(dir, { recursive: true });
  await mkdir(stateDir, { recursive: true });
  const total = upload.files.reduce((sum, file) => sum + file.size, 0);
  const readPassphrase = async () => upload.passphrase ?? '';
  let resumedFrom = 0;
  try {
    let done = false;
    if (resume) {
      const controller = new AbortController();
      done = await getLink({
        link: upload.link,
        output: dir,
        force: false,
        signal: controller.signal,
        readPassphrase,
        stateDir,
        onProgress: (received) => {
          if (received >= total / 2) controller.abort(interrupted()); // what Ctrl-C does in `sealdrop get`;
        },
      }).then(
        () => true, // small enough to arrive whole before the first progress report
        (error) => {
          if (!controller.signal.aborted) throw error;
          return false;
        },
      );
    }
    if (!done) {
      await withRetries(stats, name, () =>
        getLink({
          link: upload.link,
          output: dir,
          force: false,
          signal: AbortSignal.timeout(600_000),
          readPassphrase,
          stateDir,
          onResume: (bytes) => (resumedFrom = bytes),
        }),
      );
    }
    const got = await listTree(dir);
    const wanted = upload.files.map((file) => file.path).sort();
    if (JSON.stringify(got) !== JSON.stringify(wanted)) {
      throw new Error(`${upload.fileId}: got files ${got.join(', ')}, sent ${wanted.join(', ')}`);
    }
    for (const file of upload.files) {
      if ((await sha256File(join(dir, file.path))) !== file.sha) {
        throw new Error(`${upload.fileId}: ${file.path} differs from what was sent`);
      }
    }
    return { resumedFrom };
  } finally {
    await rm(dir, { recursive: true, force: true });
    await rm(stateDir, { recursive: true, force: true });
  }
}

/**
 * One call of the JSON API through the balancer; throws ApiError like the CLI's client.
 * @param {string} origin
 * @param {string} path
 * @param {{ method?: 'GET' | 'POST' | 'DELETE', body?: unknown, token?: string | null }} [options]
 * @returns {Promise<any>}
 */
export function call(origin, path, { method = 'GET', body, token = null } = {}) {
  return createApi(origin, token).request(path, {
    method,
    ...(body === undefined ? {} : { body }),
  });
}

export { ApiError };
