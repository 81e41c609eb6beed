// The page's runs made ready for layout: rotated heading rows set upright, TeX font styles read,
// rotated runs set apart, fake bold (overprint) collapsed, a page set all in a fixed-width face not taken for code, OCR
// sizes evened out per line, the run cap applied, the body size found and drop caps joined.
import type { PageLayoutInput, TextRun } from './types.js';
import { groupLines } from './lines.js';
import { readListMarks } from './ocr-marks.js';
import { dominantSize } from './headings.js';
import { MIN_PAGE_CHARS_FOR_BODY, recordSizes, type LayoutContext } from './context.js';
import { MAX_RUNS_PER_PAGE } from './limits.js';
import { joinDropCaps } from './dropcap.js';
import { applyTexFontStyles } from './tex-fonts.js';
import { unrotateHeadingRows } from './rotated.js';

export interface PreparedRuns {
  /** Every run kept, before the cap (what lies past MAX_RUNS_PER_PAGE is kept as plain text). */
  all: TextRun[];
  /** The runs laid out. */
  runs: TextRun[];
  body: number;
  /** OCR words, or an OCR layer over a page scan. */
  ocr: boolean;
  /** Rotated runs that are no table heading row: read apart, after the body (sideways.ts). */
  sideways: TextRun[];
}

function sizeSamples(runs: TextRun[]): Map<number, number> {
  const m = new Map<number, number>();
  for (const r of runs) {
    const k = Math.round(r.fontSize * 2) / 2;
    m.set(k, (m.get(k) ?? 0) + r.text.replace(/\s/g, '').length);
  }
  return m;
}

/** Proportional text below this many characters does not set the body apart from a page's code. */
const MIN_PROSE_CHARS = 80;

/**
 * The text that sets the body size: the proportional face's when the page has some prose in it.
 * Code listings are set in a fixed-width face and often smaller than the prose (8 pt listings under
 * 10 pt text); on a page mostly of code their size became the body, and every plain line of prose
 * between the listings read as "larger than the body", a heading (issue 9: a manual's "Let us
 * return to the program…:" as a heading). A page wholly fixed-width has its flags cleared before
 * (monospaceOnlyWhenDistinct), so it keeps its own size.
 */
export function bodySamples(runs: TextRun[]): TextRun[] {
  let prose = 0;
  // Words, not figures: a listing's line numbers are often set in the proportional face.
  for (const r of runs) if (!r.monospace && /\p{L}{2}/u.test(r.text)) prose += r.text.replace(/\s/g, '').length;
  return prose >= MIN_PROSE_CHARS ? runs.filter((r) => !r.monospace) : runs;
}

/** The page's body size; a sparse page borrows the document's (context.ts). Records the page's sizes. */
function bodySizeFor(runs: TextRun[], ctx: LayoutContext): number {
  const samples = sizeSamples(bodySamples(runs));
  let chars = 0;
  for (const n of samples.values()) chars += n;
  recordSizes(ctx, samples);
  if (chars >= MIN_PAGE_CHARS_FOR_BODY || ctx.sizeChars.size === 0) return dominantSize(samples) || 10;
  return dominantSize(ctx.sizeChars) || dominantSize(samples) || 10;
}

/**
 * Fake bold and shadows: the same text drawn twice (or more) a fraction of a point apart. The
 * copies go, the survivor is bold. Copies are looked up in neighbouring buckets too: a shadow drawn
 * ten times, each a little lower, crosses a bucket's edge.
 */
