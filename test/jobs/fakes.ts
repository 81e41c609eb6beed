// Test doubles for the job service: a scriptable model gateway and a recording metering port.
import { loadConfig, type Config } from '../../src/config.js';
import { ServiceError } from '../../src/errors/service-error.js';
import type { ModelGateway } from '../../src/models/gateway.js';
import type { PageBlocks } from '../../src/models/types.js';
import type { JobMetering } from '../../src/jobs/service.js';

export interface FakeGatewayControl {
  gateway: ModelGateway;
  ready: boolean;
  /** When set, each page waits for this promise (hold a job mid-flight). */
  gate: Promise<void> | null;
  failWith: ServiceError | null;
  calls: number;
  lastSignal: AbortSignal | null;
  pageDelayMs: number;
}

export function fakeGateway(): FakeGatewayControl {
  const ctl: FakeGatewayControl = {
    ready: true, gate: null, failWith: null, calls: 0, lastSignal: null, pageDelayMs: 0,
    gateway: undefined as unknown as ModelGateway,
  };
  ctl.gateway = {
    registry: () => [],
    healthDeps: () => ({}),
    select: (requested) => ({ model: (requested && requested !== 'auto' ? requested : 'builtin') as 'builtin', routeReason: requested && requested !== 'auto' ? '' : 'text_layer' }),
    isReady: () => ctl.ready,
    async convert(_model, doc, opts) {
      ctl.calls++;
      ctl.lastSignal = opts.signal ?? null;
      if (!ctl.ready) {
        opts.onWarming?.();
        await new Promise((r) => setTimeout(r, 20));
        opts.onProcessing?.();
      }
      const text = Buffer.from(doc.bytes).toString('latin1');
      const pages: string[] = [];
      const layout: PageBlocks[] = [];
      for (let i = 0; i < doc.pages; i++) {
        if (ctl.gate) await ctl.gate;
        if (ctl.pageDelayMs) await new Promise((r) => setTimeout(r, ctl.pageDelayMs));
        if (opts.signal?.aborted) throw new ServiceError('conversion_failed', 'aborted');
        if (ctl.failWith) throw ctl.failWith;
        const mark = /MARK[A-Z0-9]+/.exec(text)?.[0] ?? 'text';
        pages.push(`# Page ${i + 1}\n\n${mark}`);
        layout.push({ width: 612, height: 792, blocks: [
          { type: 'heading', bbox: [72, 72, 300, 90], markdown: `# Page ${i + 1}`, level: 1 },
          { type: 'paragraph', bbox: [72, 100, 300, 112], markdown: mark },
          { type: 'page_footer', bbox: [300, 760, 312, 770], markdown: String(i + 1) },
        ] });
        opts.onPage?.({ index: i, pagesDone: i + 1, pages: doc.pages });
      }
      return { pages, layout, backend: 'fake' };
    },
    async close() {},
  };
  return ctl;
}

export interface RecordingMetering extends JobMetering {
  log: string[];
}

export function recordingMetering(): RecordingMetering {
  const log: string[] = [];
  return {
    log,
    held: (h: string) => ({
      holderId: h,
      async charge() { log.push(`charge ${h}`, `slot ${h}`); },
      async release() { log.push(`release ${h}`, `slot ${h}`); },
      async settleWithin(_q: unknown, how: 'charge' | 'release') {
        log.push(`${how} ${h}`, `slot ${h}`);
        return async () => {};
      },
    }),
  };
}

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ DOCCONV_SECRET: 'test-secret-test-secret-test-secret-0123', DOCCONV_DATA_DIR: '/nonexistent-unused', DOCCONV_PUBLIC_URL: 'http://docconv.test',
    // Load shedding by event-loop lag is off in tests (a loaded CI box lags); test/api/load-shedding.test.ts turns it on.
    DOCCONV_SHED_EVENT_LOOP_DELAY_MS: '0', ...env });
}

export const silentLog = { info() {}, warn() {}, error() {} };

export async function waitFor<T>(fn: () => Promise<T | undefined | null | false> | T | undefined | null | false, timeoutMs = 5000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v as T;
    if (Date.now() > until) throw new Error('waitFor timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}
