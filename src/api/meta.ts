// GET /health, /version, /openapi.json (public, not rate limited: DECISIONS §3).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LIMITS } from '../config.js';
import { ROUTE_AUTH } from '../accounts/scopes.js';
import type { HealthStatus, ModelInfo, VersionInfo } from './schemas/meta.js';
import { healthSchema, openapiSchema, versionSchema } from './schemas/meta.js';
import type { DepState, HealthProbe } from './types.js';

export interface MetaOptions {
  version: Omit<VersionInfo, 'models'>;
  /** The parser model registry (src/models gateway), read on every /version. */
  models?: () => ModelInfo[];
  /** More dependencies read on every /health (the gateway's deployed GPU models). */
  extraDeps?: () => Record<string, 'up' | 'down'>;
}

async function withTimeout(probe: HealthProbe, ms: number): Promise<DepState> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      Promise.resolve().then(probe),
      new Promise<DepState>((resolve) => { timer = setTimeout(() => resolve('down'), ms); }),
    ]);
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}

export function healthProbes(): { probes: Map<string, HealthProbe>; register(name: string, probe: HealthProbe): void } {
  const probes = new Map<string, HealthProbe>();
  return {
    probes,
    register(name, probe) {
      if (name === 'store') throw new Error('the store probe is built in');
      probes.set(name, probe);
    },
  };
}

/**
 * The store's verdict, shared for LIMITS.healthStoreCacheMs (issue 10 item 6): /health is public
 * and unlimited, so it must not cost a store round trip per call; concurrent calls share one probe.
 */
function cachedStoreProbe(ping: () => Promise<unknown>): () => Promise<DepState> {
  let verdict: { state: DepState; at: number } | null = null;
  let inFlight: Promise<DepState> | null = null;
  return () => {
    if (verdict && Date.now() - verdict.at < LIMITS.healthStoreCacheMs) return Promise.resolve(verdict.state);
    inFlight ??= withTimeout(async (): Promise<DepState> => { await ping(); return 'up'; }, LIMITS.healthProbeTimeoutMs)
      .then((state) => { verdict = { state, at: Date.now() }; return state; })
      .finally(() => { inFlight = null; });
    return inFlight;
  };
}

export function metaRoutes(opts: MetaOptions & { probes: Map<string, HealthProbe> }): FastifyPluginAsyncTypebox {
  return async (app) => {
    const config = { auth: ROUTE_AUTH.public };
    const storeState = cachedStoreProbe(() => app.store.query('SELECT 1', []));

    app.get('/health', { schema: healthSchema, config }, async (_request, reply) => {
      const names = ['store', ...opts.probes.keys()];
      const states = await Promise.all([
        storeState(),
        ...[...opts.probes.values()].map((p) => withTimeout(p, LIMITS.healthProbeTimeoutMs)),
      ]);
      const deps: Record<string, 'up' | 'down'> = {};
      names.forEach((n, i) => { deps[n] = states[i] === 'up' ? 'up' : 'down'; });
      let extra: Record<string, 'up' | 'down'> = {};
      try { extra = opts.extraDeps?.() ?? {}; } catch { /* a failing source reports nothing */ }
      for (const [n, v] of Object.entries(extra)) if (!(n in deps)) { deps[n] = v === 'up' ? 'up' : 'down'; states.push(deps[n]); }
      // 503 only when the store is unreachable; anything else down or warming is `degraded`.
      const body: HealthStatus = { status: states[0] !== 'up' ? 'down' : states.every((s) => s === 'up') ? 'ok' : 'degraded', deps };
      return reply.code(body.status === 'down' ? 503 : 200).send(body);
    });

    app.get('/version', { schema: versionSchema, config }, async () => {
      const out: VersionInfo = { ...opts.version };
      if (opts.models) out.models = opts.models();
      return out;
    });

    app.get('/openapi.json', { schema: openapiSchema, config }, async () => app.swagger());
  };
}
