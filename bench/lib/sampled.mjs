// Memory of the browser, the server (and s3rver) while a step of a benchmark runs.
import { toMiB } from './args.mjs';
import { chromiumService, startSampling, treeMemory } from './processes.mjs';

export const memory = (sample) => ({ rssMiB: toMiB(sample.rss), pssMiB: toMiB(sample.pss) });
export const byRole = (sample) =>
  Object.fromEntries(Object.entries(sample.byRole).map(([role, rss]) => [role, toMiB(rss)]));

const SETTLE_STEP_MS = 500;
const SETTLE_MAX_MS = 15_000;
const SETTLED_BYTES = 4 * 2 ** 20;

/**
 * Waits until the browser's footprint stops falling (two readings 0.5 s apart within 4 MiB PSS, at
 * most 15 s), so that the idle baseline of a phase is not taken while the previous phase's pages are
 * still being torn down (which made "idle" swing by 250 MiB between phases).
 */
async function settle(pid, roleOf) {
  let before = treeMemory(pid, roleOf).pss;
  for (let waited = 0; waited < SETTLE_MAX_MS; waited += SETTLE_STEP_MS) {
    await new Promise((resolve) => setTimeout(resolve, SETTLE_STEP_MS));
    const now = treeMemory(pid, roleOf).pss;
    if (Math.abs(now - before) < SETTLED_BYTES) return;
    before = now;
  }
}

/** Samples browser, server (and s3rver) while `work` runs; returns its result and the peaks. */
export async function sampled(chromium, app, work) {
  await settle(chromium.pid, chromium.roleOf);
  const trees = {
    browser: { pid: chromium.pid, roleOf: chromium.roleOf, cpuKindOf: chromiumService },
    server: { pid: app.serverPid },
    ...(app.s3rverPid ? { s3rver: { pid: app.s3rverPid } } : {}),
  };
  const idle = Object.fromEntries(
    Object.entries(trees).map(([name, tree]) => [name, treeMemory(tree.pid, tree.roleOf)]),
  );
  const sampler = startSampling(trees, 200);
  try {
    const result = await work();
    return { result, idle, ...sampler.stop() };
  } catch (error) {
    sampler.stop();
    throw error;
  }
}
