// Lines of text that Tesseract's page segmentation left out (issue 9: no lost text). On a noisy,
// faint or low-resolution scan its layout analysis takes some text lines for noise or picture and
// never recognizes them: a 100 dpi page with sensor noise lost four consecutive list items of
// thirty, their words nowhere in the TSV, while the same lines cut out and read alone read cleanly.
// What it dropped is still ink on the page: ink in rows of text height that no read word covers.
// Those bands are cut out with every word already read painted over as paper (so nothing is read
// twice) and read again as blocks of text (ocr/index.ts readLostLines). Pages whose every line was
// read have no such band and pay only this scan (a few passes over the pixels).
import type { RuleLine, TextRun } from '../layout/types.js';
import type { GrayImage } from '../pdf/render.js';
import { median } from '../layout/order-stats.js';
import { gaussianBlur, NOISY_PAGE_MIN_LEVEL, noiseLevel } from './denoise.js';
import { scaleUp } from './image.js';
import { lineInkExtentEm } from './line-size.js';
import { pageGreys } from './threshold.js';

/** A band of unread ink cut out of the page: its pixels (enlarged when small) and where it sits (points). */
export interface LostLine {
  x: number;
  y: number;
  image: GrayImage;
}

/** Fewer read words than this: no text size to measure bands by (a page read as nothing has OCR's own retries, ocr/index.ts). */
const MIN_READ_WORDS = 3;
/** A read word's letters are widened by this share of an em: their halos (a bullet's gap stays unread). */
const COVER_PAD_X = 0.35;
const COVER_PAD_Y = 0.2;
/** A row holds text when this share of an em (in pixels) of its unread pixels is ink: a letter's strokes, not a speck. */
const ROW_INK_SHARE = 0.5;
/** Rows of text this far apart (ems) belong to one band: the gap between two lines of a paragraph. */
const ROW_GAP = 0.25;
/** A band is text between half an em and this many ems tall (a paragraph); taller is a picture or a stain. */
const MIN_BAND_EMS = 0.5;
const MAX_BAND_EMS = 12;
/** Ink pieces of a band closer than this (ems) are one run of words: a gutter is wider. */
const WORD_GAP = 1.6;
/** A run of words is at least this wide (ems): two letters, not a dot or a rule's end. */
const MIN_RUN_WIDTH = 3;
/**
 * Inside a ruled cell (a vertical rule on both sides, within CELL_WALL_EMS and no other ink between)
 * a run may be this narrow (ems): a cell's figure ("40.0") that Tesseract left out of a scanned grid.
 */
const MIN_CELL_RUN_WIDTH = 1;
/** A figure of a column of them is at least this wide (ems): one digit. */
const MIN_FIGURE_WIDTH = 0.35;
/** Figures stacked a column: at least this many rows, each at most this many ems under the last (an empty cell or two between). */
const FIGURE_COLUMN_ROWS = 3;
const COLUMN_ROW_GAP = 4;
const CELL_WALL_EMS = 8;
/** Pixels around a rule's line that are the rule's (its thickness, blur and halo). */
const RULE_HALO_PX = 2;
/** A vertical rule crossing this share of a band's rows walls its runs off from each other. */
const WALL_ROW_SHARE = 0.5;
/**
 * Unread ink this close (ems) beside a read word, on its rows, is a word of a line Tesseract read and
 * could not make out (it reads as unclearly again): only lines and blocks it never saw are lost.
 */
const SAME_LINE_GAP = 1.5;
/** A band's ink covers between these shares of its box: less is dust, more is a picture or a bar. */
const MIN_INK_DENSITY = 0.04;
const MAX_INK_DENSITY = 0.7;
/** A figure's box is mostly ink (digits set tight, bold, blurred at low resolution): up to this share. */
const MAX_FIGURE_INK_DENSITY = 0.9;
/** Margin kept around a cut band (ems): the letters' own edges. */
const CROP_PAD = 0.4;
/** Paper set around the cut band (ems), as a page's margin is. */
const PAPER_BORDER = 1;
/**
 * Cut bands are enlarged so that their text is about this tall (pixels): read alone, small print at
 * 100-150 dpi loses letters that Tesseract reads once enlarged (a 9 pt line at 100 dpi: "b) Began
 * across moreover" read at confidence 19-72 as cut, 61-95 enlarged three times).
 */
