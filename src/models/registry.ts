// The selectable parser registry (spec §2 ModelInfo, DECISIONS §4): what GET /version lists.
// A GPU model is deployed when its server URL is set (models-wire.md); `builtin` always is.
import type { Config } from '../config.js';
import type { GpuModelId, ModelId, ModelInfo } from './types.js';

/** The registry in display order; `builtin` points at this service's own public URL. */
export function modelRegistry(config: Pick<Config, 'publicUrl'>): ModelInfo[] {
  return [
    {
      id: 'builtin',
      label: 'docconv built-in parser (CPU: PDF text layer + Tesseract OCR)',
      license: 'Apache-2.0',
      attribution: 'docconv',
      attribution_url: config.publicUrl,
    },
    ...GPU_MODELS,
  ];
}

const GPU_MODELS: readonly ModelInfo[] = [
  {
    // MinerU2.5 (opendatalab/MinerU2.5-2509-1.2B) is published under AGPL-3.0, as is MinerU itself.
    // docconv only calls a separately run mineru-api server over HTTP; it links none of that code.
    id: 'mineru-2.5',
    label: 'MinerU2.5 (1.2B vision-language document parser)',
    license: 'AGPL-3.0',
    attribution: 'OpenDataLab, Shanghai AI Laboratory',
    attribution_url: 'https://huggingface.co/opendatalab/MinerU2.5-2509-1.2B',
  },
  {
    id: 'granite-docling',
    label: 'IBM Granite-Docling-258M',
    license: 'Apache-2.0',
    attribution: 'IBM Research',
    attribution_url: 'https://huggingface.co/ibm-granite/granite-docling-258M',
  },
  {
    id: 'paddleocr-vl',
    label: 'PaddleOCR-VL (0.9B multilingual document parser)',
    license: 'Apache-2.0',
    attribution: 'PaddlePaddle (Baidu)',
    attribution_url: 'https://huggingface.co/PaddlePaddle/PaddleOCR-VL',
  },
];

/** The server root of a GPU model, or undefined when it is not deployed. */
export function modelUrl(config: Config, id: GpuModelId): string | undefined {
  switch (id) {
    case 'mineru-2.5':
      return config.mineruUrl;
    case 'granite-docling':
      return config.graniteDoclingUrl;
    case 'paddleocr-vl':
      return config.paddleocrVlUrl;
  }
}

export function isDeployed(config: Config, id: ModelId): boolean {
  return id === 'builtin' || modelUrl(config, id) !== undefined;
}
