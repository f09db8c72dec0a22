/**
 * `npm start` runs `scripts/start.mjs`: it bundles the server (scripts/build-server.mjs) when its
 * sources changed and runs the bundle with plain node. This starts it exactly so and uses it.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppServer, ROOT, startAppServer } from './support/app-server';

describe('the server as npm start runs it', () => {
  let server: AppServer;
  beforeAll(async () => {
    server = await startAppServer({}, 'npm-start');
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('runs the bundle, not the sources, and serves the API and the web app', async () => {
    const bundle = statSync(join(ROOT, 'packages/server/dist/main.mjs'));
    const main = statSync(join(ROOT, 'packages/server/src/main.ts'));
    expect(bundle.mtimeMs).toBeGreaterThanOrEqual(main.mtimeMs);

    // The bundle carries the version and commit it was built from, read at build time.
    const version = JSON.parse(
      readFileSync(join(ROOT, 'packages/server/package.json'), 'utf8'),
    ).version;
    const commit = execFileSync('git', ['rev-parse', 'HEAD'], {
      cwd: ROOT,
      encoding: 'utf8',
    }).trim();
    const health = await fetch(`${server.origin}/api/health`);
    expect(await health.json()).toEqual({
      status: 'success',
      data: { db: 'ok', storage: 'ok', version, commit },
    });
    expect(server.logs.join('')).toContain(`Sealdrop ${version} (commit ${commit}) starting`);
    // Written in at build time, not asked of git by the running bundle.
    const dist = join(ROOT, 'packages/server/dist');
    const bundled = readdirSync(dist, { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.mjs'))
      .some((name) => readFileSync(join(dist, name), 'utf8').includes(`"${commit}"`));
    expect(bundled).toBe(true);
    const presign = await fetch(`${server.origin}/api/upload/presign`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        filename: 'a.txt',
        contentType: 'text/plain',
        size: 5,
        isEncrypted: false,
      }),
    });
    expect(presign.status).toBe(200);
    const home = await fetch(server.origin);
    expect(await home.text()).toContain('<div id="root">');
  });

  it('loads the Redis client and the AWS SDK only in configurations that use them', () => {
    // What `node main.mjs` evaluates before any import(): the entry and the chunks it imports.
    const eager = new Set<string>();
    const visit = (path: string) => {
      if (eager.has(path)) return;
      eager.add(path);
      for (const [, relative] of readFileSync(path, 'utf8').matchAll(
        /^(?:import|} from) .*"(\.{1,2}\/[^"]+)"/gm,
      )) {
        visit(join(dirname(path), relative as string));
      }
    };
    visit(join(ROOT, 'packages/server/dist/main.mjs'));
    const eagerPackages = [...eager].flatMap((path) =>
      [...readFileSync(path, 'utf8').matchAll(/^(?:import .*|} )from "([^".][^"]*)"/gm)].map(
        (m) => m[1],
      ),
    );
    expect(eagerPackages).toContain('fastify');
    expect(eagerPackages.filter((name) => /^(ioredis|@aws-sdk\/)/.test(name ?? ''))).toEqual([]);
  });

  it("serves the web app's production build, whatever NODE_ENV the caller had", async () => {
    // This file runs under Vitest (NODE_ENV=test), which once gave every build React's
    // development runtime: 45 % more script to parse on every page, and its warnings. The
    // libraries still keep development checks behind NODE_ENV (TanStack Query's, here).
    const home = await (await fetch(server.origin)).text();
    const script = home.match(/<script[^>]* src="(\/assets\/index-[^"]+\.js)"/)?.[1];
    expect(script).toBeDefined();
    const bundle = await (await fetch(`${server.origin}${script}`)).text();
    expect(bundle).toContain('Share files privately');
    expect(bundle).not.toContain('Query data cannot be undefined');
  });
});
