// The only file that listens: read config, open the store, build the app, listen, shut down
// gracefully on SIGTERM/SIGINT. A bad configuration stops start-up with a clear message (exit 1).
import { ConfigError, LIMITS, loadConfig, type Config } from './config.js';
import { openStore } from './store/index.js';

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`docconv: configuration error: ${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }

  // The app's modules load while the store opens (PGlite's first start initialises its database).
  const [store, { buildApp }, { createModelGateway }] = await Promise.all([
    openStore({ dataDir: config.dataDir, databaseUrl: config.databaseUrl }).catch((err: Error) => {
      process.stderr.write(`docconv: cannot open the store (${config.databaseUrl ? 'DATABASE_URL' : config.dataDir}): ${err.message}\n`);
      process.exit(1);
    }),
    import('./app.js'),
    import('./models/gateway.js'),
  ]);
  const app = await buildApp({ config, store, models: createModelGateway(config) });
  await app.listen({ port: config.port, host: config.host });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown grace period over; exiting');
      process.exit(1);
    }, LIMITS.shutdownGraceMs);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (err) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

main().catch((err) => {
  process.stderr.write(`docconv: start-up failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
