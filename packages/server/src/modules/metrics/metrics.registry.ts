/**
 * What an operator can see inside one process, as Prometheus metrics (docs/deploy.md "Metrics"). Each
 * server gets its own registry, never prom-client's global one: tests build many servers in one
 * process, and two registries must not fight over the same metric names. With metrics off,
 * every counter is a no-op and prom-client is not even loaded (≈ 8 MiB of memory saved).
 */
import { REMOVAL_REASONS, REPORT_REASONS } from '@sealdrop/core/moderation';
import type { Config } from '../../config/config';

/** Where an operation went wrong badly enough to count: a dependency, not the client. */
export type Dependency = 'database' | 'storage';

type Labels = Record<string, string | number>;

export interface CounterLike {
  inc: (labels: Labels, value?: number) => void;
}

export interface HistogramLike {
  observe: (labels: Labels, value: number) => void;
}

export interface Metrics {
  /** The Prometheus text of every metric; null when metrics are off. */
  registry: { metrics: () => Promise<string>; contentType: string } | null;
  /** labels: method, route, status. */
  httpRequests: CounterLike;
  httpDuration: HistogramLike;
  /** labels: outcome (presigned, finalized, aborted, failed). */
  uploads: CounterLike;
  bytesFinalized: CounterLike;
  filesSwept: CounterLike;
  /** labels: kind (upload, download). */
  rewardsCredited: CounterLike;
  rewardTokensCredited: CounterLike;
  /** labels: route. */
  rateLimited: CounterLike;
  /** Rate-limit checks served without a count because Redis did not answer (fail open). */
  rateLimitChecksSkipped: CounterLike;
  /** labels: dependency (database, storage). */
  dependencyErrors: CounterLike;
  /** labels: reason (malware, illegal, copyright, spam, other). */
  reports: CounterLike;
  /** labels: reason (terms, malware). */
  filesRemoved: CounterLike;
  /** labels: kind (address, account). */
  blocks: CounterLike;
  /** Presigns refused because a moderator blocked the address. */
  blockedUploads: CounterLike;
  /** labels: quota (daily_bytes, daily_uploads, storage). */
  quotaRefusals: CounterLike;
  /** Presigns admitted without a quota check because Redis did not answer (fail open). */
  quotaChecksSkipped: CounterLike;
  /** labels: result (clean, infected, error, too_large). */
  malwareScans: CounterLike;
  /** Times the malware scanner became unreachable (one per outage, not per file). */
  malwareScannerOutages: CounterLike;
}

export function metricsEnabled(config: Pick<Config, 'METRICS_TOKEN' | 'METRICS_PORT'>): boolean {
  return Boolean(config.METRICS_TOKEN || config.METRICS_PORT);
}

/** Counters that count nothing: what a server without METRICS_TOKEN or METRICS_PORT uses. */
export function noMetrics(): Metrics {
  const counter: CounterLike = { inc: () => {} };
  return {
    registry: null,
    httpRequests: counter,
    httpDuration: { observe: () => {} },
    uploads: counter,
    bytesFinalized: counter,
    filesSwept: counter,
    rewardsCredited: counter,
    rewardTokensCredited: counter,
    rateLimited: counter,
    rateLimitChecksSkipped: counter,
    dependencyErrors: counter,
    reports: counter,
    filesRemoved: counter,
    blocks: counter,
    blockedUploads: counter,
    quotaRefusals: counter,
    quotaChecksSkipped: counter,
    malwareScans: counter,
    malwareScannerOutages: counter,
  };
}

/** The metrics this configuration asks for: real ones when served, no-ops otherwise. */
export async function metricsFor(
  config: Pick<Config, 'METRICS_TOKEN' | 'METRICS_PORT'>,
): Promise<Metrics> {
  return metricsEnabled(config) ? createMetrics() : noMetrics();
}

