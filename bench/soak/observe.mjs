// Reads each server process's /metrics (its METRICS_PORT listener) every few seconds: resident
// memory, heap used and the event loop's p99 delay over the interval (prom-client resets that
// histogram at every scrape), by process id, so a killed and restarted server counts as a new one.
import { readMetrics } from '../lib/soak-checks.mjs';

const NAMES = [
  'process_resident_memory_bytes',
  'nodejs_heap_size_used_bytes',
  'nodejs_eventloop_lag_p99_seconds',
];

export function startScraping(servers, intervalMs = 5000) {
  /** @type {{ at: number, server: string, pid: number, rss: number, heap: number, lagP99: number }[]} */
  const samples = [];
  const scrape = async () => {
    await Promise.all(
      servers.map(async (server) => {
        const pid = server.lives.at(-1)?.pid;
        try {
          const response = await fetch(`http://127.0.0.1:${server.metricsPort}/metrics`, {
            signal: AbortSignal.timeout(3000),
          });
          const values = readMetrics(await response.text(), NAMES);
          // The process may have been killed and restarted meanwhile: only this life's sample counts.
          if (server.lives.at(-1)?.pid !== pid) return;
          samples.push({
            at: Date.now(),
            server: server.name,
            pid: pid ?? 0,
            rss: values.process_resident_memory_bytes ?? 0,
            heap: values.nodejs_heap_size_used_bytes ?? 0,
            lagP99: values.nodejs_eventloop_lag_p99_seconds ?? 0,
          });
        } catch {
          // Down (killed, or restarting): nothing to read.
        }
      }),
    );
  };
  const timer = setInterval(scrape, intervalMs);
  return {
    samples,
    stop: async () => {
      clearInterval(timer);
      await scrape();
    },
  };
}
