// Paragraph (lines of one column) → typed Markdown block: heading, list item, code, formula or prose.
import type { Line } from '../layout/paragraphs.js';
import type { BlockType } from '../model.js';
import { headingLevel } from '../layout/headings.js';
import { listMarker } from '../layout/lists.js';
import { EQUATION_NUMBER, formulaToLatex, isFormulaLine, isMathFontLine } from './math.js';
import { joinLinePieces, renderPieces, runPieces, type Piece } from './inline.js';

export interface BlockContext {
  body: number;
  /** Left edge of the column (for list nesting and code indentation). */
  left: number;
  fromOcr: boolean;
}

/** A paragraph's kind as decided from its lines, and its Markdown. */
export interface RenderedParagraph {
  type: Extract<BlockType, 'heading' | 'paragraph' | 'list_item' | 'code' | 'formula'>;
  markdown: string;
  level?: number;
  depth?: number;
  marker?: string;
}

export function classifyParagraph(lines: Line[], bc: BlockContext): RenderedParagraph {
  const text = lines.map((l) => l.text).join(' ');
  if (text.trim().length === 0) return { type: 'paragraph', markdown: '' };
  if (!bc.fromOcr && lines.every((l) => l.monospace) && text.length > 0) return { type: 'code', markdown: renderCode(lines, bc) };
  const assembled = lines.length === 1 ? lines[0].segs.filter((s) => s.latex !== undefined) : [];
  if (assembled.length > 0 && assembled.length === lines[0].segs.length) return { type: 'formula', markdown: assembled.map((s) => `$${s.latex}$`).join(' ') };
  // Stacked display formulas (an aligned system, a derivation): one `$…$` per line.
  if (!bc.fromOcr && lines.length > 1 && lines.length <= 8 && lines.every((l) => l.text.length <= 200 && /[=<>≤≥≠≈≡∝]/u.test(l.text))) {
    const each = lines.map((l) => classifyParagraph([l], bc).markdown);
    if (each.every((e) => e.startsWith('$'))) return { type: 'formula', markdown: each.join('\n\n') };
  }
  if (!bc.fromOcr && lines.length === 1) {
    // A display formula (operators and variables, or set in math fonts); an equation number set
    // apart at its right stays text after it.
    const segs = lines[0].segs;
    const last = segs[segs.length - 1];
    const numbered = segs.length > 1 && EQUATION_NUMBER.test(last.text.trim());
    const body = numbered ? segs.slice(0, -1) : segs;
    const runs = body.flatMap((s) => s.runs);
    if (isFormulaLine(body.map((s) => s.text).join(' ')) || isMathFontLine(runs)) return { type: 'formula', markdown: `$${formulaToLatex(runs)}$` + (numbered ? ` ${last.text.trim()}` : '') };
  }
  const size = Math.max(...lines.map((l) => l.size));
  const bold = lines.every((l) => l.bold);
  const italic = !bc.fromOcr && lines.every((l) => l.italic);
  const level = headingLevel({ text, lines: lines.length, size, bold, italic }, bc.body, bc.fromOcr ? 1.35 : 1.15);
  const pieceLines = lines.map((l) => l.segs.flatMap((s, i) => {
    const ps = runPieces(s.runs, l.rtl);
    if (i > 0 && ps.length) ps[0] = { ...ps[0], text: ' ' + ps[0].text.trimStart() };
    return ps;
  }));
  let pieces = joinLinePieces(pieceLines);
  if (level > 0) {
    const plain = renderPieces(pieces, { styles: false }).replace(/^#+\s*/, '');
    return { type: 'heading', level, markdown: `${'#'.repeat(level)} ${plain}` };
  }
  const marker = listMarker(text);
  const styles = !bc.fromOcr && !bold;
  if (marker) {
    pieces = stripMarker(pieces, marker.label.replace(/\s/g, '').length);
    const depth = Math.min(3, Math.max(0, Math.floor((lines[0].x0 - bc.left) / Math.max(1, bc.body * 1.5))));
    const indent = '  '.repeat(depth);
    const body = renderPieces(pieces, { styles });
    const item = { type: 'list_item' as const, depth, marker: marker.label.trim() };
    if (marker.ordered && marker.number !== undefined) return { ...item, markdown: `${indent}${marker.number}. ${body}` };
    const label = /^[a-zA-Z(ivx]/.test(marker.label) ? `${marker.label} ` : '';
    return { ...item, markdown: `${indent}- ${label}${body}` };
  }
  const out = renderPieces(pieces, { styles });
  return { type: 'paragraph', markdown: bold && out.length > 0 && /\p{L}{2}/u.test(out) && !bc.fromOcr ? `**${out}**` : escapeLineStart(out) };
}

/** Removes the first `n` non-space characters (the list marker) from the pieces. */
function stripMarker(pieces: Piece[], n: number): Piece[] {
  const out: Piece[] = [];
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

function escapeLineStart(s: string): string {
  // A prose line must not turn into a heading, list or quote by accident.
  return s.replace(/^(#{1,6}\s|>\s)/, '\\$1');
}

function renderCode(lines: Line[], bc: BlockContext): string {
  const left = Math.min(...lines.map((l) => l.x0));
  const charW = Math.max(1, bc.body * 0.6);
  // Each piece of a line at its character column, so aligned code stays aligned.
  const body = lines.map((l) => {
    let out = '';
    for (const s of l.segs) {
      const col = Math.min(120, Math.max(0, Math.round((s.x0 - left) / charW)));
      out += (out.length === 0 ? ' '.repeat(Math.min(40, col)) : ' '.repeat(Math.max(1, col - out.length))) + s.text;
    }
    return out;
  });
  return '```\n' + body.join('\n') + '\n```';
}
