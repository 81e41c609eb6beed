// The models domain's public entry (docs/architecture.md, "src/models"): registry, health, model
// selection (router.ts) and conversion through the built-in parser or a GPU model server.
import type { Config } from '../config.js';
import { LIMITS } from '../config.js';
import { ServiceError } from '../errors/service-error.js';
import { isErrorCode } from '../errors/catalogue.js';
import { createGraniteDoclingAdapter } from './adapters/granite-docling.js';
import { createMineruAdapter } from './adapters/mineru.js';
import { createPaddleOcrVlAdapter } from './adapters/paddleocr-vl.js';
import type { GpuAdapter, ParserLoader } from './adapters/common.js';
import { newWarmState, type BackendTiming } from './backend.js';
import { convertBuiltin } from './builtin.js';
import { WARMUP_BACKOFF_MAX_MS, WARMUP_BACKOFF_START_MS } from './limits.js';
import { modelRegistry, modelUrl } from './registry.js';
import { selectModel, type Availability, type RouteReason } from './router.js';
import {
  GPU_MODEL_IDS,
  type ConvertInput,
  type ConvertOptions,
  type ConvertOutput,
  type DocumentProbe,
  type GpuModelId,
  type ModelId,
  type ModelInfo,
  type ParserPort,
} from './types.js';

export type { ConvertInput, ConvertOptions, ConvertOutput, DocumentProbe, GpuModelId, ModelId, ModelInfo, ParserPort, RouteReason };

export interface ModelGateway {
  /** GET /version `models`: all four, deployed or not. */
  registry(): ModelInfo[];
  /** GET /health `deps` of the deployed GPU models, from the latest probe. */
  healthDeps(): Record<string, 'up' | 'down'>;
  /** DECISIONS §4; throws ServiceError invalid_request / model_not_available. */
  select(requested: string | undefined, probe: DocumentProbe): { model: ModelId; routeReason: string };
  /** False while the model's server is cold (the request then becomes a job that enters `warming`). */
  isReady(model: ModelId): boolean;
  /**
   * Pages of Markdown and meta.backend. Throws ServiceError: conversion_failed (upstream failure,
   * timeout, malformed output, warm-up deadline passed), model_not_available, or the 422 document
   * codes of the built-in parser; on `signal` abort it rethrows the signal's reason.
   */
  convert(model: ModelId, doc: ConvertInput, opts: ConvertOptions): Promise<ConvertOutput>;
  /** Stops the health probes. */
  close(): Promise<void>;
}

export interface ModelGatewayDeps {
  /** The built-in parser; default: src/convert/index.ts, loaded on first use. */
  parser?: ParserPort;
  /** Timing overrides (tests shorten them); defaults come from config and LIMITS. */
  timing?: Partial<BackendTiming & { healthIntervalMs: number }>;
  /** Probe the deployed servers every healthIntervalMs (default true). */
  probeInBackground?: boolean;
}

// The parser's entry is loaded lazily: it pulls in pdf.js, canvas and the worker pool, which a
// deployment that only routes to GPU servers may never need.
function defaultParserLoader(): ParserLoader {
  let loaded: Promise<ParserPort> | undefined;
  return () => (loaded ??= import('../convert/index.js').then((m): ParserPort => m));
}

/**
 * DECISIONS §8 partial results: when every page failed, the document fails with the first page's
 * code (the catalogue message; a per-page cause is not kept).
 */
function failWhenNothingDelivered(out: ConvertOutput): ConvertOutput {
  const first = out.failed?.[0];
  if (!first || out.failed!.length < out.pages.length) return out;
  throw new ServiceError(isErrorCode(first.code) ? first.code : 'conversion_failed');
}

export function createModelGateway(config: Config, deps: ModelGatewayDeps = {}): ModelGateway {
  const timing: BackendTiming = {
    connectTimeoutMs: deps.timing?.connectTimeoutMs ?? LIMITS.modelConnectTimeoutS * 1000,
    callTimeoutMs: deps.timing?.callTimeoutMs ?? config.modelTimeoutS * 1000,
    healthTimeoutMs: deps.timing?.healthTimeoutMs ?? LIMITS.modelHealthTimeoutS * 1000,
    warmupTimeoutMs: deps.timing?.warmupTimeoutMs ?? config.modelWarmupTimeoutS * 1000,
    backoffStartMs: deps.timing?.backoffStartMs ?? WARMUP_BACKOFF_START_MS,
    backoffMaxMs: deps.timing?.backoffMaxMs ?? WARMUP_BACKOFF_MAX_MS,
  };
  const healthIntervalMs = deps.timing?.healthIntervalMs ?? LIMITS.modelHealthIntervalS * 1000;
  const loadParser: ParserLoader = deps.parser ? async () => deps.parser! : defaultParserLoader();

  const adapters = new Map<GpuModelId, GpuAdapter>();
  for (const id of GPU_MODEL_IDS) {
    const url = modelUrl(config, id);
    if (!url) continue;
    const create = id === 'mineru-2.5' ? createMineruAdapter : id === 'granite-docling' ? createGraniteDoclingAdapter : createPaddleOcrVlAdapter;
    adapters.set(id, create(config, url, timing, loadParser));
  }

  const deployed = new Set<ModelId>(['builtin', ...adapters.keys()]);
  const availability = (): Availability => ({
    deployed,
    healthy: new Set<ModelId>(['builtin', ...[...adapters.values()].filter((a) => a.backend.up).map((a) => a.id)]),
  });

  const probeAll = () => Promise.all([...adapters.values()].map((a) => a.backend.probe()));
  let timer: NodeJS.Timeout | undefined;
  if (adapters.size > 0 && deps.probeInBackground !== false) {
    void probeAll();
    timer = setInterval(() => void probeAll(), healthIntervalMs);
    timer.unref();
  }

  return {
    registry: () => modelRegistry(config),
    healthDeps() {
      const out: Record<string, 'up' | 'down'> = {};
      for (const a of adapters.values()) out[a.id] = a.backend.up ? 'up' : 'down';
      return out;
    },
    select: (requested, probe) => selectModel(requested, probe, availability()),
    isReady: (model) => model === 'builtin' || (adapters.get(model)?.backend.up ?? false),
    async convert(model, doc, opts) {
      const adapter = model === 'builtin' ? undefined : adapters.get(model);
      if (model !== 'builtin' && !adapter) throw new ServiceError('model_not_available', `The model ${model} is not deployed on this server.`);
      const out = adapter ? await adapter.convert(doc, opts, newWarmState()) : await convertBuiltin(loadParser, doc, opts);
      return failWhenNothingDelivered(out);
    },
    async close() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}
