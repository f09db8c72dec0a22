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

/** The role, with a utility process's service named: `utility:network`, `utility:storage`. */
export function chromiumService(pid) {
  const role = chromiumRole(pid);
  if (role !== 'utility') return role;
  const service = /--utility-sub-type=(?:[\w]+\.mojom\.)?(\w+)/.exec(commandLine(pid))?.[1];
  return service ? `utility:${service.replace(/Service$/, '').toLowerCase()}` : role;
}

const kib = (text, field) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(text)?.[1] ?? 0) * 1024;

/** Resident and proportional memory of one process, in bytes (0 once it has ended). */
export function memoryOf(pid) {
  return {
    rss: kib(read(`/proc/${pid}/status`), 'VmRSS'),
    pss: kib(read(`/proc/${pid}/smaps_rollup`), 'Pss'),
  };
}

/** CPU time one process has used so far (user + system), in seconds; 0 once it has ended. */
export function cpuSecondsOf(pid) {
  const stat = read(`/proc/${pid}/stat`);
  // After the command's ')': state is field 3, so utime (14) and stime (15) are at 11 and 12.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  if (fields.length < 13) return 0;
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

/** USER_HZ: 100 on every Linux this runs on (getconf CLK_TCK). */
const CLOCK_TICKS = 100;

/**
 * CPU seconds a tree spends from now until stop(): each process's last reading minus its first
 * (processes born meanwhile count from zero). A process that ends loses at most one interval.
 * With `kindOf`, `byKind()` splits the total by kind of process (Chromium's roles).
 */
function cpuMeter(rootPid, kindOf) {
  const first = new Map();
  const last = new Map();
  /** Read when a process is first seen: an ended one has no command line left to read. */
  const kindOfPid = new Map();
  const take = (initial, pids = processTree(rootPid)) => {
    for (const pid of pids) {
      const seconds = cpuSecondsOf(pid);
      if (!first.has(pid)) {
        first.set(pid, initial ? seconds : 0);
        if (kindOf) kindOfPid.set(pid, kindOf(pid));
      }
      if (seconds > 0) last.set(pid, seconds);
    }
  };
  take(true);
  return {
    /** @param {number[]} pids the tree as just listed */
    sample: (pids) => take(false, pids),
    seconds: () => {
      let total = 0;
      for (const [pid, seconds] of last) total += seconds - first.get(pid);
      return Math.round(total * 100) / 100;
    },
    byKind: () => {
      /** @type {Record<string, number>} */
      const kinds = {};
      if (!kindOf) return kinds;
      for (const [pid, seconds] of last) {
        const kind = kindOfPid.get(pid);
        kinds[kind] = (kinds[kind] ?? 0) + seconds - first.get(pid);
      }
      return Object.fromEntries(
        Object.entries(kinds).map(([kind, total]) => [kind, Math.round(total * 100) / 100]),
      );
    },
  };
}

/** Sums over a tree, plus the RSS per role when `roleOf` is given. */
export function treeMemory(rootPid, roleOf, pids = processTree(rootPid)) {
  const total = { rss: 0, pss: 0, byRole: {} };
  for (const pid of pids) {
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
 * (rss and pss are the peaks of the sums; byRole holds each role's own peak) and the CPU seconds
 * each tree used meanwhile, split by kind of process where the tree has a `cpuKindOf`.
 * `trees`: name → { pid, roleOf?, cpuKindOf? }.
 */
export function startSampling(trees, intervalMs = 200) {
  const peaks = Object.fromEntries(
    Object.keys(trees).map((name) => [name, { rss: 0, pss: 0, byRole: {} }]),
  );
  const meters = Object.fromEntries(
    Object.entries(trees).map(([name, { pid, cpuKindOf }]) => [name, cpuMeter(pid, cpuKindOf)]),
  );
  let samples = 0;
  const sample = () => {
    samples += 1;
    for (const [name, { pid, roleOf }] of Object.entries(trees)) {
      // One listing of /proc per tree and sample, for memory and CPU alike.
      const pids = processTree(pid);
      maxInto(peaks[name], treeMemory(pid, roleOf, pids));
      meters[name]?.sample(pids);
    }
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      const cpuSeconds = Object.fromEntries(
        Object.entries(meters).map(([name, meter]) => [name, meter.seconds()]),
      );
      const cpuSecondsByKind = Object.fromEntries(
        Object.entries(meters).map(([name, meter]) => [name, meter.byKind()]),
      );
      return { samples, peaks, cpuSeconds, cpuSecondsByKind };
    },
  };
}
