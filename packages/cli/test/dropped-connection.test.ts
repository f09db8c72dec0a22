import { join } from 'node:path';
import { expect, it } from 'vitest';
import { startCuttingProxy } from '../../../e2e/support/cutting-proxy';
import { startLoopbackProxy } from '../../server/src/testing/loopback-proxy';
import { linkOf, runCli, sha256, type TestServer, withServerAndWorkDir } from './support/cli';
import { writeRandomFile } from './support/files';

const MiB = 1024 * 1024;
let server: TestServer;
let work: string;
withServerAndWorkDir((started, dir) => {
  server = started;
  work = dir;
});

it('resumes by Range after the connection drops mid-download, twice', async () => {
  const source = join(work, 'flaky.bin');
  await writeRandomFile(source, 24 * MiB + 333);
  const sent = await runCli(['send', source], { env: server.cliEnv, cwd: work });
  expect(sent.code).toBe(0);
  const proxy = await startCuttingProxy({
    targetPort: server.port,
    carriesObject: (request) =>
      request.method === 'GET' && (request.url ?? '').startsWith('/api/storage/object'),
    cuts: [0.3, 0.7],
  });
  try {
    const link = linkOf(sent.stdout).replace(server.origin, proxy.origin);
    const out = join(work, 'flaky-out.bin');
    const got = await runCli(['get', link, '-o', out], { env: server.cliEnv, cwd: work });
    expect(got.code, got.stderr).toBe(0);
    expect(got.stderr.match(/Connection lost\. Resuming…/g)).toHaveLength(2);
    expect(await sha256(out)).toBe(await sha256(source));
    // The first request asks for everything, each later one from a record boundary on.
    expect(proxy.ranges[0]).toBeNull();
    const record = 64 * 1024 + 16;
    for (const range of proxy.ranges.slice(1)) {
      const start = Number(/^bytes=(\d+)-/.exec(range ?? '')?.[1]);
      expect((start - 8) % record).toBe(0);
      expect(start).toBeGreaterThan(0);
    }
    expect(proxy.ranges).toHaveLength(3);
  } finally {
    await proxy.close();
  }
});

it('gives up after five cuts in a row, keeps the .part file, and the next run goes on', async () => {
  const source = join(work, 'flakier.bin');
  await writeRandomFile(source, 24 * MiB);
  const sent = await runCli(['send', source], { env: server.cliEnv, cwd: work });
  const proxy = await startCuttingProxy({
    targetPort: server.port,
    carriesObject: (request) =>
      request.method === 'GET' && (request.url ?? '').startsWith('/api/storage/object'),
    cuts: [0.2, 0.25, 0.3, 0.35, 0.4],
  });
  const out = join(work, 'flakier-out.bin');
  try {
    const link = linkOf(sent.stdout).replace(server.origin, proxy.origin);
    const failed = await runCli(['get', link, '-o', out], { env: server.cliEnv, cwd: work });
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(
      /The connection was lost\.\nRun the same command again to resume\.\n$/,
    );
  } finally {
    await proxy.close();
  }
  const again = await runCli(['get', linkOf(sent.stdout), '-o', out], {
    env: server.cliEnv,
    cwd: work,
  });
  expect(again.code).toBe(0);
  expect(again.stderr).toMatch(/^Resuming the unfinished download after/);
  expect(await sha256(out)).toBe(await sha256(source));
});

/** In front of the server: answers 503 to the first `times` requests whose path matches each rule. */
async function startFlakyServerProxy(targetPort: number, rules: { path: RegExp; times: number }[]) {
  const left = rules.map((rule) => rule.times);
  const refused: string[] = [];
  const proxy = await startLoopbackProxy(targetPort, {
    reply: (incoming, outgoing) => {
      const path = (incoming.url ?? '').split('?')[0] ?? '';
      const rule = rules.findIndex((candidate) => candidate.path.test(path));
      if (rule < 0 || (left[rule] ?? 0) === 0) return false;
      left[rule] = (left[rule] ?? 0) - 1;
      refused.push(path);
      outgoing.writeHead(503, { 'content-type': 'application/json' });
      outgoing.end(JSON.stringify({ status: 'error', message: 'Service unavailable' }));
      return true;
    },
  });
  return { ...proxy, refused };
}

it('waits out a server that answers 503 for a moment (restarting, its database away) instead of failing the download', async () => {
  const source = join(work, 'restarting.bin');
  await writeRandomFile(source, 3 * MiB);
  const sent = await runCli(['send', source], { env: server.cliEnv, cwd: work });
  expect(sent.code).toBe(0);
  const proxy = await startFlakyServerProxy(server.port, [
    { path: /^\/api\/s\//, times: 1 },
    { path: /^\/api\/files\/[^/]+\/info$/, times: 2 },
    { path: /^\/api\/files\/[^/]+\/download$/, times: 2 },
  ]);
  try {
    const link = linkOf(sent.stdout).replace(server.origin, proxy.origin);
    const out = join(work, 'restarting-out.bin');
    const got = await runCli(['get', link, '-o', out], { env: server.cliEnv, cwd: work });
    expect(got.code, got.stderr).toBe(0);
    expect(await sha256(out)).toBe(await sha256(source));
    expect(proxy.refused).toHaveLength(5);
  } finally {
    await proxy.close();
  }
});
