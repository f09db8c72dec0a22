/**
 * createServer(deps): the HTTP app, with every dependency passed in so tests can build it on any
 * database and storage driver. main.ts wires the real ones.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import rateLimitPlugin from '@fastify/rate-limit';
import Fastify, { type FastifyRequest, type FastifyServerOptions } from 'fastify';
import helmet from 'helmet';
import type { Config } from './config/config';
import { fastifyTrustProxy } from './config/trust-proxy';
import { createAppContext } from './context';
import type { Database } from './database/schema';
import { registerApiDocs } from './modules/api-docs/api-docs.plugin';
import { authEmailRoutes } from './modules/auth/auth.email.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { feedbackRoutes } from './modules/feedback/feedback.routes';
import { filesRoutes } from './modules/files/files.routes';
import { healthRoutes } from './modules/health/health.routes';
import { createMailer } from './modules/mail/mail.mailer';
import { installMetrics } from './modules/metrics/metrics.plugin';
import { type Metrics, metricsFor } from './modules/metrics/metrics.registry';
import { adminRoutes } from './modules/moderation/admin.routes';
import { fileRemoved } from './modules/moderation/moderation.errors';
import { removalOf } from './modules/moderation/moderation.removal';
import { reportsRoutes } from './modules/moderation/reports.routes';
import { oidcRoutes } from './modules/oidc/oidc.routes';
import { publicConfigRoutes } from './modules/public-config/public-config.routes';
import { openQuotaStore } from './modules/quotas/quotas.open';
import { shortLinksRoutes } from './modules/short-links/short-links.routes';
import type { LocalStorageDriver } from './modules/storage/local.driver';
import { localStorageRoutes } from './modules/storage/local.routes';
import type { StorageDriver } from './modules/storage/storage.types';
import { uploadsRoutes } from './modules/uploads/uploads.routes';
import { admitUploadWrite } from './modules/uploads/uploads.usecases';
import { walletRoutes } from './modules/wallet/wallet.routes';
import { registerWeb, sendAppPage } from './modules/web/web.plugin';
import { errorHandler } from './shared/error-handler';
import { createError } from './shared/errors';
import { withLogRedaction } from './shared/log-redaction';
import { loggerOptions } from './shared/logger';
import { routeNotFound } from './shared/not-found';
import { openRateLimitStore } from './shared/rate-limit-store';
import { applyRequestTimeouts } from './shared/request-timeouts';
import { refuseRequestsWhileClosing } from './shared/shutdown';

const SCAN_RECHECK_MS = 30_000;

export interface ServerDeps {
  config: Config;
  db: Database;
  storage: StorageDriver;
  /** Signs session tokens; main.ts passes SECRET or the one generated into DATA_DIR. */
  secret: string;
  now?: () => Date;
  logger?: FastifyServerOptions['logger'];
  /** Shared with main.ts's sweeper; default: this server's own (no-ops when metrics are off). */
  metrics?: Metrics;
}

