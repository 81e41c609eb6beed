// The API's blocks (DECISIONS §8) from what the backends know: the built-in parser's page model,
// or the boxes a GPU server returns (adapters map their types onto these).
import type { BBox, OutputBlock, PageBlocks, RenderedPage } from './types.js';

/** Points rounded to 0.01: boxes travel in JSON, float noise helps nobody. */
export function round2(v: number): number {
  return Math.round(v * 100) / 100;
}

export function roundBox(b: readonly number[]): BBox {
  return [round2(b[0]), round2(b[1]), round2(b[2]), round2(b[3])];
}

/** The built-in parser's page model as the API's blocks: type, box, Markdown, heading level, table or paragraph continued. */
export function blocksFromPageModel(page: RenderedPage): PageBlocks {
  return {
    width: round2(page.width),
    height: round2(page.height),
    blocks: page.blocks.map((b): OutputBlock => ({
      type: b.type,
      bbox: roundBox(b.bbox),
      markdown: b.markdown,
      ...(b.type === 'heading' && b.level !== undefined ? { level: b.level } : {}),
      ...(b.type === 'table' && b.continues ? { continues: true, ...(b.repeatedHeaderRows ? { repeated_header_rows: b.repeatedHeaderRows } : {}) } : {}),
      ...(b.type === 'paragraph' && b.continues ? { continues: true } : {}),
    })),
  };
}

/** A page size in the blocks' units (PDF points; images: pixels at 72 dpi). */
export interface PageSize {
  width: number;
  height: number;
}

/** A box on a `gridW` × `gridH` grid (a GPU server's coordinates), scaled to `size`. */
export function scaleBox(box: readonly number[], gridW: number, gridH: number, size: PageSize): BBox {
  const sx = size.width / gridW;
  const sy = size.height / gridH;
  return roundBox([box[0]! * sx, box[1]! * sy, box[2]! * sx, box[3]! * sy]);
}
