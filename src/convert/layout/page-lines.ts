// Runs → line segments; margin lines set aside as furniture, dot leaders dropped, stacked formula
// pieces assembled, footnote lines set apart to be read after the body.
import { unionBBox, type Block } from '../model.js';
import { buildSegments, type Segment } from './lines.js';
import { splitMarginLines } from './margins.js';
import { dropLineNumbers } from './line-numbers.js';
import { assembleMath } from './math2d.js';
import { assembleDisplayMath } from './display-math.js';
import { splitFootnotes } from './footnotes.js';
import { OCR_SEGMENT_GAP_EM, SEGMENT_GAP_EM } from './limits.js';
import { spanBBox } from './text-blocks.js';
import { bodyLeading } from './paragraphs.js';
import type { PageState } from './page-state.js';

/**
 * A piece of a formula with no letter or digit: a big operator, root or relation sign, a bracket
 * beside an operator, or the pieces tall delimiters are built of (U+239B-23B3: ⎡ ⎤ ⎣ ⎦ ⎧ ⎨ ⎩ …,
 * "⎤ ⎡ ⎤" where one matrix closes and the next opens). Dot leaders, rules drawn with characters
 * and symbol-font decorations have none of these.
 */
const MATH_PIECE = /[∑∏∫∮√∂∇±∓×≤≥≈≡≠∞∈∝\u239B-\u23B3]|[()[\]{}].*[=+−<>]|[=+−<>].*[()[\]{}]/u;

export function linesStage(s: PageState): PageState {
  // Line numbers in the margins number the lines; they are not text of them (line-numbers.ts).
  let segs = buildSegments(dropLineNumbers(s.runs), s.ocr ? OCR_SEGMENT_GAP_EM : SEGMENT_GAP_EM, s.body);
  const margins = splitMarginLines(segs, s.input.height, s.body, s.ocr);
  segs = margins.body;
  // Dot leaders and drawn-with-characters rules carry no text; a piece of a formula without
  // letters or digits (") − ∫", issue 9) is no leader.
  segs = segs.filter((g) => g.text.length < 4 || /[\p{L}\p{N}]/u.test(g.text) || MATH_PIECE.test(g.text));
  if (!s.ocr) {
    // Whole display equations first (display-math.ts); math2d's pairings on what is left.
    const withDisplays = assembleDisplayMath(segs, s.input.rules);
    const displays = withDisplays.filter((g) => g.latex !== undefined);
    segs = displays.length === 0 ? assembleMath(segs) : [...assembleMath(withDisplays.filter((g) => g.latex === undefined)), ...displays];
  }
  const foot = splitFootnotes(segs, s.body, s.input.height);
  const items = foot.body.map((seg) => ({ x0: seg.x0, x1: seg.x1, top: seg.top, bottom: seg.bottom, seg }));
  return { ...s, items, leading: bodyLeading(foot.body, s.body), notes: foot.notes, margins: { lines: margins.furniture, folios: margins.folios, numbered: margins.numbered } };
}

/** Margin lines set aside by splitMarginLines, one furniture block per line, top to bottom. */
export function marginBlocks(s: PageState): Block[] {
  const byLine = new Map<number, Segment[]>();
  for (const g of s.margins.lines) {
    const l = byLine.get(g.lineId);
    if (l) l.push(g);
    else byLine.set(g.lineId, [g]);
  }
  const blocks: Block[] = [];
  for (const [id, line] of byLine) {
    line.sort((a, b) => a.x0 - b.x0);
    const text = line.map((g) => g.text).join(' ');
    const bbox = unionBBox(line.map(spanBBox));
    const type = (bbox[1] + bbox[3]) / 2 < s.input.height / 2 ? 'page_header' : 'page_footer';
    // Sized as text blocks are (their largest line): the document pass compares a running line's
    // occurrences by size, and a title in display type is no running line (furniture.ts).
    const size = Math.max(...line.map((g) => g.size));
    const block: Block = { type, bbox, text, lines: [{ text, bbox }], size, folio: s.margins.folios.has(id) };
    if (s.margins.numbered.has(id)) block.numbered = true;
    // Its weight and source, should the document pass take it back as text (furniture.ts asContent).
    if (line.every((g) => g.bold)) block.bold = true;
    if (s.ocr) block.ocr = true;
    blocks.push(block);
  }
  return blocks.sort((a, b) => a.bbox[1] - b.bbox[1]);
}
