// What every block stage of the page layout shares (layout/stages.ts): the signature, and the page
// facts the decisions depend on.
import type { Block } from '../model.js';

export interface PageFacts {
  /** The page's body font size (points). */
  body: number;
  /** OCR words, or an OCR layer over a scan: loose geometry, one size per word, no styles. */
  ocr: boolean;
}

/** One decision over a page's blocks in reading order: a pure function, blocks in, blocks out. */
export type BlockStage = (blocks: Block[], page: PageFacts) => Block[];

/** A text block that no stage has typed yet: a paragraph still holding its source lines. */
export function undecided(b: Block): boolean {
  return b.type === 'paragraph' && b.source !== undefined && b.inline === undefined && b.source.some((l) => /\S/.test(l.text));
}

/** The plain text of a text block's source lines, joined by spaces. */
export function sourceText(b: Block): string {
  return (b.source ?? []).map((l) => l.text).join(' ');
}
