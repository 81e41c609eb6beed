// The ground truth a synthetic case carries: per page, its content blocks in reading order and
// its furniture lines (running headers/footers, folios) that a converter should leave out.
export interface TruthCell {
  row: number;
  col: number;
  rowSpan: number;
  colSpan: number;
  /** Cell text, lines of a multi-line cell joined by one space; '' for an empty cell. */
  text: string;
}

/** [x0, y0, x1, y1] in points from the page's top-left corner (as the engine's blocks). */
export type BBox = [number, number, number, number];

export type TruthBlock =
  | { kind: 'heading'; level: number; text: string }
  /**
   * Prose, captions, footnotes, template lines: text that must appear, in order. `continues`: the
   * rest of the previous page's last paragraph, a sentence cut by the page break.
   */
  | { kind: 'paragraph'; text: string; continues?: boolean }
  | { kind: 'list-item'; text: string; depth: number; ordered: boolean }
  /**
   * A form field: its printed label and the value filled in (typed over a blank, in a box, or held
   * only by an AcroForm widget). A reader needs the value right after its label.
   */
  | { kind: 'field'; label: string; value: string }
  /** A check box (drawn square or AcroForm widget) with its label to the right, ticked or not. */
  | { kind: 'check'; label: string; checked: boolean }
  /** `headerRows`: rows at the top that are headings (group headings, column headings, units). */
  | { kind: 'table'; rows: number; cols: number; cells: TruthCell[]; headerRows?: number };

export interface TruthPage {
  blocks: TruthBlock[];
  /** The box of each block, same order (set when the block is recorded). */
  boxes: BBox[];
  furniture: string[];
  /** The box of each furniture line, same order. */
  furnitureBoxes: BBox[];
  /** List bullets and numbers, footnote markers: drawn, but neither words to find nor to leave out. */
  markers: string[];
  /** The LaTeX of each display equation printed on the page, in reading order (the `math` family). */
  equations?: string[];
}

export interface CaseTruth {
  pages: TruthPage[];
  /**
   * The blocks' boxes are not known (a browser laid the pages out, html/print.ts; a scan's frame): the checks
   * that read boxes (block-boxes, continued-paragraphs) do not apply.
   */
  unboxed?: boolean;
  /** The pages reach the converter only as pixels (a scan): words are matched OCR-tolerantly. */
  scanned?: boolean;
}

export interface SyntheticCase {
  /** `<family>-<seed>`: regenerates the same bytes and truth. */
  id: string;
  family: string;
  /** What the generator chose (alignment, rules, columns…), for reading failures. */
  variant: string;
  bytes: Uint8Array;
  truth: CaseTruth;
}

/** The text of a block as the words a reader should find (tables row by row, cell by cell). */
export function blockText(block: TruthBlock): string {
  if (block.kind === 'field') return `${block.label} ${block.value}`;
  if (block.kind === 'check') return block.label;
  if (block.kind !== 'table') return block.text;
  return [...block.cells].sort((a, b) => a.row - b.row || a.col - b.col).map((c) => c.text).filter((t) => t !== '').join(' ');
}