const READ_EM_PX = 36;
const MAX_ENLARGE = 3;
/** At most this many bands are read again per page, the largest first (the cost stays one extra process). */
export const MAX_LOST_LINES = 24;
/** Cut bands together may cover at most this share of the page: more is a page of pictures, not of lost lines. */
const MAX_LOST_AREA_SHARE = 0.35;

interface Band {
  y0: number;
  y1: number;
}

interface Run {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  ink: number;
  /** Narrower than a run of words (MIN_RUN_WIDTH): a figure, kept only as part of a column (figureColumns). */
  narrow?: boolean;
}

/** Narrow runs a page's column search starts from, the inkiest first. */
const MAX_COLUMN_SEEDS = 32;
/** Down a column's strip a row holds a figure when this share of an em of its pixels is ink (a "7"'s one stroke). */
const STRIP_ROW_INK_SHARE = 0.1;

/**
 * The figures of the columns the narrow runs stand in: down each one's strip (its width and half
 * an em either side), the rows holding unread ink, banded as lines are, and the runs of those
 * bands that reach into the strip. A whole page's row needs half an em of unread ink to count
 * (specks of grain across the width add up); a figure's thin strokes ("22", "7": two or three
 * pixels a row) have less, and only the line of the column's widest figures was found. In the
 * strip, grain adds little.
 */
function columnFigures(page: UnreadInk, w: number, h: number, seeds: Run[]): Run[] {
  const { ink, em } = page;
  const out: Run[] = [];
  for (const seed of seeds.slice().sort((a, b) => b.ink - a.ink).slice(0, MAX_COLUMN_SEEDS)) {
    if (out.some((r) => r.x0 <= seed.x0 && r.x1 >= seed.x1 && r.y0 <= seed.y0 && r.y1 >= seed.y1)) continue;
    const x0 = Math.max(0, Math.floor(seed.x0 - em / 2));
    const x1 = Math.min(w, Math.ceil(seed.x1 + em / 2));
    for (const b of inkBands(ink, w, h, em, STRIP_ROW_INK_SHARE, x0, x1)) {
      for (const r of bandRuns(page, w, b)) if (r.narrow && r.x1 > x0 && r.x0 < x1 && !out.some((o) => o.x0 === r.x0 && o.y0 === r.y0)) out.push(r);
    }
  }
  return out;
}

/**
 * Narrow runs stacked into columns: each overlaps the one above it across, and starts within
 * COLUMN_ROW_GAP ems under it. A column of FIGURE_COLUMN_ROWS such runs or more is one run, cut
 * and read as one block (its lines, one per row); a narrow run alone is a speck or a stray mark.
 * Tesseract's page reading leaves out whole columns of short figures in a scanned table ("56",
 * "22", "7" under "2015") while it reads the wider columns beside them (issue 9). Only columns
 * set between read words count (`between`).
 */
function figureColumns(narrow: Run[], em: number, words: WordCover[]): Run[] {
  const columns: Run[][] = [];
  for (const r of narrow.slice().sort((a, b) => a.y0 - b.y0 || a.x0 - b.x0)) {
    const col = columns.find((c) => {
      const last = c[c.length - 1];
      return r.y0 >= last.y1 - 1 && r.y0 - last.y1 <= COLUMN_ROW_GAP * em && Math.min(r.x1, last.x1) > Math.max(r.x0, last.x0);
    });
    if (col) col.push(r);
    else columns.push([r]);
  }
  // Between read words on its rows, on half of them at least: a table's column. A column of
  // figures with nothing read on one side is a margin's line numbers (a review copy), which the
  // reading rightly left out, or a table's edge, left as it was read.
  const between = (r: Run): boolean => {
    const rows = (wd: WordCover) => Math.min(wd.ly1, r.y1) > Math.max(wd.ly0, r.y0);
    return words.some((wd) => rows(wd) && wd.x1 <= r.x0) && words.some((wd) => rows(wd) && wd.x0 >= r.x1);
  };
  return columns
    .filter((c) => c.length >= FIGURE_COLUMN_ROWS && 2 * c.filter(between).length >= c.length)
    .map((c) => ({ x0: Math.min(...c.map((r) => r.x0)), x1: Math.max(...c.map((r) => r.x1)), y0: c[0].y0, y1: c[c.length - 1].y1, ink: c.reduce((n, r) => n + r.ink, 0) }));
}

