// Memory of the browser, the server (and s3rver) while a step of a benchmark runs.
import { toMiB } from './args.mjs';
import { startSampling, treeMemory } from './processes.mjs';

export const memory = (sample) => ({ rssMiB: toMiB(sample.rss), pssMiB: toMiB(sample.pss) });
export const byRole = (sample) =>
  Object.fromEntries(Object.entries(sample.byRole).map(([role, rss]) => [role, toMiB(rss)]));

/** Samples browser, server (and s3rver) while `work` runs; returns its result and the peaks. */
export async function sampled(chromium, app, work) {
  const trees = {
    browser: { pid: chromium.pid, roleOf: chromium.roleOf },
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
