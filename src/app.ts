// buildApp(deps): the whole HTTP service without a listening socket (src/main.ts listens; tests use
// app.inject or listen on port 0). Dependencies are passed in, fully built: the store (opened and
// migrated), the model gateway. Route plugins are registered in one marked list below.
import { randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { LIMITS, type Config } from './config.js';
import { Idempotency } from './accounts/idempotency.js';
import { Metering } from './accounts/metering.js';
import { MeterLeases } from './accounts/meter-lease.js';
import { AccountService } from './accounts/service.js';
import { MemoryRateLimiter, PostgresRateLimiter, type RateLimiter } from './accounts/token-bucket.js';
import { installAuth } from './api/auth.js';
import { clientErrorHandler, frameworkErrorHandler, installErrorHandling } from './api/errors.js';
import { installOpenapi } from './api/openapi.js';
import { installLoadShedding } from './api/load-shedding.js';
import { UploadAdmission } from './api/upload-admission.js';
import type { ModelInfo, VersionInfo } from './api/schemas/meta.js';
import type { HealthProbe } from './api/types.js';
import './api/types.js';
import { adminRoutes } from './api/admin.js';
import { docsRoutes } from './api/docs.js';
import { referenceRoutes } from './api/reference.js';
import { playgroundRoutes } from './api/playground.js';
import { signupRoutes } from './api/signup.js';
import { keysRoutes } from './api/keys.js';
import { healthProbes, metaRoutes } from './api/meta.js';
import { usageRoutes } from './api/usage.js';
import { convertRoutes } from './api/convert.js';
import { jobRoutes } from './api/jobs.js';
import { resultRoutes } from './api/results.js';
import { registerJobService, type JobRuntimeOptions } from './api/jobs-runtime.js';
import type { ModelGateway } from './models/gateway.js';
import { installMetrics } from './api/metrics.js';
import { instrumentGateway } from './metrics/gateway.js';
import { createServiceMetrics, type ServiceMetrics } from './metrics/registry.js';
import type { Store } from './store/types.js';

export interface AppDeps {
  config: Config;
  /** Opened and migrated (src/store/index.ts openStore). Closed with the app unless `keepStoreOpen`. */
  store: Store;
  /** The model gateway (src/models/gateway.ts): /version's registry, /health's model deps, conversions. */
  models?: ModelGateway;
  /** Fastify logger options; default: pino JSON at config.logLevel. `false` silences (tests). */
  logger?: FastifyServerOptions['logger'];
  /** Overrides of /version's commit and date (default: env DOCCONV_COMMIT / DOCCONV_BUILD_DATE, else git). */
  version?: { commit?: string; date?: string };
  keepStoreOpen?: boolean;
  /** Job scheduler / webhook poller tuning (tests); src/api/jobs-runtime.ts. */
  jobs?: JobRuntimeOptions;
  /** The Prometheus registry and metrics (src/metrics); default a fresh one. main.ts serves it. */
  metrics?: ServiceMetrics;
}

export type App = FastifyInstance;

const PACKAGE = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { name: string; version: string };

function git(args: string[]): string | undefined {
  try {
    return execFileSync('git', args, { cwd: new URL('..', import.meta.url), stdio: ['ignore', 'pipe', 'ignore'], timeout: 2000 }).toString().trim() || undefined;
  } catch {
    return undefined;
  }
}

function versionInfo(over: AppDeps['version'] = {}): Omit<VersionInfo, 'models'> {
  const commit = over.commit ?? (process.env.DOCCONV_COMMIT || git(['rev-parse', 'HEAD']));
  const date = over.date ?? (process.env.DOCCONV_BUILD_DATE || git(['log', '-1', '--format=%cI']));
  return { service: 'docconv', version: PACKAGE.version, ...(commit ? { commit } : {}), ...(date ? { date } : {}) };
}

/** Logs: request id, route, status, timing, account; never bodies, file names, query strings, tokens. */
function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'authorization'], censor: '[redacted]' },
    serializers: {
      req: (req: { method?: string; routeOptions?: { url?: string } }) => ({ method: req.method, route: req.routeOptions?.url }),
      res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
    },
  };
}