/**
 * The rows of a word's box that hold its letters: the densest run of inked rows inside it. On a
 * grainy page Tesseract's word boxes grow to two or three lines' height (specks beside the
 * letters), and such a box would hide the lines above and below it.
 */
function letterRows(dark: Uint8Array, w: number, x0: number, x1: number, y0: number, y1: number): [number, number] {
  const minRow = Math.max(1, 0.05 * (x1 - x0));
  let best: [number, number] = [y0, y1];
  let bestInk = -1;
  let start = -1;
  let sum = 0;
  for (let y = y0; y <= y1; y++) {
    let n = 0;
    if (y < y1) for (let i = y * w + x0, end = y * w + x1; i < end; i++) n += dark[i];
    if (y < y1 && n >= minRow) {
      if (start < 0) start = y;
      sum += n;
      continue;
    }
    if (start >= 0 && sum > bestInk) {
      bestInk = sum;
      best = [start, y];
    }
    start = -1;
    sum = 0;
  }
  return best;
}

/** A read word's letters in pixels: x padded, its letter rows with and without their padding. */
interface WordCover {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  ly0: number;
  ly1: number;
}

/** Read words' letters, in pixels, padded: the pixels they account for, and each word's cover. */
function coveredMask(img: GrayImage, dark: Uint8Array, runs: TextRun[], em: number): { covered: Uint8Array; words: WordCover[] } {
  const { width: w, height: h, pointsPerPixel: ppp } = img;
  const covered = new Uint8Array(w * h);
  const words: WordCover[] = [];
  const padX = Math.ceil(COVER_PAD_X * em);
  const padY = Math.ceil(COVER_PAD_Y * em);
  for (const r of runs) {
    const bx0 = Math.max(0, Math.floor(r.x / ppp));
    const bx1 = Math.min(w, Math.ceil((r.x + r.width) / ppp));
    const by0 = Math.max(0, Math.floor(r.y / ppp));
    const by1 = Math.min(h, Math.ceil((r.y + r.height) / ppp));
    if (bx1 <= bx0 || by1 <= by0) continue;
    const [ly0, ly1] = letterRows(dark, w, bx0, bx1, by0, by1);
    const x0 = Math.max(0, bx0 - padX);
    const x1 = Math.min(w, bx1 + padX);
    const y0 = Math.max(0, ly0 - padY);
    const y1 = Math.min(h, ly1 + padY);
    for (let y = y0; y < y1; y++) covered.fill(1, y * w + x0, y * w + x1);
    words.push({ x0, x1, y0, y1, ly0, ly1 });
  }
  return { covered, words };
}

/**
 * Rows holding unread ink, grouped into bands of text height: across the page between x0 and x1,
 * a row counts with `rowShare` of an em of ink.
 */
function inkBands(ink: Uint8Array, w: number, h: number, em: number, rowShare = ROW_INK_SHARE, x0 = 0, x1 = w): Band[] {
  const minRowInk = Math.max(2, rowShare * em);
  const maxGap = Math.max(1, Math.round(ROW_GAP * em));
  const bands: Band[] = [];
  let start = -1;
  let last = -1;
  for (let y = 0; y < h; y++) {
    let n = 0;
    for (let i = y * w + x0, end = y * w + x1; i < end; i++) n += ink[i];
    if (n < minRowInk) continue;
    if (start >= 0 && y - last <= maxGap) last = y;
    else {
      if (start >= 0) bands.push({ y0: start, y1: last + 1 });
      start = last = y;
    }
  }
  if (start >= 0) bands.push({ y0: start, y1: last + 1 });
  return bands.filter((b) => b.y1 - b.y0 >= MIN_BAND_EMS * em && b.y1 - b.y0 <= MAX_BAND_EMS * em);
}

