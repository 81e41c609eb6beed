// Bold type on a scan, from its ink. Tesseract reports no font weight (its LSTM engine has none),
// so every OCR word was regular and a bold heading at the body's size — a subsection title, a run-in
// head, a numbered "1.1.1 Scope" — read as a one-line paragraph (issue 9: scans, headings 61 % on
// seed 37000). A bold face is the regular one with thicker stems: Times' stem is ~0.085 em regular
// and ~0.14 bold, Helvetica's ~0.09 and ~0.14. A line's stem width is the median width of the dark
// runs along its rows (most cross a stem or a bowl's side), each run counting its grey edge pixels
// as their share of ink, so it is sub-pixel even at 100 dpi; per em of the line's size, against the
// body's, blur and ink darkness shift every line alike. (Area over outline, tried first, separated
// bold titles only 1.26-1.30× from the body: serifs and hairlines do not thicken with the stems.)
import type { GrayImage } from '../pdf/render.js';
import type { TextRun } from '../layout/types.js';
import { median } from '../layout/order-stats.js';
import type { PageGreys } from './threshold.js';

/**
 * A line whose stem width, per em of its size, is this many times the body's is bold. Scans seeds
 * 37000 and 1000 (60 cases): body lines 0.9-1.15, bold titles 1.35-1.9, few lines between.
 */
export const BOLD_STROKE_RATIO = 1.3;
/** Lines of body text needed to know the body's weight (a page of a few lines has no reference). */
const MIN_BODY_LINES = 4;
/**
 * A line measured over fewer dark runs than this says too little: a short line of a noisy 120 dpi
 * scan ("increase share.", 106 runs) measured 1.39× the body, in regular type.
 */
const MIN_RUNS = 150;
/** A line needs this many letters in its words to be weighed. */
const MIN_LETTERS = 4;
const WORD = /^["'“‘(]?\p{L}[\p{L}'’-]*[.,;:!?"'”’)]*$/u;

const letters = (text: string) => text.replace(/[^\p{L}]/gu, '').length;

interface Levels {
  threshold: number;
  paper: number;
  ink: number;
}

/** Paper and ink greys of a page: Otsu's split, the commonest grey above it, the 10th percentile below. */
function levelsOf({ hist, threshold, paper }: PageGreys): Levels {
  let dark = 0;
  for (let v = 0; v < threshold; v++) dark += hist[v];
  let ink = 0;
  for (let v = 0, seen = 0; v < threshold; v++) {
    seen += hist[v];
    if (seen >= dark / 10) {
      ink = v;
      break;
    }
  }
  return { threshold, paper, ink };
}

/** The dark runs along the rows of a box, each as wide as the ink it holds (its grey edges in part). */
function inkRuns(img: GrayImage, lv: Levels, x0: number, y0: number, x1: number, y1: number, out: number[]): void {
  const { data, width, height } = img;
  const left = Math.max(0, Math.floor(x0));
  const top = Math.max(0, Math.floor(y0));
  const right = Math.min(width, Math.ceil(x1));
  const bottom = Math.min(height, Math.ceil(y1));
  const span = Math.max(1, lv.paper - lv.ink);
  const cover = (v: number) => Math.min(1, Math.max(0, (lv.paper - v) / span));
  for (let y = top; y < bottom; y++) {
    const row = y * width;
    let x = left;
    while (x < right) {
      if (!(data[row + x] < lv.threshold)) {
        x++;
        continue;
      }
      let w = x > left ? cover(data[row + x - 1]) : 0;
      while (x < right && data[row + x] < lv.threshold) w += cover(data[row + x++]);
      if (x < right) w += cover(data[row + x]);
      out.push(w);
    }
  }
}

/**
 * Marks bold the runs of each OCR line whose ink is heavier than the body's. `lineOf[i]` is the
 * line of `runs[i]` (Tesseract's own lines); runs are in points, `img` is the image they were read
 * from, `greys` its greys (threshold.ts pageGreys). Returns the runs, changed in place.
 */
export function markBoldLines(img: GrayImage, greys: PageGreys, runs: TextRun[], lineOf: readonly number[]): TextRun[] {
  if (runs.length === 0) return runs;
  const ppp = img.pointsPerPixel;
  const levels = levelsOf(greys);
  const lines = new Map<number, { widths: number[]; size: number; letters: number; members: number[] }>();
  runs.forEach((r, i) => {
    let line = lines.get(lineOf[i]);
    if (!line) lines.set(lineOf[i], (line = { widths: [], size: r.fontSize / ppp, letters: 0, members: [] }));
    // A bold line's figures and marks are bold with it.
    line.members.push(i);
    // Only words are weighed: figures are set heavier than letters in many faces (a column of
    // numbers measured 1.3-1.7× the body), and a mark or a stray glyph is too small to measure.
    if (!WORD.test(r.text)) return;
    inkRuns(img, levels, r.x / ppp, r.y / ppp, (r.x + r.width) / ppp, (r.y + r.height) / ppp, line.widths);
    line.letters += letters(r.text);
  });
  const weighed = [...lines.values()].filter((l) => l.widths.length >= MIN_RUNS && l.letters >= MIN_LETTERS && l.size > 0)
    .map((l) => ({ l, w: median(l.widths) / l.size }));
  if (weighed.length < MIN_BODY_LINES) return runs;
  // The body's weight: the median line by letters.
  const byWeight = [...weighed].sort((a, b) => a.w - b.w);
  const total = byWeight.reduce((s, x) => s + x.l.letters, 0);
  let seen = 0;
  const body = byWeight.find((x) => (seen += x.l.letters) >= total / 2)!.w;
  for (const { l, w } of weighed) if (w >= BOLD_STROKE_RATIO * body) for (const i of l.members) runs[i].bold = true;
  return runs;
}
