/**
 * The sweeper as a server process runs it: a pass every SWEEP_INTERVAL_SECONDS (expired files and
 * reservations, unverified accounts left inactive for 7 days), orphaned objects at most hourly. `stop` lets a shutting-down process finish the
 * pass under way before its database pool closes, and starts no other.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { deleteInactiveUnverifiedAccounts } from '../auth/auth.unverified-sweep';
import { sweepModeration } from '../moderation/moderation.sweep';
import { createOidcStatesRepository } from '../oidc/oidc.repository';
import { sweepExpired } from './sweeper';
import { ORPHAN_SWEEP_INTERVAL_MS, sweepOrphans } from './sweeper.orphans';

export interface Sweeper {
  /** One pass now (also what the timer runs); never throws. */
  sweep: () => Promise<void>;
  /** No further passes; resolves when the one under way, if any, has ended. */
  stop: () => Promise<void>;
}

export function startSweeper(input: {
  ctx: AppContext;
  intervalSeconds: number;
  log: FastifyBaseLogger;
}): Sweeper {
  const { ctx, log } = input;
  const oidcStates = createOidcStatesRepository({ db: ctx.db });
  let orphansSweptAt = 0;
  let running: Promise<void> | null = null;
  let stopped = false;

  const sweepOrphansHourly = async () => {
    if (Date.now() - orphansSweptAt < ORPHAN_SWEEP_INTERVAL_MS) return;
    orphansSweptAt = Date.now();
    const { orphans } = await sweepOrphans({
      files: ctx.files,
      storage: ctx.storage,
      now: ctx.now(),
      onError: (err, key) => log.warn({ err, key }, 'orphan sweep failed for an object'),
    });
    if (orphans) log.info({ orphans }, 'deleted stored objects that no file owns');
  };
  const pass = async () => {
    try {
      const result = await sweepExpired({
        files: ctx.files,
        shortLinks: ctx.shortLinks,
        storage: ctx.storage,
        oidcStates,
        pendingUploads: ctx.uploads.pending,
        now: ctx.now(),
        onError: (err, fileId) => log.warn({ err, fileId }, 'sweep failed for a file'),
      });
      ctx.metrics.filesSwept.inc({}, result.files);
      if (result.files || result.reservations) log.info({ sweep: result }, 'swept expired files');
      const kept = await sweepModeration({
        db: ctx.db,
        reports: ctx.moderation.reports,
        reportRetentionDays: ctx.config.REPORT_RETENTION_DAYS,
        now: ctx.now(),
      });
      if (kept.reports)
        log.info({ reports: kept.reports }, 'deleted closed reports past retention');
      const accounts = await deleteInactiveUnverifiedAccounts({
        accounts: ctx.auth.accounts,
        now: ctx.now(),
      });
      if (accounts) log.info({ accounts }, 'deleted unverified accounts inactive for 7 days');
      await sweepOrphansHourly();
    } catch (err) {
      log.warn({ err }, 'sweep failed');
    }
  };
  const sweep = async () => {
    // One pass at a time: a tick that comes while a slow pass runs is skipped.
    if (stopped || running) return running ?? undefined;
    running = pass().finally(() => {
      running = null;
    });
    return running;
  };
  const timer = input.intervalSeconds
    ? setInterval(sweep, input.intervalSeconds * 1000).unref()
    : undefined;

  return {
    sweep,
    stop: () => {
      stopped = true;
      clearInterval(timer);
      return running ?? Promise.resolve();
    },
  };
}
