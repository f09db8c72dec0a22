/**
 * What the tests' own daemons (redis-server, clamd) share: whether their suites must run here,
 * waiting until one answers on its port, and a process that can be stopped and started again.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { connect } from 'node:net';

/** Suites needing the program must run, not skip, in CI or with REQUIRE_<NAME>=1 (or true). */
export function requiredHere(variable: string): boolean {
  return ['1', 'true'].includes(process.env[variable] ?? '') || process.env.CI === 'true';
}

/**
 * Whether 127.0.0.1:`port` answers `request` with text containing `expected` within `timeoutMs`;
 * an answer containing `refusal` first (a Redis error) is a no.
 */
export function answersOnPort(
  port: number,
  check: { request: string; expected: string; refusal?: string; timeoutMs: number },
): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    let answer = '';
    const finish = (result: boolean) => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(check.timeoutMs);
    socket.once('connect', () => socket.write(check.request));
    socket.on('data', (data) => {
      answer += String(data);
      if (answer.includes(check.expected)) finish(true);
      else if (check.refusal && answer.includes(check.refusal)) finish(false);
    });
    socket.once('end', () => finish(false));
    socket.once('error', () => finish(false));
    socket.once('timeout', () => finish(false));
  });
}

export interface DaemonProcess {
  /** Spawns it and resolves once `ready` says so. */
  start: () => Promise<void>;
  /** Ends it with `signal` (SIGKILL after `forceAfterMs`, if given); resolves once it exited. */
  stop: () => Promise<void>;
  /** Stops it and forgets the exit hook. */
  destroy: () => Promise<void>;
}

export function daemonProcess(daemon: {
  name: string;
  command: string;
  args: string[];
  ready: () => Promise<boolean>;
  startWithinMs: number;
  pollMs: number;
  signal: NodeJS.Signals;
  forceAfterMs?: number;
}): DaemonProcess {
  let child: ChildProcess | null = null;
  const start = async () => {
    const started = spawn(daemon.command, daemon.args, { stdio: 'ignore' });
    child = started;
    const deadline = Date.now() + daemon.startWithinMs;
    while (Date.now() < deadline) {
      if (started.exitCode !== null)
        throw new Error(`${daemon.name} exited with ${started.exitCode}`);
      if (await daemon.ready()) return;
      await new Promise((resolve) => setTimeout(resolve, daemon.pollMs));
    }
    started.kill('SIGKILL');
    throw new Error(`${daemon.name} did not start within ${daemon.startWithinMs / 1000} s`);
  };
  const stop = async () => {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill(daemon.signal);
    const forced =
      daemon.forceAfterMs === undefined
        ? undefined
        : setTimeout(() => running.kill('SIGKILL'), daemon.forceAfterMs);
    await exited;
    clearTimeout(forced);
  };
  // A test run that dies before its afterAll must not leave the daemon behind.
  const onExit = () => child?.kill('SIGKILL');
  process.once('exit', onExit);
  return {
    start,
    stop,
    destroy: async () => {
      process.off('exit', onExit);
      await stop();
    },
  };
}
