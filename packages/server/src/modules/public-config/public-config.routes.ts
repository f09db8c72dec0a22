import { MAX_UPLOAD_BYTES, UPLOAD_CONCURRENCY } from '@sealdrop/core/limits';
import { REPORT_REASONS } from '@sealdrop/core/moderation';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { ok } from '../../shared/envelope';
import { documented } from '../../shared/route-doc';
import { oidcSettings } from '../oidc/oidc.client';

/** Limits and features the web app shows; nothing secret. */
export function publicConfigRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.get(
      '/config',
      documented({ tag: 'config', summary: 'Public limits, tiers, token and features' }),
      async () =>
        ok({
          maxUploadBytes: MAX_UPLOAD_BYTES,
          concurrency: UPLOAD_CONCURRENCY,
          retentionHours: ctx.config.RETENTION_HOURS,
          premiumRetentionDays: ctx.config.PREMIUM_RETENTION_DAYS,
          partSize: ctx.config.UPLOAD_PART_SIZE,
          storage: ctx.storage.name,
          // Linking a wallet works without a token; balances, tiers and rewards need one.
          features: { oidc: oidcSettings(ctx.config) !== null, wallet: true },
          oidcName: ctx.config.OIDC_NAME,
          tokenConfigured: ctx.wallet.token !== null,
          tokenSymbol: ctx.config.TOKEN_SYMBOL,
          // The explorer the operator chose (a template with {mint}); the wallet menu links the
          // linked address on the same explorer and network instead of a fixed one.
          tokenExplorerUrl: ctx.config.TOKEN_EXPLORER_URL,
          premiumMinBalance: ctx.config.PREMIUM_MIN_BALANCE,
          // The /terms page, the report dialog and block messages name these; null when unset.
          abuseEmail: ctx.config.ABUSE_EMAIL ?? null,
          operatorName: ctx.config.OPERATOR_NAME ?? null,
          reportReasons: REPORT_REASONS,
        }),
    );
  };
}
