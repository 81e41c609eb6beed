// The only file that listens: read config, open the store, build the app, listen, shut down
// gracefully on SIGTERM/SIGINT. A bad configuration stops start-up with a clear message (exit 1).
import { keepWasmOnBaselineTier } from './wasm-tiering.js';
import { ConfigError, LIMITS, loadConfig, type Config } from './config.js';
import { openStore } from './store/index.js';
import { createMetricsServer } from './metrics/server.js';
import { createServiceMetrics } from './metrics/registry.js';
import { releaseStartupMemory } from './release-memory.js';

async function main(): Promise<void> {
  keepWasmOnBaselineTier(); // before the store compiles PGlite (see wasm-tiering.ts)
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
  const [store, { buildApp }, { createModelGateway }, parser] = await Promise.all([
    openStore({ dataDir: config.dataDir, databaseUrl: config.databaseUrl }).catch((err: Error) => {
      process.stderr.write(`docconv: cannot open the store (${config.databaseUrl ? 'DATABASE_URL' : config.dataDir}): ${err.message}\n`);
      process.exit(1);
    }),
    import('./app.js'),
    import('./models/gateway.js'),
    import('./convert/index.js'),
  ]);
  const app = await buildApp({ config, store, models: createModelGateway(config), metrics: createServiceMetrics({ processMetrics: true }) });
  // The built-in parser's workers: `down` (health `degraded`) until warm, and whenever none is alive.
  app.registerHealthProbe('worker_pool', parser.convertPoolHealth);
  app.metrics.sources.poolStats = parser.convertPoolStats;
  await app.listen({ port: config.port, host: config.host });
  // DECISIONS §8: Prometheus text on its own listener, never the public port.
  const metricsServer = config.metricsPort === undefined ? undefined : createMetricsServer(app.metrics.registry);
  if (metricsServer) {
    await new Promise<void>((resolve, reject) => {
      metricsServer.once('error', reject);
      metricsServer.listen(config.metricsPort, config.metricsHost, () => resolve());
    });
    app.log.info({ host: config.metricsHost, port: config.metricsPort }, 'metrics listening');
  }
  // Warmed after listen: /health answers at once; the first document does not pay the start-up.
  parser.warmConvertPool().then(
    () => {
      releaseStartupMemory();
      app.log.info('convert worker pool warm');
    },
    (err: unknown) => app.log.error({ err }, 'convert worker pool failed to start'),
  );

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
    metricsServer?.close();
    app.close().then(() => parser.shutdownConvertPool()).then(
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
