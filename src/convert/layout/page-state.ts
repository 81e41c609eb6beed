// What the page stages (stages.ts) hand each other, from the page's runs to its typed blocks.
import type { Block } from '../model.js';
import type { Box, PageLayoutInput, TextRun } from './types.js';
import type { Segment } from './lines.js';
import type { Item } from './regions.js';
import type { PreparedRuns } from './prepare-runs.js';
import type { OpenRegion } from './ruled-tables.js';

/** A table or figure placed whole (never split by the reading order), with its blocks. */
export interface Atom {
  box: Box;
  blocks: Block[];
}

export interface PageState {
  input: PageLayoutInput;
  /** The page's body font size (points). */
  body: number;
  /** OCR words, or an OCR layer over a page scan. */
  ocr: boolean;
  /** Every run kept, before the run cap. */
  all: TextRun[];
  /** The body text's baseline pitch per point of size (paragraphs.ts bodyLeading), once lines are built. */
  leading?: number;
  /** Runs not yet placed in a table. */
  runs: TextRun[];
  /** Rotated runs, read apart after the body (sideways.ts). */
  sideways: TextRun[];
  atoms: Atom[];
  /** Regions between horizontal rules with no grid (booktabs tables, maybe), with their rules. */
  open: OpenRegion[];
  /** What the reading order places: body segments, and the atoms once they are laid. */
  items: Item[];
  /** Margin lines set aside as furniture, with the lineIds of folios and numbered lines. */
  margins: { lines: Segment[]; folios: Set<number>; numbered: Set<number> };
  /** Footnote lines, read after the body. */
  notes: Segment[];
  /** The page's blocks in reading order (furniture excepted until the last stage). */
  blocks: Block[];
}

/** The state the page stages start from: prepared runs (prepare-runs.ts), nothing placed yet. */
export function initialPageState(input: PageLayoutInput, prepared: PreparedRuns): PageState {
  return {
    input,
    body: prepared.body,
    ocr: prepared.ocr,
    all: prepared.all,
    runs: prepared.runs,
    sideways: prepared.sideways,
    atoms: [],
    open: [],
    items: [],
    margins: { lines: [], folios: new Set(), numbered: new Set() },
    notes: [],
    blocks: [],
  };
}

/** One step from the page's runs towards its blocks: a pure function of the state. */
export type PageStage = (s: PageState) => PageState;

export function boxBBox(b: Box): [number, number, number, number] {
  return [b.x, b.y, b.x + b.width, b.y + b.height];
}

/** The narrowest gap between columns that the reading order takes for a gutter. */
export function gutterMin(s: { body: number }): number {
  return Math.max(s.body * 0.9, 4);
}
