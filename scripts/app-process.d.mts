/** Types of app-process.mjs, for the TypeScript that imports it (server tests, e2e). */
import type { ChildProcess } from 'node:child_process';

export declare const REPO_ROOT: string;

export declare const QUOTAS_OFF: Readonly<Record<string, string>>;

export declare function npmStartArgs(): string[];

export declare function freePort(): Promise<number>;

/** A child process with every chunk it printed kept, for assertions and failure messages. */
export interface RunningProcess {
  child: ChildProcess;
  logs: string[];
  exited: Promise<number | null>;
}

export declare function runNode(
  args: readonly string[],
  env?: Record<string, string>,
  logs?: string[],
): RunningProcess;

export declare function waitUntilReady(
  running: RunningProcess,
  ready: () => boolean | Promise<boolean>,
  options?: { name?: string; timeoutMs?: number },
): Promise<void>;

export declare function answersHealth(
  origin: string,
  options?: { okOnly?: boolean },
): Promise<boolean>;

export declare function stopChild(child: ChildProcess, signal?: NodeJS.Signals): Promise<void>;
