// Test wiring for the models domain: a Config without the environment, and a gateway with short
// timeouts and no background probing.
import type { Config } from '../../src/config.js';
import { createModelGateway, type ModelGateway } from '../../src/models/gateway.js';
import type { ConvertOptions, ParserPort } from '../../src/models/types.js';
import { fakeParser } from './stubs/index.js';

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: '/nonexistent',
    databaseUrl: undefined,
    secret: Buffer.alloc(32, 1),
    publicUrl: 'http://localhost:8080',
    signupUrl: 'http://localhost:8080/signup',
    adminToken: undefined,
    webhookAllowHosts: [],
    resultTtlS: 3600,
    pageTimeoutS: 30,
    mineruUrl: undefined,
    graniteDoclingUrl: undefined,
    paddleocrVlUrl: undefined,
    modelTimeoutS: 120,
    modelWarmupTimeoutS: 300,
    syncWaitS: 60,
    mineruBackend: 'vlm-engine',
    graniteDoclingModel: 'ibm-granite/granite-docling-258M',
    graniteDoclingConcurrency: 4,
    logLevel: 'silent',
    maxInflightBytes: 1_000_000_000,
    uploadIdleTimeoutS: 30,
    maxConnections: 4096,
    trustProxy: false,
    shedEventLoopDelayMs: 0,
    metricsPort: undefined,
    metricsHost: '127.0.0.1',
    ...overrides,
  };
}

export const FAST = {
  connectTimeoutMs: 500,
  callTimeoutMs: 400,
  healthTimeoutMs: 200,
  warmupTimeoutMs: 3_000,
  backoffStartMs: 20,
  backoffMaxMs: 100,
};

export function fastGateway(config: Partial<Config>, opts: { parser?: ParserPort; timing?: Partial<typeof FAST> } = {}): ModelGateway {
  return createModelGateway(testConfig(config), {
    parser: opts.parser ?? fakeParser(),
    timing: { ...FAST, ...opts.timing },
    probeInBackground: false,
  });
}

/** Convert options that record the warming/processing/page callbacks. */
export function recorder(extra: Partial<ConvertOptions> = {}) {
  const events: string[] = [];
  const opts: ConvertOptions = {
    pageTimeoutS: 30,
    onWarming: () => events.push('warming'),
    onProcessing: () => events.push('processing'),
    onPage: (e) => events.push(`page ${e.index} ${e.pagesDone}/${e.pages}`),
    ...extra,
  };
  return { events, opts };
}

export function isConversionFailed(e: unknown): boolean {
  return (e as { code?: string })?.code === 'conversion_failed' && (e as { status?: number }).status === 502;
}