/** Upload requests span seconds to many minutes; API calls milliseconds. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300];

/** A registry of this server's own, with the process metrics (event-loop lag, memory, CPU…). */
export async function createMetrics(): Promise<Metrics> {
  const { collectDefaultMetrics, Counter, Histogram, Registry } = await import('prom-client');
  const registry = new Registry();
  const registers = [registry];
  const counter = (name: string, help: string, labelNames: string[] = []) =>
    new Counter({ name, help, labelNames, registers });
  const metrics: Metrics = {
    registry,
    httpRequests: counter(
      'sealdrop_http_requests_total',
      'HTTP requests answered, by method, route pattern and status code.',
      ['method', 'route', 'status'],
    ),
    httpDuration: new Histogram({
      name: 'sealdrop_http_request_duration_seconds',
      help: 'Time from request to response, by method, route pattern and status code.',
      labelNames: ['method', 'route', 'status'],
      buckets: DURATION_BUCKETS,
      registers,
    }),
    uploads: counter(
      'sealdrop_uploads_total',
      'Uploads by outcome: presigned, finalized, aborted, or failed (finalize refused).',
      ['outcome'],
    ),
    bytesFinalized: counter(
      'sealdrop_upload_bytes_finalized_total',
      'Bytes stored by finalized uploads.',
    ),
    filesSwept: counter(
      'sealdrop_files_swept_total',
      'Expired or abandoned files the sweeper deleted.',
    ),
    rewardsCredited: counter(
      'sealdrop_rewards_credited_total',
      'Rewards credited to accounts, by kind (upload, download).',
      ['kind'],
    ),
    rewardTokensCredited: counter(
      'sealdrop_reward_tokens_credited_total',
      'Tokens credited as rewards, by kind (upload, download).',
      ['kind'],
    ),
    rateLimited: counter(
      'sealdrop_rate_limited_total',
      'Requests refused with 429 (rate limits, the login lockout, daily quotas), by route pattern.',
      ['route'],
    ),
    rateLimitChecksSkipped: counter(
      'sealdrop_rate_limit_checks_skipped_total',
      'Requests served without a rate-limit count because Redis did not answer (fail open).',
    ),
    dependencyErrors: counter(
      'sealdrop_dependency_errors_total',
      'Failed database or storage operations (requests and readiness checks).',
      ['dependency'],
    ),
    reports: counter('sealdrop_reports_total', 'Abuse reports filed, by reason.', ['reason']),
    filesRemoved: counter(
      'sealdrop_files_removed_total',
      'Files taken down, by reason: terms (a moderator) or malware (the scanner).',
      ['reason'],
    ),
    blocks: counter(
      'sealdrop_blocks_total',
      'Moderator blocks, by kind: address (uploads barred) or account (suspended).',
      ['kind'],
    ),
    blockedUploads: counter(
      'sealdrop_blocked_uploads_total',
      'Presigns refused (403) because a moderator blocked the address.',
    ),
    quotaRefusals: counter(
      'sealdrop_quota_refusals_total',
      'Presigns refused by a quota: daily_bytes or daily_uploads (429), storage (507).',
      ['quota'],
    ),
    quotaChecksSkipped: counter(
      'sealdrop_quota_checks_skipped_total',
      'Presigns admitted without a quota check because Redis did not answer (fail open).',
    ),
    malwareScans: counter(
      'sealdrop_malware_scans_total',
      'Plain files checked by clamd, by result: clean, infected, error (clamd unreachable or refusing the file; CLAMAV_FAIL decides), too_large (above CLAMAV_MAX_BYTES, not sent).',
      ['result'],
    ),
    malwareScannerOutages: counter(
      'sealdrop_malware_scanner_outages_total',
      'Times clamd became unreachable (counted once per outage).',
    ),
  };
  collectDefaultMetrics({ register: registry });
  // Series exist from the start at 0, so rate() and alerts see them before the first event.
  for (const outcome of ['presigned', 'finalized', 'aborted', 'failed'])
    metrics.uploads.inc({ outcome }, 0);
  for (const kind of ['upload', 'download']) {
    metrics.rewardsCredited.inc({ kind }, 0);
    metrics.rewardTokensCredited.inc({ kind }, 0);
  }
  for (const dependency of ['database', 'storage']) metrics.dependencyErrors.inc({ dependency }, 0);
  for (const reason of REPORT_REASONS) metrics.reports.inc({ reason }, 0);
  for (const reason of REMOVAL_REASONS) metrics.filesRemoved.inc({ reason }, 0);
  for (const kind of ['address', 'account']) metrics.blocks.inc({ kind }, 0);
  for (const quota of ['daily_bytes', 'daily_uploads', 'storage'])
    metrics.quotaRefusals.inc({ quota }, 0);
  for (const result of ['clean', 'infected', 'error', 'too_large'])
    metrics.malwareScans.inc({ result }, 0);
  return metrics;
}
