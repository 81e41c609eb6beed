// The models domain's public entry (docs/architecture.md, "src/models"): registry, health, model
// selection and conversion through the built-in parser or a GPU model server.
import type { Config } from '../config.js';
import { ServiceError } from '../errors/service-error.js';
import { modelRegistry, isDeployed } from './registry.js';
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

export type { ConvertInput, ConvertOptions, ConvertOutput, DocumentProbe, ModelId, ModelInfo, ParserPort, RouteReason };

export interface ModelGateway {
  /** GET /version `models`: all four, deployed or not. */
  registry(): ModelInfo[];
  /** GET /health `deps` of the deployed GPU models, from the latest probe. */
  healthDeps(): Record<string, 'up' | 'down'>;
  /** DECISIONS §4; throws ServiceError invalid_request / model_not_available. */
  select(requested: string | undefined, probe: DocumentProbe): { model: ModelId; routeReason: string };
  /** False while the model's server is cold (the request then becomes a job that enters `warming`). */
  isReady(model: ModelId): boolean;
  /** Pages of Markdown and meta.backend; throws ServiceError (conversion_failed, the 422 document codes, …). */
  convert(model: ModelId, doc: ConvertInput, opts: ConvertOptions): Promise<ConvertOutput>;
  /** Stops the health probes. */
  close(): Promise<void>;
}

export interface ModelGatewayDeps {
  /** The built-in parser; default: src/convert/index.ts, loaded on first use. */
  parser?: ParserPort;
}

export function createModelGateway(config: Config, deps: ModelGatewayDeps = {}): ModelGateway {
  void deps;
  const deployed = new Set<ModelId>(['builtin', ...GPU_MODEL_IDS.filter((id) => isDeployed(config, id))]);
  const healthy = new Set<ModelId>(['builtin']);
  const availability: Availability = { deployed, healthy };
  return {
    registry: () => modelRegistry(config),
    healthDeps() {
      const deps: Record<string, 'up' | 'down'> = {};
      for (const id of GPU_MODEL_IDS) if (deployed.has(id)) deps[id] = healthy.has(id) ? 'up' : 'down';
      return deps;
    },
    select: (requested, probe) => selectModel(requested, probe, availability),
    isReady: (model) => model === 'builtin' || healthy.has(model),
    async convert(model: ModelId, doc: ConvertInput, opts: ConvertOptions): Promise<ConvertOutput> {
      void doc;
      void opts;
      if (!deployed.has(model)) throw new ServiceError('model_not_available');
      throw new ServiceError('conversion_failed', `The ${model satisfies ModelId} adapter is not wired yet.`);
    },
    async close() {},
  };
}

export type { GpuModelId };
