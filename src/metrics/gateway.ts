// Conversions counted at the one door (the model gateway), so sync requests and jobs are measured
// alike: outcome, duration and delivered pages by model (DECISIONS §8 "Metrics").
import { isErrorCode } from '../errors/catalogue.js';
import type { ModelGateway } from '../models/gateway.js';
import type { ServiceMetrics } from './registry.js';

/** An error's catalogue code, or `error` (a label never carries a message). */
function outcomeOf(err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  return isErrorCode(code) ? code : 'error';
}

export function instrumentGateway(gateway: ModelGateway, metrics: ServiceMetrics): ModelGateway {
  return {
    ...gateway,
    registry: () => gateway.registry(),
    healthDeps: () => gateway.healthDeps(),
    select: (requested, probe) => gateway.select(requested, probe),
    isReady: (model) => gateway.isReady(model),
    close: () => gateway.close(),
    async convert(model, doc, opts) {
      const end = metrics.conversionSeconds.startTimer({ model });
      try {
        const out = await gateway.convert(model, doc, opts);
        const failed = out.failed?.length ?? 0;
        const outcome = failed > 0 ? 'partial' : 'completed';
        end({ outcome });
        metrics.conversions.inc({ model, outcome });
        metrics.pagesConverted.inc({ model }, out.pages.length - failed);
        return out;
      } catch (err) {
        const outcome = outcomeOf(err);
        end({ outcome });
        metrics.conversions.inc({ model, outcome });
        throw err;
      }
    },
  };
}
