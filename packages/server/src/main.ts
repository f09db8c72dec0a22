/** Starts Sealdrop: reads config, opens database and storage, serves HTTP, sweeps expired files. */
import { createServer } from './app';
import { ConfigError, loadConfig } from './config/config';
import { createAppContext } from './context';
import { metricsFor } from './modules/metrics/metrics.registry';
import { startSweeper } from './modules/sweeper/sweeper.schedule';
import { listeningText } from './shared/logger';
import { shutDownOnSignals } from './shared/shutdown';
import { buildVersion } from './shared/version';
import { openDatabase, openStorage, serverSecret } from './wiring';

async function main() {
  const config = loadConfig();
  const db = await openDatabase(config);
  const secret = await serverSecret(config, db);
  const storage = await openStorage(config, secret);
  const metrics = await metricsFor(config);
  const app = await createServer({ config, db, storage, secret, metrics });
  app.log.info(
    buildVersion,
    `Sealdrop ${buildVersion.version} (commit ${buildVersion.commit}) starting`,
  );

  const ctx = createAppContext({ config, db, storage, secret, metrics });
  const sweeper = startSweeper({
    ctx,
    intervalSeconds: config.SWEEP_INTERVAL_SECONDS,
    log: app.log,
  });
  shutDownOnSignals({
    app,
    graceSeconds: config.SHUTDOWN_GRACE_SECONDS,
    stopWork: sweeper.stop,
    closePools: () => db.destroy(),
  });

  await app.listen({ port: config.PORT, host: config.HOST, listenTextResolver: listeningText });
  void sweeper.sweep();
}

main().catch((error) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    // Which build failed (a migration that cannot run, say) is the first thing to ask.
    console.error(
      `Sealdrop ${buildVersion.version} (commit ${buildVersion.commit}) failed to start:`,
    );
    console.error(error);
  }
  process.exit(1);
});
