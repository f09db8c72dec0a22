/**
 * A redis-server of the test's own on a free loopback port, without persistence, so a test can kill
 * it and start it again on the same port without touching the Redis other suites use.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { freePort } from './server-process';

export const REDIS_SERVER = '/usr/bin/redis-server';
const REQUIRE_REDIS =
  ['1', 'true'].includes(process.env.REQUIRE_REDIS ?? '') || process.env.CI === 'true';
/** Redis suites skip on a machine without redis-server, except in CI, where they must run. */
export const skipRedisSuites = !existsSync(REDIS_SERVER) && !REQUIRE_REDIS;

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
  let child: ChildProcess | null = null;
  const start = async () => {
    const args = [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
    ];
    if (password) args.push('--requirepass', password);
    const started = spawn(REDIS_SERVER, args, { stdio: 'ignore' });
    child = started;
    await waitUntilAccepting(port, started, password);
  };
  const kill = async () => {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };
  // A test run that dies before its afterAll must not leave a redis-server behind.
  const onExit = () => child?.kill('SIGKILL');
  process.once('exit', onExit);
  await start();
  return {
    url: `redis://${password ? `:${encodeURIComponent(password)}@` : ''}127.0.0.1:${port}`,
    port,
    start,
    kill,
    destroy: async () => {
      process.off('exit', onExit);
      await kill();
    },
  };
}

/** Answers PING with +PONG (after AUTH, if it needs one): loaded and serving. */
async function waitUntilAccepting(port: number, child: ChildProcess, password?: string) {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode}`);
    if (await pings(port, password)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill('SIGKILL');
  throw new Error('redis-server did not start');
}

function pings(port: number, password?: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    let answer = '';
    const finish = (result: boolean) => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(1000);
    socket.once('connect', () => socket.write(`${password ? `AUTH ${password}\r\n` : ''}PING\r\n`));
    socket.on('data', (data) => {
      answer += String(data);
      if (answer.includes('+PONG')) finish(true);
      else if (answer.includes('-')) finish(false);
    });
    socket.once('error', () => finish(false));
    socket.once('timeout', () => finish(false));
  });
}
