/**
 * Vitest global setup (main process) for the projects that start the server as a child process
 * (e2e, faults, cli): bundles it when its sources changed, as `npm start` does, so that every start
 * runs plain node on the bundle instead of transpiling ~100 modules through tsx (about 2 CPU-s a
 * start here, 64 of a whole run's CPU-seconds).
 */
// @ts-expect-error: a plain .mjs script shared with `npm start`
import { buildServerIfStale } from '../../../../scripts/build-server.mjs';

export default async function setup() {
  await buildServerIfStale();
}
