// Text that does not run left to right on the page: a figure's caption set sideways, axis titles,
// labels along a curve, a diagonal watermark. The reading flow is built from upright lines, so
// these runs used to be left out, and their words were lost (issue 9). Here they are chained
// into lines along their own baselines (each run starting where the previous one ended, which
// follows straight and curved paths alike) and kept as blocks after the page's body text.
// Provenance stamps along the margin and bare page numbers stay out, as they do upright.
import type { Block, InlinePiece } from '../model.js';
import { isCaptionLine, isPageNumber, isSideStamp, isStamp } from './margins.js';
import type { TextRun } from './types.js';

/** The next run continues a line when it starts within this many font sizes of the last one's end. */
const CHAIN_GAP_EM = 1.0;
/** …and wider than this gap is a word space. */
const WORD_GAP_EM = 0.15;
/** Lines of one block: the same direction (radians) … */
const SAME_DIRECTION = 0.05;
/** … with baselines at most this many font sizes apart. */
const LINE_PITCH_EM = 2;
/** Bound on the runs considered (a page of rotated glyphs is read by page-turn.ts instead). */
const MAX_RUNS = 5000;

interface Chain {
  runs: TextRun[];
  text: string;
  angle: number;
  size: number;
}

function angleOf(p: readonly number[]): number {
  return Math.atan2(p[3] - p[1], p[2] - p[0]);
}

/**
 * Where a run's ink ends: pdf.js may fold a following space into a run ("r "), and its width with
 * it; the end is then taken in proportion to the visible characters.
 */
function inkEnd(r: TextRun): [number, number] {
  const p = r.path!;
  const share = r.text.length > 0 ? r.text.trimEnd().length / r.text.length : 1;
  return [p[0] + (p[2] - p[0]) * share, p[1] + (p[3] - p[1]) * share];
}

function chains(runs: TextRun[]): Chain[] {
  const out: Chain[] = [];
  let cur: Chain | undefined;
  for (const r of runs) {
    const p = r.path!;
    const last = cur?.runs[cur.runs.length - 1];
    const end = last ? inkEnd(last) : undefined;
    const gap = end ? Math.hypot(p[0] - end[0], p[1] - end[1]) : Infinity;
    if (cur && last && gap <= CHAIN_GAP_EM * Math.max(r.fontSize, last.fontSize)) {
      cur.text = cur.text.trimEnd() + (gap > WORD_GAP_EM * r.fontSize && !/^\s/.test(r.text) ? ' ' : '') + r.text;
      cur.runs.push(r);
      continue;
    }
    cur = { runs: [r], text: r.text, angle: angleOf(p), size: r.fontSize };
    out.push(cur);
  }
  return out;
}

/** Perpendicular distance from a chain's start to the previous chain's baseline. */
function offset(a: Chain, b: Chain): number {
  const p = a.runs[0].path!;
  const q = b.runs[0].path!;
  return Math.abs(-Math.sin(a.angle) * (q[0] - p[0]) + Math.cos(a.angle) * (q[1] - p[1]));
}

function keep(text: string): boolean {
  const t = text.replace(/\s+/g, ' ').trim();
  return /[\p{L}\p{N}]/u.test(t) && !isPageNumber(t) && !isStamp(t) && !isSideStamp(t);
}

/** Blocks for the page's rotated runs (those with a baseline path), in the order they were drawn. */
export function sidewaysBlocks(runs: TextRun[]): Block[] {
  const lines = chains(runs.filter((r) => r.rotated && r.path && r.text.trim() !== '').slice(0, MAX_RUNS)).filter((c) => keep(c.text));
  const groups: Chain[][] = [];
  for (const c of lines) {
    const g = groups[groups.length - 1];
    const prev = g?.[g.length - 1];
    if (prev && Math.abs(prev.angle - c.angle) < SAME_DIRECTION && offset(prev, c) <= LINE_PITCH_EM * Math.max(prev.size, c.size)) g.push(c);
    else groups.push([c]);
  }
  return groups.map((g) => {
    const all = g.flatMap((c) => c.runs);
    const bbox: Block['bbox'] = [Math.min(...all.map((r) => r.x)), Math.min(...all.map((r) => r.y)), Math.max(...all.map((r) => r.x + r.width)), Math.max(...all.map((r) => r.y + r.height))];
    const pieces: InlinePiece[] = g.map((c, i) => ({ text: (i > 0 ? ' ' : '') + c.text.trim(), bold: c.runs.every((r) => r.bold), italic: c.runs.every((r) => r.italic) }));
    const lines = g.map((c) => ({ text: c.text.trim(), bbox }));
    // Direction and size stay with the block: a large diagonal stamp is told from them (watermarks.ts).
    const angle = (g[0].angle * 180) / Math.PI;
    return { type: isCaptionLine(lines[0].text) ? 'caption' : 'paragraph', bbox, lines, inline: [pieces], angle, size: Math.max(...g.map((c) => c.size)) };
  });
}
