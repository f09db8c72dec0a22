// Memory of process trees, read from /proc: VmRSS (resident, shared pages counted in every
// process) and Pss (shared pages split between the processes that map them), sampled on a timer.
import { readdirSync, readFileSync } from 'node:fs';

function read(path) {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return ''; // the process ended between listing and reading
  }
}

/** pid → parent pid for every process on the machine. */
function parentMap() {
  const parents = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = read(`/proc/${entry}/stat`);
    // Field 4 is the parent; the command in field 2 may hold spaces, so split after its ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields.length > 1) parents.set(Number(entry), Number(fields[1]));
  }
  return parents;
}

/** The process and all its descendants. */
export function processTree(rootPid) {
  const parents = parentMap();
  const tree = [rootPid];
  for (let i = 0; i < tree.length; i += 1) {
    for (const [pid, parent] of parents) if (parent === tree[i]) tree.push(pid);
  }
  return tree.filter((pid) => pid === rootPid || parents.has(pid));
}

/** Direct children of a process whose command line contains `needle`. */
export function childrenMatching(parentPid, needle) {
  return [...parentMap()]
    .filter(([pid, parent]) => parent === parentPid && commandLine(pid).includes(needle))
    .map(([pid]) => pid);
}

function commandLine(pid) {
  return read(`/proc/${pid}/cmdline`).split('\0').join(' ');
}

/** Chromium's role for a process: browser, renderer, gpu-process, utility, zygote… */
export function chromiumRole(pid) {
  return /--type=([\w-]+)/.exec(commandLine(pid))?.[1] ?? 'browser';
}

const kib = (text, field) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(text)?.[1] ?? 0) * 1024;

/** Resident and proportional memory of one process, in bytes (0 once it has ended). */
export function memoryOf(pid) {
  return {
    rss: kib(read(`/proc/${pid}/status`), 'VmRSS'),
    pss: kib(read(`/proc/${pid}/smaps_rollup`), 'Pss'),
  };
}

/** Sums over a tree, plus the RSS per role when `roleOf` is given. */
export function treeMemory(rootPid, roleOf) {
  const total = { rss: 0, pss: 0, byRole: {} };
  for (const pid of processTree(rootPid)) {
    const { rss, pss } = memoryOf(pid);
    total.rss += rss;
    total.pss += pss;
    if (roleOf) {
      const role = roleOf(pid);
      total.byRole[role] = (total.byRole[role] ?? 0) + rss;
    }
  }
  return total;
}

function maxInto(peak, sample) {
  peak.rss = Math.max(peak.rss, sample.rss);
  peak.pss = Math.max(peak.pss, sample.pss);
  for (const [role, rss] of Object.entries(sample.byRole)) {
    peak.byRole[role] = Math.max(peak.byRole[role] ?? 0, rss);
  }
}

/**
 * Samples each named tree every `intervalMs` until stop(), which returns the peak of each
 * (rss and pss are the peaks of the sums; byRole holds each role's own peak).
 * `trees`: name → { pid, roleOf? }.
 */
export function startSampling(trees, intervalMs = 200) {
  const peaks = Object.fromEntries(
    Object.keys(trees).map((name) => [name, { rss: 0, pss: 0, byRole: {} }]),
  );
  let samples = 0;
  const sample = () => {
    samples += 1;
    for (const [name, { pid, roleOf }] of Object.entries(trees)) {
      maxInto(peaks[name], treeMemory(pid, roleOf));
    }
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return { samples, peaks };
    },
  };
}