export function dropOverprint(runs: TextRun[]): TextRun[] {
  const seen = new Map<string, TextRun[]>();
  const out: TextRun[] = [];
  const promoted = new Map<TextRun, TextRun>();
  for (const r of runs) {
    // Buckets as tall as the tolerance: a copy within it lies in its bucket or a neighbour.
    const reach = 0.25 * r.fontSize;
    const y = Math.round(r.y / Math.max(reach, 0.1));
    const key = `${r.text}|${y}`;
    const close = (o: TextRun) => Math.abs(o.x - r.x) < reach && Math.abs(o.y - r.y) < reach;
    const near = seen.get(key)?.find(close) ?? seen.get(`${r.text}|${y - 1}`)?.find(close) ?? seen.get(`${r.text}|${y + 1}`)?.find(close);
    if (near) {
      promoted.set(near, { ...(promoted.get(near) ?? near), bold: true });
      continue;
    }
    const list = seen.get(key);
    if (list) list.push(r);
    else seen.set(key, [r]);
    out.push(r);
  }
  return promoted.size ? out.map((r) => promoted.get(r) ?? r) : out;
}

/** A picture covering most of the page behind the text: a scan with an OCR text layer. */
function scannedBackdrop(input: PageLayoutInput): boolean {
  const area = input.width * input.height;
  return input.images.some((b) => b.width * b.height > 0.6 * area);
}

/**
 * Each run takes its line's median font size (rounded to 0.5 pt). Styles are dropped, except the
 * weight our own OCR measured from the ink (`measuredWeight`, ocr/stroke-weight.ts): another
 * engine's invisible layer over a scan names whatever font it drew with.
 */
function evenLineSizes(runs: TextRun[], measuredWeight: boolean): TextRun[] {
  const out: TextRun[] = [];
  for (const line of groupLines(runs)) {
    const sizes = line.map((r) => r.fontSize).sort((a, b) => a - b);
    const size = Math.round(sizes[Math.floor(sizes.length / 2)] * 2) / 2 || sizes[0];
    for (const r of line) out.push({ ...r, fontSize: size, bold: measuredWeight && r.bold, italic: false });
  }
  return out;
}

/** Words in a line of proportional type that make it prose, not a letterhead or a label. */
const PROSE_LINE_WORDS = 6;

/**
 * A page set entirely in a fixed-width face (typewriter, OCR layer) has no code blocks. A page
 * mostly of code still has its prose in a proportional face (a vignette's sentences between its
 * listings and their output, issue 9): two lines of such prose make the fixed-width face distinct.
 */
function monospaceOnlyWhenDistinct(runs: TextRun[]): TextRun[] {
  let mono = 0;
  let chars = 0;
  for (const r of runs) {
    chars += r.text.length;
    if (r.monospace) mono += r.text.length;
  }
  if (chars === 0 || mono < 0.6 * chars) return runs;
  let proseLines = 0;
  for (const line of groupLines(runs)) {
    const words = line.filter((r) => !r.monospace).flatMap((r) => r.text.split(/\s+/)).filter((w) => /\p{L}{2}/u.test(w)).length;
    if (words >= PROSE_LINE_WORDS && ++proseLines >= 2) return runs;
  }
  return runs.map((r) => (r.monospace ? { ...r, monospace: false } : r));
}

export function prepareRuns(input: PageLayoutInput, ctx: LayoutContext): PreparedRuns {
  const unrotated = input.fromOcr ? input.runs : unrotateHeadingRows(input.runs);
  let all = unrotated.filter((r) => !r.rotated && r.text.trim().length > 0);
  // Text that does not run left to right is read apart, after the body (sideways.ts).
  const sideways = input.fromOcr ? [] : unrotated.filter((r) => r.rotated && r.path && r.text.trim().length > 0);
  all = monospaceOnlyWhenDistinct(dropOverprint(input.fromOcr ? all : applyTexFontStyles(all)));
  // OCR words (and invisible OCR layers over a page scan) carry one size per word: even them out.
  const ocr = input.fromOcr || scannedBackdrop(input);
  if (ocr) all = evenLineSizes(all, input.fromOcr === true);
  // Bullets and dashes read as "*", "~", "e"…, and numbers read "1,", are read as the marks they are (ocr-marks.ts).
  if (input.fromOcr) all = readListMarks(all);
  const capped = all.length > MAX_RUNS_PER_PAGE ? all.slice(0, MAX_RUNS_PER_PAGE) : all;
  const body = bodySizeFor(capped, ctx);
  return { all, runs: joinDropCaps(capped, body), body, ocr, sideways };
}