/**
 * Read letters on the middle rows of a run, within SAME_LINE_GAP of its left or right end, short of
 * a rule: a read word in the next cell of a ruled table is another cell's, not this line's.
 */
function besideReadWord(covered: Uint8Array, ruled: Uint8Array, w: number, run: Run, em: number): boolean {
  const gap = Math.round(SAME_LINE_GAP * em);
  const quarter = Math.floor((run.y1 - run.y0) / 4);
  for (let y = run.y0 + quarter; y < run.y1 - quarter; y++) {
    const row = y * w;
    for (let x = run.x0 - 1, end = Math.max(0, run.x0 - gap); x >= end && !ruled[row + x]; x--) if (covered[row + x]) return true;
    for (let x = run.x1, end = Math.min(w, run.x1 + gap); x < end && !ruled[row + x]; x++) if (covered[row + x]) return true;
  }
  return false;
}

/**
 * A band's runs of words: its ink columns joined across word gaps, each with its own ink rows. A
 * vertical rule across the band (a ruled table's cell border) ends a run: cells are read apart.
 */
function bandRuns(page: UnreadInk, w: number, band: Band): Run[] {
  const { ink, covered, ruled, em } = page;
  const cols = new Uint32Array(w);
  const ruledRows = new Uint32Array(w);
  for (let y = band.y0; y < band.y1; y++) {
    for (let x = 0, i = y * w; x < w; x++, i++) {
      cols[x] += ink[i];
      ruledRows[x] += ruled[i];
    }
  }
  const wallAt = (x: number) => ruledRows[x] >= WALL_ROW_SHARE * (band.y1 - band.y0);
  const cellGap = CELL_WALL_EMS * em;
  // A wall before any other unread ink, on this side of the run.
  const walled = (from: number, step: number) => {
    for (let k = 1; k <= cellGap; k++) {
      const x = from + step * k;
      if (x < 0 || x >= w || cols[x] > 0) return false;
      if (wallAt(x)) return true;
    }
    return false;
  };
  const gap = WORD_GAP * em;
  const runs: Run[] = [];
  let x0 = -1;
  let lastInk = -1;
  const close = () => {
    if (x0 < 0) return;
    const x1 = lastInk + 1;
    const inCell = walled(x0, -1) && walled(x1 - 1, 1);
    const narrow = !inCell && x1 - x0 < MIN_RUN_WIDTH * em;
    if (x1 - x0 < (inCell ? MIN_CELL_RUN_WIDTH : narrow ? MIN_FIGURE_WIDTH : MIN_RUN_WIDTH) * em) return;
    // The run's own rows: a word beside a taller band keeps its own height.
    let y0 = band.y1;
    let y1 = band.y0;
    let n = 0;
    for (let y = band.y0; y < band.y1; y++) {
      let row = 0;
      for (let i = y * w + x0, end = y * w + x1; i < end; i++) row += ink[i];
      if (row > 0) {
        y0 = Math.min(y0, y);
        y1 = y + 1;
        n += row;
      }
    }
    if (y1 - y0 < MIN_BAND_EMS * em) return;
    const density = n / ((x1 - x0) * (y1 - y0));
    const run = { x0, x1, y0, y1, ink: n, narrow: narrow || undefined };
    if (density >= MIN_INK_DENSITY && density <= (narrow ? MAX_FIGURE_INK_DENSITY : MAX_INK_DENSITY) && !besideReadWord(covered, ruled, w, run, em)) runs.push(run);
  };
  for (let x = 0; x < w; x++) {
    if (wallAt(x) && x0 >= 0) {
      close();
      x0 = -1;
    }
    if (cols[x] === 0) continue;
    if (x0 >= 0 && x - lastInk > gap) {
      close();
      x0 = x;
    } else if (x0 < 0) x0 = x;
    lastInk = x;
  }
  close();
  return runs;
}

