// The engine's typed document model (issue 9, DECISIONS §8): pages of typed blocks in reading
// order, each with its box. Layout produces it, document-level passes (running headers and footers)
// work on it with geometry, and the page's Markdown is rendered from it (markdown/render.ts).
// Coordinates: PDF points, origin at the page's top-left, y growing downwards (as layout/types.ts).

export const BLOCK_TYPES = [
  'heading',
  'paragraph',
  'list_item',
  'table',
  'formula',
  'code',
  'figure',
  'caption',
  'footnote',
  'page_header',
  'page_footer',
] as const;
export type BlockType = (typeof BLOCK_TYPES)[number];

/** [x0, y0, x1, y1], top-left origin. */
export type BBox = [number, number, number, number];

/** One text line of a block, with its box (what furniture detection compares across pages). */
export interface BlockLine {
  text: string;
  bbox: BBox;
}

export interface Block {
  type: BlockType;
  bbox: BBox;
  /** The block's Markdown (a heading with its `#`s, a list item with its marker, a table…). */
  markdown: string;
  /** Headings: 1..6. */
  level?: number;
  /** List items: nesting depth (0 = outermost) and the marker as printed. */
  depth?: number;
  marker?: string;
  /** The text lines of the block in reading order; empty for figures. */
  lines: BlockLine[];
  /** Text blocks: the dominant font size (points) and whether all of it is bold or italic. */
  size?: number;
  bold?: boolean;
  italic?: boolean;
  /**
   * Furniture only: the line is a folio or a stamp by itself ("12", "Page 3 of 9", "Downloaded
   * from …"), not text that merely sits in the margin.
   */
  folio?: boolean;
  /**
   * Furniture only: the line carries a page number as a piece of its own ("Annual Report ⟶ 9"):
   * a running line by its form, the evidence a document too short to show repetition has.
   */
  numbered?: boolean;
}

export interface PageModel {
  width: number;
  height: number;
  blocks: Block[];
}

export function isFurniture(b: Block): boolean {
  return b.type === 'page_header' || b.type === 'page_footer';
}

export function unionBBox(boxes: BBox[]): BBox {
  if (boxes.length === 0) return [0, 0, 0, 0];
  let [x0, y0, x1, y1] = boxes[0];
  for (const b of boxes) {
    x0 = Math.min(x0, b[0]);
    y0 = Math.min(y0, b[1]);
    x1 = Math.max(x1, b[2]);
    y1 = Math.max(y1, b[3]);
  }
  return [x0, y0, x1, y1];
}

/**
 * The page as it leaves the engine once the document passes are done: blocks without their lines
 * and layout-only fields (they served the passes; the result needs type, box, Markdown, level).
 * Keeps what crosses the worker boundary small.
 */
export function finishedPage(page: PageModel): PageModel {
  return {
    width: page.width,
    height: page.height,
    blocks: page.blocks.map((b): Block => {
      const out: Block = { type: b.type, bbox: b.bbox, markdown: b.markdown, lines: [] };
      if (b.level !== undefined) out.level = b.level;
      if (b.depth !== undefined) out.depth = b.depth;
      if (b.marker !== undefined) out.marker = b.marker;
      return out;
    }),
  };
}
