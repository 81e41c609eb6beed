// Text blocks: the segments of one flow (a column, a region between figures) grouped into lines and
// paragraphs (paragraphs.ts), each an untyped text block holding its source lines for the stages
// that decide what it is (stages.ts); and, once they have, its text as styled pieces.
import { unionBBox, type BBox, type Block, type InlinePiece } from '../model.js';
import { joinLinePieces, mergeStyles, runPieces } from '../markdown/inline.js';
import { keepsLineEndHyphen, pageWords, type PageWords } from './hyphens.js';
import type { Segment } from './lines.js';
import { flowLines, groupParagraphs, type Line, type PageMeasure } from './paragraphs.js';
import type { BlockStage, PageFacts } from './stage.js';

export function spanBBox(s: { x0: number; x1: number; top: number; bottom: number }): BBox {
  return [s.x0, s.top, s.x1, s.bottom];
}

/** The paragraphs of one flow's segments, as untyped text blocks in reading order (`page`: its body size and leading, paragraphs.ts bodyLeading). */
export function textBlocks(segs: Segment[], note = false, page: PageMeasure = {}): Block[] {
  if (segs.length === 0) return [];
  const lines = flowLines(segs);
  const left = Math.min(...lines.map((l) => l.x0));
  return groupParagraphs(lines, page).map((para): Block => {
    const block: Block = {
      type: 'paragraph',
      bbox: unionBBox(para.map(spanBBox)),
      lines: para.map((s) => ({ text: s.text, bbox: spanBBox(s) })),
      size: Math.max(...para.map((l) => l.size)),
      bold: para.every((l) => l.bold),
      italic: para.every((l) => l.italic),
      source: para,
      columnLeft: left,
    };
    if (note) block.note = true;
    return block;
  });
}

/** Removes the first `n` non-space characters (a list marker) from the pieces. */
function stripMarker(pieces: InlinePiece[], n: number): InlinePiece[] {
  const out: InlinePiece[] = [];
  let left = n;
  for (const p of pieces) {
    if (left <= 0) {
      out.push(p);
      continue;
    }
    let k = 0;
    while (k < p.text.length && left > 0) {
      if (!/\s/.test(p.text[k])) left--;
      k++;
    }
    const rest = p.text.slice(k);
    if (rest.length > 0) out.push({ ...p, text: rest });
  }
  if (out.length) out[0] = { ...out[0], text: out[0].text.trimStart() };
  return out;
}

/** A paragraph's lines as styled pieces, de-hyphenated across line ends (compounds keep theirs: hyphens.ts). */
function linePieces(lines: Line[], words?: PageWords): InlinePiece[] {
  return joinLinePieces(
    lines.map((l) =>
      l.segs.flatMap((s, i) => {
        const ps = runPieces(s.runs, l.rtl);
        if (i > 0 && ps.length) ps[0] = { ...ps[0], text: ' ' + ps[0].text.trimStart() };
        return ps;
      }),
    ),
    (head, tail) => keepsLineEndHyphen(head, tail, words),
  );
}

/**
 * The text of every text block as styled pieces (a list item's without its marker), the last
 * stage to need the source lines: they are dropped here, so the page model stays small.
 */
export const inlineTextStage: BlockStage = (blocks: Block[], page: PageFacts) => {
  const words = pageWords(blocks.flatMap((b) => (b.source ?? []).map((l) => l.text)));
  return blocks.map((b): Block => {
    if (!b.source) return b;
    const { source, columnLeft: _left, picture, markerUnread, ...rest } = b;
    if (b.type === 'code' || b.type === 'formula') return rest;
    let pieces = linePieces(source, words);
    if (b.marker !== undefined && !markerUnread) pieces = stripMarker(pieces, b.marker.replace(/\s/g, '').length);
    pieces = mergeStyles(pieces);
    return page.ocr || picture ? { ...rest, inline: [pieces], ocr: true } : { ...rest, inline: [pieces] };
  });
};