/**
 * The run cut out with a margin, read words and rules painted as paper, enlarged when its text is
 * small. A read word on the run's own rows goes with its padding; one of the lines above or below
 * only with its letters' rows: its padding reaches into this line when lines are set close (a
 * blurred 120 dpi page lost a line whose ascenders and descenders the neighbours' padding had
 * painted over, leaving a strip of x-height that read as nothing).
 */
function cut(img: GrayImage, page: UnreadInk, run: Run): LostLine {
  const { ruled, em, paper, words } = page;
  const pad = Math.round(CROP_PAD * em);
  const x = Math.max(0, run.x0 - pad);
  const y = Math.max(0, run.y0 - pad);
  const width = Math.min(img.width, run.x1 + pad) - x;
  const height = Math.min(img.height, run.y1 + pad) - y;
  const data = new Uint8Array(width * height);
  for (let r = 0; r < height; r++) {
    const src = (y + r) * img.width + x;
    for (let c = 0; c < width; c++) data[r * width + c] = ruled[src + c] ? paper : img.data[src + c];
  }
  const middle = (run.y0 + run.y1) / 2;
  for (const wd of words) {
    const own = wd.ly0 <= middle && wd.ly1 >= middle;
    const [y0, y1] = own ? [wd.y0, wd.y1] : [wd.ly0, wd.ly1];
    const c0 = Math.max(wd.x0, x) - x;
    const c1 = Math.min(wd.x1, x + width) - x;
    for (let r = Math.max(y0, y) - y, end = Math.min(y1, y + height) - y; r < end; r++) if (c1 > c0) data.fill(paper, r * width + c0, r * width + c1);
  }
  // Set on a margin of paper: Tesseract's layout analysis reads nothing of a line whose letters
  // touch the image's edge (a faint line cut with 0.4 em around it: no word; with an em of paper
  // more, every word).
  const border = Math.round(PAPER_BORDER * em);
  const bw = width + 2 * border;
  const framed = new Uint8Array(bw * (height + 2 * border)).fill(paper);
  for (let r = 0; r < height; r++) framed.set(data.subarray(r * width, (r + 1) * width), (r + border) * bw + border);
  const enlarge = Math.min(MAX_ENLARGE, Math.max(1, Math.round(READ_EM_PX / em)));
  const ppp = img.pointsPerPixel;
  return { x: (x - border) * ppp, y: (y - border) * ppp, image: scaleUp({ data: framed, width: bw, height: height + 2 * border, pointsPerPixel: ppp }, enlarge) };
}

/**
 * Bands of ink on a read page that no read word covers and that are shaped like text: rows of a
 * line's height (up to a paragraph's), runs of ink no wider apart than words, strokes neither dust
 * nor solid, not beside a read word (a word of a read line). Largest first, at most MAX_LOST_LINES. Empty when the page read too few words to
 * know its text size, or when what is unread is mostly picture.
 */
export function lostLines(img: GrayImage, runs: TextRun[], unread?: UnreadInk | null): LostLine[] {
  const page = unread === undefined ? unreadInk(img, runs) : unread;
  if (!page) return [];
  const { em, ink } = page;
  const { width: w, height: h } = img;
  const bands = inkBands(ink, w, h, em);
  const all = bands.flatMap((b) => bandRuns(page, w, b));
  const found = [...all.filter((r) => !r.narrow), ...figureColumns(columnFigures(page, w, h, all.filter((r) => r.narrow)), em, page.words)];
  const area = found.reduce((s, r) => s + (r.x1 - r.x0) * (r.y1 - r.y0), 0);
  if (area > MAX_LOST_AREA_SHARE * w * h) return [];
  return found
    .sort((a, b) => b.ink - a.ink)
    .slice(0, MAX_LOST_LINES)
    .sort((a, b) => a.y0 - b.y0 || a.x0 - b.x0)
    .map((r) => cut(img, page, r));
}

/** The page's ink that no read word accounts for, and the text size (pixels) it is measured by. */
export interface UnreadInk {
  em: number;
  /** 1 where the page is inked and no read word's letters lie. */
  ink: Uint8Array;
  covered: Uint8Array;
  /** Each read word's cover (coveredMask). */
  words: WordCover[];
  /** 1 on the page's ruling lines (ocr/rule-lines.ts): neither text nor unread. */
  ruled: Uint8Array;
  paper: number;
}

