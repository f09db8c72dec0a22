/**
 * SIGTERM in the middle of an upload: the process stops taking connections at
 * once, lets the PUT being sent finish (200, the bytes stored), then exits 0; past
 * SHUTDOWN_GRACE_SECONDS it stops waiting. A real process, the local driver, a body sent slowly.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../testing/server-process';
import { finalize, presign } from './support/client';

const KiB = 1024;
const CHUNK = 64 * KiB;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A PUT whose body the test sends chunk by chunk; `outcome` settles with the answer or error. */
function slowPut(url: string, size: number) {
  const req = request(url, {
    method: 'PUT',
    headers: { 'content-type': 'application/octet-stream', 'content-length': size },
  });
  const outcome = new Promise<string>((resolve) => {
    req.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve(`answered ${response.statusCode}`));
    });
    req.on('error', (error) => resolve(`failed: ${(error as NodeJS.ErrnoException).code}`));
  });
  const send = (bytes: Uint8Array) =>
    new Promise<void>((resolve) => req.write(bytes, () => resolve()));
  return { outcome, send, end: () => req.end() };
}

/** Whether a new TCP connection to the port is refused. */
function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

/**
 * Starts a single-PUT upload of `chunks` chunks and sends the first one, so that the server is in
 * the middle of it; returns what the test needs to go on, with the server's child process.
 */
async function putInFlight(running: ServerProcess, chunks: number) {
  const bytes = randomBytes(chunks * CHUNK);
  const plan = await presign(running.origin, bytes.length);
  if (!plan.uploadUrl) throw new Error('expected a single-PUT plan');
  const put = slowPut(plan.uploadUrl, bytes.length);
  await put.send(bytes.subarray(0, CHUNK));
  await sleep(300);
  const child = running.running();
  if (!child) throw new Error('no process');
  return { bytes, plan, put, child };
}

describe('graceful shutdown', () => {
  let dataDir: string;
  let server: ServerProcess | undefined;

  const start = async (env: Record<string, string> = {}) => {
    dataDir = mkdtempSync(join(tmpdir(), 'sealdrop-fault-shutdown-'));
    server = await startServerProcess({
      DATA_DIR: dataDir,
      SWEEP_INTERVAL_SECONDS: '1',
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'pretty',
      ...env,
    });
    return server;
  };

  afterEach(async () => {
    await server?.stop();
    server = undefined;
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes the PUT in flight at SIGTERM, refuses new connections, and exits 0', async () => {
    const running = await start({ SHUTDOWN_GRACE_SECONDS: '20' });
    // A person starting it reads one plain line, not a JSON object.
    expect(running.logs.join('')).toContain(
      `Sealdrop listening on http://localhost:${running.port}`,
    );
    expect(running.logs.join('')).not.toMatch(/^\{"level"/m);

    const { bytes, plan, put, child } = await putInFlight(running, 8);
    child.child.kill('SIGTERM');
    await sleep(500);
    expect(await connectionRefused(running.port)).toBe(true);
    expect(child.child.exitCode).toBeNull();

    for (let offset = CHUNK; offset < bytes.length; offset += CHUNK) {
      await put.send(bytes.subarray(offset, offset + CHUNK));
      await sleep(150);
    }
    put.end();
    expect(await put.outcome).toBe('answered 200');
    const answered = Date.now();
    expect(await child.exited).toBe(0);
    // Nothing else held it: not the client's idle keep-alive connection, not the sweeper.
    expect(Date.now() - answered).toBeLessThan(2000);
    expect(running.logs.join('')).toContain('SIGTERM: shutting down');

    // The bytes were stored whole: after a restart the upload finalizes.
    await running.restart();
    const finalized = await finalize(running.origin, plan);
    expect(finalized.status, finalized.body.message).toBe(200);
  });

  it('stops waiting after SHUTDOWN_GRACE_SECONDS and still exits 0', async () => {
    const running = await start({ SHUTDOWN_GRACE_SECONDS: '1' });
    const { put, child } = await putInFlight(running, 4);
    const signalled = Date.now();
    child.child.kill('SIGTERM');
    // The client never sends the rest: the process must not wait for it beyond the grace period.
    expect(await child.exited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(5000);
    expect(await put.outcome).toMatch(/^failed: (ECONNRESET|EPIPE)$/);
    expect(running.logs.join('')).toContain('shutdown grace period over');
  });
});
