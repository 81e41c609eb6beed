// The engine's typed document model (issue 9, DECISIONS §8): pages of typed blocks in reading
// order, each with its box. Layout produces it, document-level passes (running headers and footers)
// work on it with geometry, and the page's Markdown is rendered from it (markdown/render.ts).
// Coordinates: PDF points, origin at the page's top-left, y growing downwards (as layout/types.ts).
import type { Line } from './layout/paragraphs.js';
import type { TableModel } from './layout/table-model.js';

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

/** A stretch of text in one style: what inline Markdown is rendered from (markdown/inline.ts). */
export interface InlinePiece {
  text: string;
  bold: boolean;
  italic: boolean;
  link?: string;
}

/** One line of a display formula: its LaTeX (one or more pieces) and an equation number set apart. */
export interface FormulaLine {
  latex: string[];
  number?: string;
}

export interface Block {
  type: BlockType;
  bbox: BBox;
  /** Headings: 1..6. */
  level?: number;
  /** List items: nesting depth (0 = outermost) and the marker as printed. */
  depth?: number;
  marker?: string;
  /** The text lines of the block in reading order; empty for figures. */
  lines: BlockLine[];
  /**
   * Text that does not run left to right (layout/sideways.ts): the direction of its baseline in
   * degrees, in page coordinates (0: left to right; ±90: up or down the page).
   */
  angle?: number;
  /** Text blocks: the dominant font size (points) and whether all of it is bold or italic. */
  size?: number;
  bold?: boolean;
  italic?: boolean;
  /**
   * Set apart from the text flow by a drawn frame, fill or pair of rules (a sidebar, a pull quote:
   * layout/insets.ts): one unit, which a paragraph running on around it does not break.
   */
  aside?: boolean;
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

  // What the Markdown renderer renders (markdown/render.ts), one field per kind of content; the
  // layout stages fill these, never Markdown text (issue 9: Markdown is rendered last).
  /**
   * Text blocks (headings, paragraphs, list items, captions, footnotes): the text as styled
   * pieces, list markers removed; one list per stretch of text (a paragraph joined across a column
   * break has two, layout/continuations.ts).
   */
  inline?: InlinePiece[][];
  /** Text taken verbatim (margin lines, text past the run cap). */
  text?: string;
  table?: TableModel;
  formula?: FormulaLine[];
  /** Code: its lines, pieces placed at their character columns. */
  code?: string[];
  /** List items numbered with digits: the number. */
  number?: number;
  /** The text came from OCR (or an OCR layer over a scan): its styles are not trusted. */
  ocr?: boolean;

  // Layout-only, between the stage that makes a text block and the stages that classify it
  // (layout/stages.ts); removed by the inline-text stage.
  /** The block's lines with their segments and runs. */
  source?: Line[];
  /** Left edge of the block's column (list nesting, code indentation). */
  columnLeft?: number;
  /** Set apart as a footnote (layout/footnotes.ts) before classification. */
  note?: boolean;
  /** Words read by OCR from a picture on a text-layer page (layout/figures.ts): plain text, never a heading. */
  picture?: boolean;
  /** A list item whose mark OCR did not read (layout/lists.ts): its marker is not in its text. */
  markerUnread?: boolean;

  /**
   * Tables: this table goes on from the last table block of the previous page (a table continued
   * over a page break, layout/table-pages.ts). Paragraphs: this paragraph goes on from the last
   * paragraph of the previous page (a sentence cut by the page break, layout/paragraph-pages.ts).
   * The page's own Markdown keeps its part as printed (DECISIONS §8).
   */
  continues?: boolean;
  /** With `continues`: its first rows repeat the header of the part before (a joining reader drops them). */
  repeatedHeaderRows?: number;
}

export interface PageModel {
  width: number;
  height: number;
  blocks: Block[];
}

export function isFurniture(b: { type: BlockType }): boolean {
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

/** A block as the result carries it (DECISIONS §8): rendered, without its lines and layout fields. */
export interface RenderedBlock {
  type: BlockType;
  bbox: BBox;
  /** The block's Markdown (a heading with its `#`s, a list item with its marker, a table…). */
  markdown: string;
  level?: number;
  depth?: number;
  marker?: string;
  /** Tables and paragraphs continued from the previous page (see Block). */
  continues?: boolean;
  repeatedHeaderRows?: number;
}

/** A page as the result carries it: its blocks rendered (markdown/render.ts renderPage). */
export interface RenderedPage {
  width: number;
  height: number;
  blocks: RenderedBlock[];
}