/** The pixels of the rules, with their halo. */
function ruleMask(img: GrayImage, rules: RuleLine[]): Uint8Array {
  const { width: w, height: h, pointsPerPixel: ppp } = img;
  const mask = new Uint8Array(w * h);
  for (const r of rules) {
    const x0 = Math.max(0, Math.floor(Math.min(r.x0, r.x1) / ppp) - RULE_HALO_PX);
    const x1 = Math.min(w, Math.ceil(Math.max(r.x0, r.x1) / ppp) + RULE_HALO_PX + 1);
    const y0 = Math.max(0, Math.floor(Math.min(r.y0, r.y1) / ppp) - RULE_HALO_PX);
    const y1 = Math.min(h, Math.ceil(Math.max(r.y0, r.y1) / ppp) + RULE_HALO_PX + 1);
    for (let y = y0; y < y1; y++) mask.fill(1, y * w + x0, y * w + x1);
  }
  return mask;
}

export function unreadInk(img: GrayImage, runs: TextRun[], rules: RuleLine[] = []): UnreadInk | null {
  const ppp = img.pointsPerPixel;
  // The unit is the text's size as OCR measured it from its letters (ocr/line-size.ts), not the
  // word boxes' height: those grow with grain.
  const words = runs.filter((r) => [...r.text].length >= 2);
  const sizes = words.map((r) => r.fontSize / ppp);
  if (sizes.length < MIN_READ_WORDS) return null;
  let em = median(sizes);
  if (!(em >= 4)) return null;
  // Grain would pass a global threshold as specks in every row: smoothed first, as OCR reads it (denoise.ts).
  const smooth = noiseLevel(img) >= NOISY_PAGE_MIN_LEVEL ? gaussianBlur(img) : img;
  const { threshold, paper } = pageGreys(smooth);
  const ruled = ruleMask(img, rules);
  const ink = new Uint8Array(img.width * img.height);
  for (let i = 0; i < ink.length; i++) ink[i] = smooth.data[i] <= threshold && !ruled[i] ? 1 : 0;
  if (rules.length > 0) em = Math.min(em, letterEm(ink, img, words) ?? em);
  const { covered, words: covers } = coveredMask(img, ink, runs, em);
  for (let i = 0; i < ink.length; i++) if (covered[i]) ink[i] = 0;
  return { em, ink, covered, words: covers, ruled, paper };
}

/**
 * The text size measured from the read words' letters: each word's inked rows over the ems its
 * letters span (line-size.ts). In a ruled table Tesseract boxes words, and sizes lines, from rule
 * to rule (a cell's height: 7 pt figures measured 16-21 pt), and the size, which every length here
 * is measured in, hid every unread cell; the letters keep their own height. Null when fewer than
 * MIN_READ_WORDS words measure.
 */
function letterEm(ink: Uint8Array, img: GrayImage, words: TextRun[]): number | null {
  const { width: w, height: h, pointsPerPixel: ppp } = img;
  const ems = words.flatMap((r) => {
    const span = lineInkExtentEm([r]);
    const bx0 = Math.max(0, Math.floor(r.x / ppp));
    const bx1 = Math.min(w, Math.ceil((r.x + r.width) / ppp));
    const by0 = Math.max(0, Math.floor(r.y / ppp));
    const by1 = Math.min(h, Math.ceil((r.y + r.height) / ppp));
    if (span <= 0 || bx1 <= bx0 || by1 <= by0) return [];
    const [ly0, ly1] = letterRows(ink, w, bx0, bx1, by0, by1);
    return ly1 > ly0 ? [(ly1 - ly0) / span] : [];
  });
  return ems.length >= MIN_READ_WORDS ? median(ems) : null;
}

/** Cut out an unread piece of ink (pixels) with a margin, as lostLines cuts a band. */
export function cutInk(img: GrayImage, page: UnreadInk, box: { x0: number; x1: number; y0: number; y1: number }): LostLine {
  return cut(img, page, { ...box, ink: 0 });
}
