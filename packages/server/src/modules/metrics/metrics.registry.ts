/**
 * What an operator can see inside one process (issue 18 item 4), as Prometheus metrics. Each
 * server gets its own registry, never prom-client's global one: tests build many servers in one
 * process, and two registries must not fight over the same metric names.
 */
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/** Where an operation went wrong badly enough to count: a dependency, not the client. */
export type Dependency = 'database' | 'storage';

export interface Metrics {
  registry: Registry;
  httpRequests: Counter<'method' | 'route' | 'status'>;
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  uploads: Counter<'outcome'>;
  bytesFinalized: Counter;
  filesSwept: Counter;
  rewardsCredited: Counter<'kind'>;
  rewardTokensCredited: Counter<'kind'>;
  rateLimited: Counter<'route'>;
  dependencyErrors: Counter<'dependency'>;
  /** Adds process metrics (event-loop lag, memory, CPU); only when metrics are served. */
  collectProcessMetrics: () => void;
}

/** Upload requests span seconds to many minutes; API calls milliseconds. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300];

export function createMetrics(): Metrics {
  const registry = new Registry();
  const registers = [registry];
  let collecting = false;
  const metrics: Metrics = {
    registry,
    httpRequests: new Counter({
      name: 'sealdrop_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status code.',
      labelNames: ['method', 'route', 'status'],
      registers,
    }),
    httpDuration: new Histogram({
      name: 'sealdrop_http_request_duration_seconds',
      help: 'Time from request to response, by method, route pattern and status code.',
      labelNames: ['method', 'route', 'status'],
      buckets: DURATION_BUCKETS,
      registers,
    }),
    uploads: new Counter({
      name: 'sealdrop_uploads_total',
      help: 'Uploads by outcome: presigned, finalized, aborted, or failed (finalize refused).',
      labelNames: ['outcome'],
      registers,
    }),
    bytesFinalized: new Counter({
      name: 'sealdrop_upload_bytes_finalized_total',
      help: 'Bytes of the files whose upload was finalized.',
      registers,
    }),
    filesSwept: new Counter({
      name: 'sealdrop_files_swept_total',
      help: 'Expired or abandoned files the sweeper deleted.',
      registers,
    }),
    rewardsCredited: new Counter({
      name: 'sealdrop_rewards_credited_total',
      help: 'Rewards credited to accounts, by kind (upload, download).',
      labelNames: ['kind'],
      registers,
    }),
    rewardTokensCredited: new Counter({
      name: 'sealdrop_reward_tokens_credited_total',
      help: 'Tokens credited as rewards, by kind (upload, download).',
      labelNames: ['kind'],
      registers,
    }),
    rateLimited: new Counter({
      name: 'sealdrop_rate_limited_total',
      help: 'Requests refused with 429 (rate limits and the login lockout), by route pattern.',
      labelNames: ['route'],
      registers,
    }),
    dependencyErrors: new Counter({
      name: 'sealdrop_dependency_errors_total',
      help: 'Failed database or storage operations (requests and readiness checks).',
      labelNames: ['dependency'],
      registers,
    }),
    collectProcessMetrics: () => {
      if (collecting) return;
      collecting = true;
      collectDefaultMetrics({ register: registry });
    },
  };
  // Series exist from the start at 0, so rate() and alerts see them before the first event.
  for (const outcome of ['presigned', 'finalized', 'aborted', 'failed'])
    metrics.uploads.inc({ outcome }, 0);
  for (const kind of ['upload', 'download']) {
    metrics.rewardsCredited.inc({ kind }, 0);
    metrics.rewardTokensCredited.inc({ kind }, 0);
  }
  for (const dependency of ['database', 'storage']) metrics.dependencyErrors.inc({ dependency }, 0);
  return metrics;
}
