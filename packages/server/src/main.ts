/** Starts Sealdrop: reads config, opens database and storage, serves HTTP, sweeps expired files. */
import { createServer } from './app';
import { ConfigError, loadConfig } from './config/config';
import { createOidcStatesRepository } from './modules/oidc/oidc.repository';
import { sweepExpired } from './modules/sweeper/sweeper';
import { ORPHAN_SWEEP_INTERVAL_MS, sweepOrphans } from './modules/sweeper/sweeper.orphans';
import { createAppContext } from './shared/context';
import { openDatabase, openStorage, serverSecret } from './wiring';

async function main() {
  const config = loadConfig();
  const db = await openDatabase(config);
  const secret = await serverSecret(config, db);
  const storage = await openStorage(config, secret);
  const app = await createServer({ config, db, storage, secret });

  const ctx = createAppContext({ config, db, storage, secret });
  let orphansSweptAt = 0;
  const sweepOrphansHourly = async () => {
    if (Date.now() - orphansSweptAt < ORPHAN_SWEEP_INTERVAL_MS) return;
    orphansSweptAt = Date.now();
    const { orphans } = await sweepOrphans({
      files: ctx.files,
      storage,
      now: new Date(),
      onError: (err, key) => app.log.warn({ err, key }, 'orphan sweep failed for an object'),
    });
    if (orphans) app.log.info({ orphans }, 'deleted stored objects that no file owns');
  };
  const sweep = async () => {
    try {
      const result = await sweepExpired({
        files: ctx.files,
        shortLinks: ctx.shortLinks,
        storage,
        oidcStates: createOidcStatesRepository({ db }),
        onError: (err, fileId) => app.log.warn({ err, fileId }, 'sweep failed for a file'),
      });
      if (result.files || result.reservations)
        app.log.info({ sweep: result }, 'swept expired files');
      await sweepOrphansHourly();
    } catch (err) {
      app.log.warn({ err }, 'sweep failed');
    }
  };
  const timer = config.SWEEP_INTERVAL_SECONDS
    ? setInterval(sweep, config.SWEEP_INTERVAL_SECONDS * 1000).unref()
    : undefined;

  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    clearInterval(timer);
    await app.close();
    await db.destroy();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);

  await app.listen({ port: config.PORT, host: config.HOST });
  void sweep();
}

main().catch((error) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
