// The service's Prometheus metrics (DECISIONS §8 "Metrics"), in a registry of their own (not
// prom-client's global one, so tests and several apps in one process do not collide). Labels are
// closed sets only: route patterns, methods, status codes, model ids, catalogue codes, job states,
// outcomes. Never a URL, a file name, an account id, a key or a token.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Conversion and queue-wait buckets (seconds): a one-page sync answer up to a long OCR job. */
export const CONVERSION_SECONDS_BUCKETS = [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800];
export const QUEUE_WAIT_SECONDS_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300];

/** What the scrape reads at collection time (set by buildApp once the parts exist). */
export interface MetricSources {
  /** Live and recent jobs per state, from the store. */
  jobsByState?: () => Promise<Record<string, number>>;
  /** The built-in parser's pool: workers and how many are busy. */
  poolStats?: () => { workers: number; busy: number; queued: number };
  /** Deployed GPU model servers: up or down, from the latest health probe. */
  modelHealth?: () => Record<string, 'up' | 'down'>;
  /** Bytes of uploads and documents this node holds in memory (DECISIONS §9 account). */
  uploadBytesInFlight?: () => number;
}

export interface ServiceMetrics {
  registry: Registry;
  httpRequests: Counter<'route' | 'method' | 'status'>;
  conversions: Counter<'model' | 'outcome'>;
  pagesConverted: Counter<'model'>;
  conversionSeconds: Histogram<'model' | 'outcome'>;
  queueWaitSeconds: Histogram;
  uploadBytesInFlight: Gauge;
  sseStreamsOpen: Gauge;
  webhookDeliveries: Counter<'outcome'>;
  sources: MetricSources;
}

const JOB_STATES = ['queued', 'warming', 'processing', 'completed', 'failed'] as const;

/** `processMetrics`: also Node's own (CPU, memory, event-loop lag, GC); the service sets it, tests leave it off. */
export function createServiceMetrics(opts: { processMetrics?: boolean } = {}): ServiceMetrics {
  const registry = new Registry();
  const sources: MetricSources = {};
  if (opts.processMetrics) collectDefaultMetrics({ register: registry, prefix: 'docconv_' });
  const metrics: ServiceMetrics = {
    registry,
    sources,
    httpRequests: new Counter({
      name: 'docconv_http_requests_total', help: 'HTTP requests answered, by route pattern (not the URL), method and status.',
      labelNames: ['route', 'method', 'status'], registers: [registry],
    }),
    conversions: new Counter({
      name: 'docconv_conversions_total', help: 'Conversions finished, by model and outcome (`completed`, `partial`, or the error code).',
      labelNames: ['model', 'outcome'], registers: [registry],
    }),
    pagesConverted: new Counter({
      name: 'docconv_pages_converted_total', help: 'Pages delivered by conversions (failed pages of partial results excluded), by model.',
      labelNames: ['model'], registers: [registry],
    }),
    conversionSeconds: new Histogram({
      name: 'docconv_conversion_duration_seconds', help: 'Wall time of one conversion in the model gateway, by model and outcome.',
      labelNames: ['model', 'outcome'], buckets: CONVERSION_SECONDS_BUCKETS, registers: [registry],
    }),
    queueWaitSeconds: new Histogram({
      name: 'docconv_job_queue_wait_seconds', help: 'Time an async job waited in this node\'s queue before its conversion started.',
      buckets: QUEUE_WAIT_SECONDS_BUCKETS, registers: [registry],
    }),
    uploadBytesInFlight: new Gauge({
      name: 'docconv_upload_bytes_in_flight', help: 'Bytes of uploads and documents held in memory by this node (counted against DOCCONV_MAX_INFLIGHT_MB).',
      registers: [registry],
      collect() {
        this.set(sources.uploadBytesInFlight?.() ?? 0);
      },
    }),
    sseStreamsOpen: new Gauge({ name: 'docconv_sse_streams_open', help: 'Job event streams (SSE) open now.', registers: [registry] }),
    webhookDeliveries: new Counter({
      name: 'docconv_webhook_deliveries_total', help: 'Webhook delivery attempts, by outcome (`delivered`, `retrying`, `abandoned`).',
      labelNames: ['outcome'], registers: [registry],
    }),
  };
  new Gauge({
    name: 'docconv_jobs', help: 'Job records in the store by state (all nodes; finished ones until purged).',
    labelNames: ['state'], registers: [registry],
    async collect() {
      const counts = (await sources.jobsByState?.().catch(() => undefined)) ?? {};
      for (const state of JOB_STATES) this.set({ state }, counts[state] ?? 0);
    },
  });
  new Gauge({
    name: 'docconv_pool_workers', help: 'Built-in parser pool workers: `busy` with a task, `total` alive or starting.',
    labelNames: ['kind'], registers: [registry],
    collect() {
      const stats = sources.poolStats?.() ?? { workers: 0, busy: 0, queued: 0 };
      this.set({ kind: 'busy' }, stats.busy);
      this.set({ kind: 'total' }, stats.workers);
    },
  });
  new Gauge({
    name: 'docconv_pool_tasks_queued', help: 'Built-in parser tasks waiting for a free worker.', registers: [registry],
    collect() {
      this.set(sources.poolStats?.().queued ?? 0);
    },
  });
  new Gauge({
    name: 'docconv_model_backend_up', help: 'Deployed GPU model servers: 1 when the latest health probe answered, else 0.',
    labelNames: ['model'], registers: [registry],
    collect() {
      this.reset();
      for (const [model, state] of Object.entries(sources.modelHealth?.() ?? {})) this.set({ model }, state === 'up' ? 1 : 0);
    },
  });
  return metrics;
}