export async function createServer(deps: ServerDeps) {
  const { config } = deps;
  const app = Fastify({
    logger: withLogRedaction(deps.logger ?? (await loggerOptions(config))),
    trustProxy: fastifyTrustProxy(config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    // Signed URLs carry long query strings; ids never need more.
    routerOptions: { maxParamLength: 600 },
    frameworkErrors: errorHandler,
    return503OnClosing: false,
  });
  const metrics = deps.metrics ?? (await metricsFor(config));
  // Daily quotas: in Redis when REDIS_URL is set (shared by every process), else in the database.
  const quotaStore = await openQuotaStore({
    config,
    db: deps.db,
    log: app.log,
    onSkippedCheck: () => metrics.quotaChecksSkipped.inc({}),
  });
  app.addHook('onClose', quotaStore.close);
  const ctx = createAppContext({
    config,
    db: deps.db,
    storage: deps.storage,
    secret: deps.secret,
    now: deps.now,
    mailer: createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, log: app.log }),
    metrics,
    quotaStore,
    log: app.log,
  });
  // Waiting scans nobody holds (a process that died mid-scan, retries) are taken up at start,
  // then every 30 s where background passes run (SWEEP_INTERVAL_SECONDS > 0).
  const scanner = ctx.malware;
  if (scanner) {
    app.addHook('onReady', async () => {
      void scanner.resumeDue();
      if (config.SWEEP_INTERVAL_SECONDS > 0) scanner.startRechecks(SCAN_RECHECK_MS);
    });
    app.addHook('onClose', () => scanner.stop());
  }

  applyRequestTimeouts(app, {
    bodyIdleSeconds: config.REQUEST_BODY_IDLE_SECONDS,
    keepAliveSeconds: config.KEEP_ALIVE_TIMEOUT_SECONDS,
  });
  app.setErrorHandler(errorHandler);
  // Route schemas describe the API (shared/route-doc.ts); handlers validate with parseInput.
  app.setValidatorCompiler(() => (value) => ({ value }));
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  await registerApiDocs(app);
  await installMetrics(app, { config, metrics: ctx.metrics });
  refuseRequestsWhileClosing(app);
  // Helmet's headers, its middleware built once: @fastify/helmet rebuilt every one of helmet's
  // middlewares, CSP parsing included, on each request (about a tenth of a presign's CPU).
  // Helmet 8 throws a bad option when built, never passes an error on.
  const securityHeaders = helmet({ contentSecurityPolicy: { directives: cspDirectives(config) } });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, () => done());
  });
  // In Redis when REDIS_URL is set (shared by every process), else in memory; see rate-limit-store.ts.
  const rateLimitStore = await openRateLimitStore({
    config,
    log: app.log,
    addressHash: ctx.addressHash,
  });
  app.addHook('onClose', rateLimitStore.close);
  rateLimitStore.health.onSkippedCheck(() => ctx.metrics.rateLimitChecksSkipped.inc({}));
  await app.register(rateLimitPlugin, {
    global: false,
    ...rateLimitStore.pluginOptions,
    errorResponseBuilder: () =>
      createError({
        code: 'rate_limited',
        status: 429,
        message: 'Too many requests, please slow down',
      }),
  });

  await app.register(
    async (api) => {
      await api.register(healthRoutes(ctx));
      await api.register(authRoutes(ctx));
      await api.register(authEmailRoutes(ctx));
      await api.register(oidcRoutes(ctx));
      await api.register(publicConfigRoutes(ctx));
      await api.register(uploadsRoutes(ctx));
      await api.register(filesRoutes(ctx));
      await api.register(shortLinksRoutes(ctx));
      await api.register(feedbackRoutes(ctx));
      await api.register(walletRoutes(ctx));
      await api.register(reportsRoutes(ctx));
      await api.register(adminRoutes(ctx), { prefix: '/admin' });
      if (isLocalDriver(deps.storage)) {
        await api.register(localStorageRoutes, {
          prefix: '/storage',
          driver: deps.storage,
          isWritable: (objectKey) =>
            admitUploadWrite({ pending: ctx.uploads.pending, objectKey, now: ctx.now() }),
          whyMissing: async (objectKey) => {
            const reason = await removalOf(ctx.files, objectKey);
            return reason ? fileRemoved(reason) : null;
          },
        });
      }
    },
    { prefix: '/api' },
  );

  const webDist = config.WEB_DIST ?? join(import.meta.dirname, '../../web/dist');
  const serveWeb = config.SERVE_WEB && existsSync(join(webDist, 'index.html'));
  const sendPage = serveWeb ? await registerWeb(app, webDist) : sendAppPage;
  const answersNotFound = (request: FastifyRequest) =>
    request.url.startsWith('/api/') || !serveWeb || !['GET', 'HEAD'].includes(request.method);
  // Before the body is read, as the admin routes refuse non-admins (admin.guard.ts): a missing
  // route that parsed bodies would answer 400, 413 or 415 where an admin route answers 404.
  app.addHook('onRequest', async (request) => {
    if (request.is404 && answersNotFound(request)) throw routeNotFound(request.method, request.url);
  });
  app.setNotFoundHandler((request, reply) => {
    if (answersNotFound(request)) {
      const { statusCode, message } = routeNotFound(request.method, request.url);
      return reply.code(statusCode).send({ status: 'error', message });
    }
    return sendPage(reply, request.url);
  });

  return app;
}

function isLocalDriver(driver: StorageDriver): driver is LocalStorageDriver {
  return driver.name === 'local';
}

/** Pages talk to their own origin only; S3 uploads add the storage endpoint for direct PUTs. */
function cspDirectives(config: Config) {
  const connect = ["'self'"];
  if (config.STORAGE === 's3' && config.S3_ENDPOINT)
    connect.push(new URL(config.S3_ENDPOINT).origin);
  if (config.STORAGE === 's3' && !config.S3_ENDPOINT) connect.push('https://*.amazonaws.com');
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'"],
    connectSrc: connect,
    workerSrc: ["'self'"],
    frameSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    upgradeInsecureRequests: null,
  };
}
