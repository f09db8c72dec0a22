/**
 * A redis-server of the test's own on a free loopback port, without persistence, so a test can kill
 * it and start it again on the same port without touching the Redis other suites use.
 */
import { existsSync } from 'node:fs';
import { answersOnPort, daemonProcess, requiredHere } from './local-daemon';
import { freePort } from './server-process';

export const REDIS_SERVER = '/usr/bin/redis-server';
/** Redis suites skip on a machine without redis-server, except in CI, where they must run. */
export const skipRedisSuites = !existsSync(REDIS_SERVER) && !requiredHere('REQUIRE_REDIS');

export interface TestRedis {
  url: string;
  port: number;
  /** Starts it again on the same port (empty: nothing is saved). */
  start: () => Promise<void>;
  /** SIGKILL: Redis dies with its connections open, as in a crash. */
  kill: () => Promise<void>;
  destroy: () => Promise<void>;
}

/** With a `password`, clients must AUTH (and the URL carries it, as a production one may). */
export async function startTestRedis(options: { password?: string } = {}): Promise<TestRedis> {
  const port = await freePort();
  const { password } = options;
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
  if (password) args.push('--requirepass', password);
  const redis = daemonProcess({
    name: 'redis-server',
    command: REDIS_SERVER,
    args,
    // PING answered with +PONG (after AUTH, if it needs one): loaded and serving.
    ready: () =>
      answersOnPort(port, {
        request: `${password ? `AUTH ${password}\r\n` : ''}PING\r\n`,
        expected: '+PONG',
        refusal: '-',
        timeoutMs: 1000,
      }),
    startWithinMs: 10_000,
    pollMs: 50,
    signal: 'SIGKILL',
  });
  await redis.start();
  return {
    url: `redis://${password ? `:${encodeURIComponent(password)}@` : ''}127.0.0.1:${port}`,
    port,
    start: redis.start,
    kill: redis.stop,
    destroy: redis.destroy,
  };
}