export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, store } = deps;
  const app = Fastify({
    logger: deps.logger ?? loggerOptions(config),
    // One line per request from our onResponse hook instead of Fastify's (which would log the URL with its query).
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'request_id' }),
    requestIdHeader: false, // never trust a caller's id: X-Request-Id is always ours
    genReqId: () => `req_${randomUUID().replace(/-/g, '')}`,
    // Errors raised before routing (overlong path parameter, undecodable URL, oversized headers)
    // are answered with the spec §7 envelope too.
    frameworkErrors: frameworkErrorHandler(config.publicUrl),
    clientErrorHandler: clientErrorHandler(config.publicUrl),
    bodyLimit: LIMITS.jsonBodyMaxBytes,
    // Socket limits (DECISIONS §9): a request must arrive within requestTimeoutS (headers within
    // headersTimeoutS); a stalled convert body is cut sooner by the upload idle watch.
    requestTimeout: LIMITS.requestTimeoutS * 1000,
    keepAliveTimeout: LIMITS.keepAliveTimeoutS * 1000,
    // A hop count trusts that many proxies nearest the server (proxy-addr's numeric form).
    trustProxy: typeof config.trustProxy === 'number' ? ((_addr: string, hop: number) => hop < (config.trustProxy as number)) : config.trustProxy,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, useDefaults: true } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.server.headersTimeout = LIMITS.headersTimeoutS * 1000;
  app.server.maxConnections = config.maxConnections;

  const accounts = new AccountService(store);
  const metering = new Metering(store, accounts);
  const idempotency = new Idempotency(store, config.secret);
  const limiter: RateLimiter = store.kind === 'postgres' ? new PostgresRateLimiter(store) : new MemoryRateLimiter();
  await accounts.start();
  await metering.start();
  const meters = new MeterLeases(metering, app.log);
  meters.start();
  const health = healthProbes();

  app.decorate('config', config);
  app.decorate('store', store);
  app.decorate('accounts', accounts);
  app.decorate('metering', metering);
  app.decorate('meters', meters);
  app.decorate('idempotency', idempotency);
  const uploads = new UploadAdmission(config.maxInflightBytes, config.uploadIdleTimeoutS * 1000);
  app.decorate('uploads', uploads);
  app.decorate('registerHealthProbe', (name: string, probe: HealthProbe) => health.register(name, probe));

  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
    // A body that stalls is cut (DECISIONS §9), whatever the answer: refused bodies are drained too.
    const h = request.raw.headers;
    if (h['transfer-encoding'] !== undefined || (h['content-length'] !== undefined && h['content-length'] !== '0')) uploads.watch(request.raw);
  });
  app.addHook('onResponse', async (request, reply) => {
    const caller = request.caller;
    request.log.info(
      { route: request.routeOptions.url ?? null, method: request.method, status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10, account: caller?.kind === 'key' ? caller.accountId : undefined },
      'request',
    );
  });
  app.addHook('onClose', async () => {
    limiter.close();
    uploads.close();
    idempotency.close();
    meters.stop();
    await metering.stop();
    await accounts.stop();
    await deps.models?.close().catch(() => {});
    if (!deps.keepStoreOpen) await store.close();
  });

  // An empty body with Content-Type: application/json counts as no body (POST /keys, rotate), not a 400.
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) =>
    body === '' ? done(null, undefined) : jsonParser(request, body as string, done));

  installErrorHandling(app);
  await installLoadShedding(app);
  installAuth(app, limiter);
  await installOpenapi(app, config.publicUrl);
  // Multipart is parsed by the route as a stream (limits enforced while reading); no body is buffered here.
  await app.register(multipart, { limits: { files: 1, fields: 16, fieldSize: 4096, parts: 20 } });

  // DECISIONS §8 metrics: collected always (cheap), served only by main.ts's own listener.
  const metrics = deps.metrics ?? createServiceMetrics();
  await app.register(installMetrics, { metrics });
  const models = deps.models ? instrumentGateway(deps.models, metrics) : undefined;
  metrics.sources.jobsByState = async () => {
    const rows = await store.query<{ status: string; n: number }>('SELECT status, count(*)::int AS n FROM jobs GROUP BY status');
    return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
  };
  if (models) {
    metrics.sources.modelHealth = () => models.healthDeps();
    await registerJobService(app, models, {
      onQueueWait: (ms) => metrics.queueWaitSeconds.observe(ms / 1000),
      onWebhookOutcome: (outcome) => metrics.webhookDeliveries.inc({ outcome }),
      ...deps.jobs,
    });
  }

  // ── Route plugins, all under /v1 (one line each; add yours here) ─────────────────────────────
  const v1 = { prefix: '/v1' };
  await app.register(metaRoutes({ version: versionInfo(deps.version), models: models ? () => models.registry() as ModelInfo[] : undefined, extraDeps: models ? () => models.healthDeps() : undefined, probes: health.probes }), v1);
  await app.register(keysRoutes, v1);
  await app.register(usageRoutes, v1);
  await app.register(adminRoutes, v1);
  await app.register(convertRoutes, v1);
  await app.register(jobRoutes, v1);
  await app.register(resultRoutes, v1);
  // ── end of route plugins ──────────────────────────────────────────────────────────────────────
  await app.register(docsRoutes); // /docs/errors[/:code]: outside /v1 (doc_url = $DOCCONV_PUBLIC_URL/docs/errors/<code>)
  await app.register(referenceRoutes); // /docs: the API reference (Swagger UI from node_modules, DECISIONS §8)
  await app.register(playgroundRoutes()); // /: the web playground (dist/playground, DECISIONS §8)
  await app.register(signupRoutes); // /signup: the default unlock_url's page (DECISIONS §1)

  await app.ready();
  return app;
}
