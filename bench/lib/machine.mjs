// What the figures were measured on, recorded with every result.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';

function chromiumVersion() {
  try {
    const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
    return execFileSync(path, ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return 'not found';
  }
}

function distribution() {
  try {
    return /PRETTY_NAME="([^"]+)"/.exec(readFileSync('/etc/os-release', 'utf8'))?.[1] ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

export function describeMachine() {
  const cpus = os.cpus();
  return {
    cpuModel: cpus[0]?.model ?? 'unknown',
    cpuCount: cpus.length,
    memoryGiB: +(os.totalmem() / 1024 ** 3).toFixed(1),
    os: `${distribution()}, Linux ${os.release()} ${os.arch()}`,
    node: process.version,
    chromium: chromiumVersion(),
    loadAverage: os.loadavg().map((value) => +value.toFixed(2)),
  };
}
