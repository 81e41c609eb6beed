// Code: a block set entirely in a fixed-width face (not on OCR pages, whose faces say nothing) is
// code; each piece of a line keeps its character column, so aligned code stays aligned.
import type { Block } from '../model.js';
import type { Line } from './paragraphs.js';
import { undecided, type BlockStage, type PageFacts } from './stage.js';

/** Widest indentation and column kept, in characters. */
const MAX_INDENT = 40;
const MAX_COLUMN = 120;

function codeLines(lines: Line[], body: number): string[] {
  const left = Math.min(...lines.map((l) => l.x0));
  const charW = Math.max(1, body * 0.6);
  return lines.map((l) => {
    let out = '';
    for (const s of l.segs) {
      const col = Math.min(MAX_COLUMN, Math.max(0, Math.round((s.x0 - left) / charW)));
      out += (out.length === 0 ? ' '.repeat(Math.min(MAX_INDENT, col)) : ' '.repeat(Math.max(1, col - out.length))) + s.text;
    }
    return out;
  });
}

export const codeStage: BlockStage = (blocks: Block[], page: PageFacts) =>
  blocks.map((b): Block => {
    if (page.ocr || !undecided(b) || !b.source!.every((l) => l.monospace)) return b;
    return { ...b, type: 'code', code: codeLines(b.source!, page.body) };
  });
