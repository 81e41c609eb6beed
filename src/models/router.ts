// Model selection (DECISIONS §4): the default-model rule and the `auto` routing policy.
// Pure: no I/O, no clock. The gateway feeds it the probe and which models are deployed and healthy.
//
// Selection rules
//   - unknown name                → 400 invalid_request
//   - explicit model, deployed    → that model, route_reason "" (never falls back, even when cold)
//   - explicit model, undeployed  → 403 model_not_available
//   - omitted, mineru-2.5 deployed → mineru-2.5, route_reason "" (the contract default)
//   - omitted otherwise           → routed as `auto`, route_reason "default_model_unavailable"
//   - `auto`                      → the policy below among deployed AND healthy models
//
// `auto` policy: each row picks the first available model of its preference list; `builtin` is
// always available, so every document gets a model. The first matching row wins.
//
//   | condition (first match)                      | route_reason       | preference                                   |
//   |----------------------------------------------|--------------------|----------------------------------------------|
//   | image upload (PNG/JPEG/TIFF/WebP)            | `image_input`      | paddleocr-vl, mineru-2.5, granite-docling, builtin |
//   | scanned PDF + non-Latin script               | `non_latin_script` | paddleocr-vl, mineru-2.5, builtin            |
//   | formulas                                     | `formulas`         | mineru-2.5, granite-docling, paddleocr-vl, builtin |
//   | tables                                       | `tables`           | mineru-2.5, paddleocr-vl, granite-docling, builtin |
//   | scanned PDF (text-layer coverage < 50 %)     | `scanned`          | paddleocr-vl, mineru-2.5, granite-docling, builtin |
//   | born-digital PDF, plain text                 | `text_layer`       | builtin                                      |
//
// Why (models-wire.md and the model cards): PaddleOCR-VL is a multilingual OCR specialist (109
// languages) and robust on photographed or scanned pages; MinerU2.5 has the strongest layout,
// table and formula recognition; Granite-Docling is compact and good at formulas and code, English
// first; the built-in parser reads a born-digital text layer exactly and fastest, on the CPU.
import { ServiceError } from '../errors/service-error.js';
import { GPU_MODEL_IDS, isModelId, type DocumentProbe, type ModelId } from './types.js';

export type RouteReason =
  | ''
  | 'image_input'
  | 'non_latin_script'
  | 'formulas'
  | 'tables'
  | 'scanned'
  | 'text_layer'
  | 'default_model_unavailable';

export interface Availability {
  /** Models whose server is configured (`builtin` is implied). */
  deployed: ReadonlySet<ModelId>;
  /** Deployed models whose last health probe answered (`builtin` is implied). */
  healthy: ReadonlySet<ModelId>;
}

export interface Selection {
  model: ModelId;
  routeReason: RouteReason;
}

/** Below this share of pages with a usable text layer, a PDF counts as scanned. */
export const SCANNED_COVERAGE_THRESHOLD = 0.5;

export const DEFAULT_MODEL: ModelId = 'mineru-2.5';

const PREFERENCES: Record<Exclude<RouteReason, '' | 'default_model_unavailable'>, readonly ModelId[]> = {
  image_input: ['paddleocr-vl', 'mineru-2.5', 'granite-docling', 'builtin'],
  non_latin_script: ['paddleocr-vl', 'mineru-2.5', 'builtin'],
  formulas: ['mineru-2.5', 'granite-docling', 'paddleocr-vl', 'builtin'],
  tables: ['mineru-2.5', 'paddleocr-vl', 'granite-docling', 'builtin'],
  scanned: ['paddleocr-vl', 'mineru-2.5', 'granite-docling', 'builtin'],
  text_layer: ['builtin'],
};

/** The content reason `auto` uses for a document (the first matching row of the table above). */
export function contentReason(probe: DocumentProbe): keyof typeof PREFERENCES {
  if (probe.mediaType !== 'application/pdf') return 'image_input';
  const scanned = probe.textLayerCoverage < SCANNED_COVERAGE_THRESHOLD;
  const nonLatin = probe.script === 'cjk' || probe.script === 'arabic' || probe.script === 'cyrillic' || probe.script === 'other';
  if (scanned && nonLatin) return 'non_latin_script';
  if (probe.hasFormulas) return 'formulas';
  if (probe.hasTables) return 'tables';
  if (scanned) return 'scanned';
  return 'text_layer';
}

/** `auto`: the first deployed and healthy model of the content reason's preference list. */
export function routeAuto(probe: DocumentProbe, availability: Availability): Selection {
  const reason = contentReason(probe);
  const model = PREFERENCES[reason].find((m) => m === 'builtin' || (availability.deployed.has(m) && availability.healthy.has(m)));
  return { model: model ?? 'builtin', routeReason: reason };
}

/** Applies the selection rules; throws ServiceError invalid_request / model_not_available. */
export function selectModel(requested: string | undefined, probe: DocumentProbe, availability: Availability): Selection {
  if (requested === undefined) {
    if (availability.deployed.has(DEFAULT_MODEL)) return { model: DEFAULT_MODEL, routeReason: '' };
    return { model: routeAuto(probe, availability).model, routeReason: 'default_model_unavailable' };
  }
  if (requested === 'auto') return routeAuto(probe, availability);
  if (!isModelId(requested)) {
    throw new ServiceError('invalid_request', `Unknown model; use one of: auto, ${['builtin', ...GPU_MODEL_IDS].join(', ')}.`);
  }
  if (requested !== 'builtin' && !availability.deployed.has(requested)) {
    throw new ServiceError('model_not_available', `The model ${requested} is not deployed on this server.`);
  }
  return { model: requested, routeReason: '' };
}
