// Ruling lines of a scan: a table's grid, a form's boxes and underlines, a rule under a heading.
// A PDF's text layer comes with its rules as drawing operators (pdf/extract.ts); a scan has only
// pixels, so a scanned grid was read as columns of text from whitespace alone, with the strokes of
// its lines read as "|" words among the cells. The lines are found in the pixels Tesseract read
// and handed to the layout stage as rules, where a scanned grid gives cells and spans as a drawn
// one does (issue 9: tables). Found as runs of ink far longer than any letter's stroke, no thicker
// than a rule, with paper on both sides; a vertical one must meet a horizontal one (or be long),
// so a tall letter's stem never is.
//
// The lines are not erased before OCR: Tesseract finds and removes them itself, and an image
// without them read worse (scans seed 12000: text lost on 3 more pages of 30, a grid's label
// column unread; docs/architecture.md, "Rules of a scan").
import type { RuleLine, TextRun } from '../layout/types.js';
import type { GrayImage } from '../pdf/render.js';
import { pageGreys, type PageGreys } from './threshold.js';

/** A piece of a rule is an unbroken run of ink at least this long (points): no letter's stroke is. */
const MIN_PIECE_PT = 12;
/** Pieces on one line broken by scanning dropouts this short (points) are one line. */
const JOIN_GAP_PT = 2;
/** A horizontal rule is at least this long (points): the narrowest cell of a grid, an underline. */
const MIN_HORIZONTAL_PT = 36;
/** A vertical rule meeting no horizontal one counts only from this length (points): a column rule. */
const MIN_LONE_VERTICAL_PT = 72;
/** A vertical rule meeting a horizontal one: two short rows of a grid (points). */
const MIN_VERTICAL_PT = 20;
/** Where a vertical and a horizontal rule count as meeting (points). */
const MEET_TOL_PT = 3;
/** Rules are at most this thick (points, and never under MIN_THICK_PX): a bar or a fill is no rule. */
const MAX_THICK_PT = 2.5;
const MIN_THICK_PX = 3;
/** A row of a rule runs along this share of its group of touching runs at least. */
const LINE_ROW_COVER = 0.8;
/** The rows this far (pixels) beyond a rule's edge are its sides… */
const SIDE_GAP_PX = 2;
/** …and both are paper but for this share of ink (a cell's letters near the rule, text crossing it). */
const MAX_SIDE_INK = 0.3;
/** Lines found per direction, at most (bounds the work on a page of hatching). */
const MAX_LINES = 2000;
/** Long runs per direction, at most: more is hatching or a dark photograph, with no rules to find. */
const MAX_RUNS = 50 * MAX_LINES;

/** A run of ink on one row (for vertical lines: down one column, `row` being the column): [from, to] inclusive. */
interface Run {
  row: number;
  from: number;
  to: number;
}

/** One line in a direction's own frame: along `from..to`, across at `at`. */
interface Line {
  at: number;
  from: number;
  to: number;
}

/** Unbroken runs of ink at least `minPiece` long on each image row; null past the bound on runs. */
function longRunsAcross(ink: Uint8Array, w: number, h: number, minPiece: number): Run[][] | null {
  const byRow: Run[][] = [];
  let total = 0;
  for (let y = 0, i = 0; y < h; y++) {
    const runs: Run[] = [];
    const end = i + w;
    while (i < end) {
      if (ink[i] === 0) {
        i++;
        continue;
      }
      const from = i;
      while (i < end && ink[i] === 1) i++;
      if (i - from >= minPiece) runs.push({ row: y, from: from - (end - w), to: i - 1 - (end - w) });
    }
    byRow.push(runs);
    total += runs.length;
    // A page of hatching or a dark photograph: no rules to be found in it.
    if (total > MAX_RUNS) return null;
  }
  return byRow;
}

/**
 * The same down each image column (row index: the column), read row by row: a run is closed on the
 * first row without ink under it (columns walked in memory order, not one by one).
 */
function longRunsDown(ink: Uint8Array, w: number, h: number, minPiece: number): Run[][] | null {
  const byCol: Run[][] = Array.from({ length: w }, () => []);
  const start = new Int32Array(w).fill(-1);
  let total = 0;
  const close = (x: number, y: number) => {
    if (y - start[x] >= minPiece) {
      byCol[x].push({ row: x, from: start[x], to: y - 1 });
      total++;
    }
    start[x] = -1;
  };
  for (let y = 0, i = 0; y < h; y++) {
    for (let x = 0; x < w; x++, i++) {
      if (ink[i] === 1) {
        if (start[x] < 0) start[x] = y;
      } else if (start[x] >= 0) close(x, y);
    }
    if (total > MAX_RUNS) return null;
  }
  for (let x = 0; x < w; x++) if (start[x] >= 0) close(x, h);
  return total > MAX_RUNS ? null : byCol;
}

/**
 * The long, thin lines of a binary image (`ink`: 1 for ink, row by row) along its rows, or down its
 * columns (`vertical`: the columns are then the rows of the frame below). Runs of ink at least
 * `minPiece` long are grouped where they touch on neighbouring rows; a group's rows that run along
 * most of it, no more than `maxThick` of them and with paper on both sides, are a piece of a line,
 * and pieces in line across gaps up to `joinGap` are one line.
 */
function linesAlongRows(ink: Uint8Array, w: number, h: number, vertical: boolean, minPiece: number, maxThick: number, joinGap: number): Line[] {
  // Rows of the direction's own frame: image rows, or image columns for vertical lines.
  const rows = vertical ? w : h;
  const dark = vertical ? (i: number, j: number) => ink[j * w + i] === 1 : (i: number, j: number) => ink[i * w + j] === 1;
  const byRow = vertical ? longRunsDown(ink, w, h, minPiece) : longRunsAcross(ink, w, h, minPiece);
  if (!byRow) return [];
  // Groups of touching runs (union-find over runs of neighbouring rows).
  const all = byRow.flat();
  const index = new Map<Run, number>(all.map((r, k) => [r, k]));
  const parent = all.map((_, k) => k);
  const find = (k: number): number => {
    while (parent[k] !== k) k = parent[k] = parent[parent[k]];
    return k;
  };
  for (let i = 1; i < rows; i++) {
    const above = byRow[i - 1];
    if (above.length === 0) continue;
    for (const r of byRow[i]) {
      for (const a of above) if (a.from <= r.to + 1 && a.to >= r.from - 1) parent[find(index.get(r)!)] = find(index.get(a)!);
    }
  }
  const groups = new Map<number, Run[]>();
  for (const r of all) {
    const root = find(index.get(r)!);
    const g = groups.get(root);
    if (g) g.push(r);
    else groups.set(root, [r]);
  }
  const pieces: Line[] = [];
  const darkShare = (i: number, from: number, to: number) => {
    if (i < 0 || i >= rows) return 0;
    let n = 0;
    for (let j = from; j <= to; j++) if (dark(i, j)) n++;
    return n / (to - from + 1);
  };
  for (const runs of groups.values()) {
    let from = Infinity;
    let to = -Infinity;
    const cover = new Map<number, number>();
    for (const r of runs) {
      from = Math.min(from, r.from);
      to = Math.max(to, r.to);
      cover.set(r.row, (cover.get(r.row) ?? 0) + r.to - r.from + 1);
    }
    // The rule is the rows that run along most of the group; a word's smear, or letters touching
    // the rule, cover less of it. A bar or a fill is as long and too thick.
    const lineRows = [...cover].filter(([, c]) => c >= LINE_ROW_COVER * (to - from + 1)).map(([row]) => row).sort((a, b) => a - b);
    for (let k = 0; k < lineRows.length; ) {
      let end = k;
      while (end + 1 < lineRows.length && lineRows[end + 1] === lineRows[end] + 1) end++;
      const [top, bottom] = [lineRows[k], lineRows[end]];
      k = end + 1;
      if (bottom - top + 1 > maxThick) continue;
      const band = runs.filter((r) => r.row >= top && r.row <= bottom);
      const bandFrom = Math.min(...band.map((r) => r.from));
      const bandTo = Math.max(...band.map((r) => r.to));
      // A rule stands on paper: a cell's letters near it cover little of its length. A smear of
      // touching letters (a blurred bold word) has the rest of its letters on one side or both.
      const sides = [darkShare(top - SIDE_GAP_PX, bandFrom, bandTo), darkShare(bottom + SIDE_GAP_PX, bandFrom, bandTo)];
      if (Math.max(...sides) > MAX_SIDE_INK) continue;
      let ink = 0;
      let weighted = 0;
      for (const r of band) {
        ink += r.to - r.from + 1;
        weighted += (r.to - r.from + 1) * r.row;
      }
      pieces.push({ at: weighted / ink, from: bandFrom, to: bandTo });
    }
  }
  // Pieces in line, end to end across small gaps, are one line.
  pieces.sort((a, b) => a.at - b.at || a.from - b.from);
  const lines: Line[] = [];
  const inLine = Math.max(1.5, maxThick / 2);
  for (const p of pieces) {
    // Lines are made in order of `at`: only the last few can be in line with this piece.
    let same: Line | undefined;
    for (let k = lines.length - 1; k >= 0 && p.at - lines[k].at <= inLine; k--) {
      if (p.from <= lines[k].to + joinGap && p.to >= lines[k].from - joinGap) {
        same = lines[k];
        break;
      }
    }
    if (same) {
      same.from = Math.min(same.from, p.from);
      same.to = Math.max(same.to, p.to);
    } else lines.push({ ...p });
  }
  return lines.slice(0, MAX_LINES);
}

/** The ruling lines of a grey scan (module comment), in points on the image's frame (horizontal: y0 = y1; vertical: x0 = x1). */
export function findScanRules(img: GrayImage, greys: PageGreys = pageGreys(img)): RuleLine[] {
  const { width: w, height: h, data, pointsPerPixel: ppp } = img;
  if (w < 8 || h < 8) return [];
  const { threshold, paper } = greys;
  const px = (pt: number) => pt / ppp;
  const minPiece = Math.round(px(MIN_PIECE_PT));
  const maxThick = Math.max(MIN_THICK_PX, px(MAX_THICK_PT));
  const joinGap = px(JOIN_GAP_PT);
  // Ink for a rule is anything darker than halfway from the text's threshold to the paper: a thin
  // grey rule falling between two pixel rows shows as two rows of light grey.
  const level = (threshold + paper) / 2;
  const ink = new Uint8Array(w * h);
  for (let i = 0; i < ink.length; i++) ink[i] = data[i] < level ? 1 : 0;
  const across = linesAlongRows(ink, w, h, false, minPiece, maxThick, joinGap).filter((l) => l.to - l.from + 1 >= px(MIN_HORIZONTAL_PT));
  const down = linesAlongRows(ink, w, h, true, minPiece, maxThick, joinGap);
  const tol = px(MEET_TOL_PT);
  const meets = (v: Line) => across.some((hl) => v.at >= hl.from - tol && v.at <= hl.to + tol && hl.at >= v.from - tol && hl.at <= v.to + tol);
  const verticals = down.filter((v) => {
    const len = v.to - v.from + 1;
    return len >= px(MIN_LONE_VERTICAL_PT) || (len >= px(MIN_VERTICAL_PT) && meets(v));
  });
  return [
    ...across.map((l) => ({ x0: l.from * ppp, x1: (l.to + 1) * ppp, y0: (l.at + 0.5) * ppp, y1: (l.at + 0.5) * ppp })),
    ...verticals.map((l) => ({ x0: (l.at + 0.5) * ppp, x1: (l.at + 0.5) * ppp, y0: l.from * ppp, y1: (l.to + 1) * ppp })),
  ];
}

/** What Tesseract reads a vertical rule as, alone or stuck to a word's end. */
const BAR = String.raw`[|Il1!\[\](){}/\\¦]`;
const BAR_GLYPHS = new RegExp(`^${BAR}+$`, 'u');
const BAR_GLYPH = new RegExp(`^${BAR}$`, 'u');
/**
 * Glyphs no word of a cell opens (or closes) with: stuck to a word beside a rule they are the rule,
 * even where Tesseract's box for the word leaves them out ("|}63.0" boxed from the "6").
 */
const LEADING_BARS = /^[|¦{}\]]$/u;
const TRAILING_BARS = /^[|¦{}[]$/u;
/** A word on a rule lies across it, give or take this (points). */
const ON_RULE_TOL_PT = 1.5;
/** A bar stuck to a word stands for a rule this far (ems) beyond the word's box at most. */
const STUCK_BAR_EMS = 0.6;

/**
 * OCR words that are a rule's strokes read as glyphs ("|", "I", "l" on a cell's border) are
 * dropped, and such glyphs stuck to a word next to a rule ("}41.5", "2019|") are cut off: the rules
 * are the page's lines, not its text. A letter or digit that might be the word's own ("l", "1")
 * is cut only when the word's box reaches the rule; a "1" that opens a cell's figure starts clear
 * of it and stays.
 */
export function dropRuleGlyphs(runs: TextRun[], rules: RuleLine[]): TextRun[] {
  const verticals = rules.filter((r) => r.x0 === r.x1);
  if (verticals.length === 0) return runs;
  const beside = (r: TextRun, v: RuleLine) => r.y + r.height / 2 >= v.y0 && r.y + r.height / 2 <= v.y1;
  const across = (r: TextRun) => verticals.some((v) => beside(r, v) && v.x0 >= r.x - ON_RULE_TOL_PT && v.x0 <= r.x + r.width + ON_RULE_TOL_PT);
  // A rule at the word's left (right) edge: within tolerance of its box, or, for a glyph no word
  // has there, up to STUCK_BAR_EMS beyond it.
  const ruleLeft = (r: TextRun, loose: boolean) =>
    verticals.some((v) => beside(r, v) && v.x0 <= r.x + ON_RULE_TOL_PT && v.x0 >= r.x - ON_RULE_TOL_PT - (loose ? STUCK_BAR_EMS * r.fontSize : 0));
  const ruleRight = (r: TextRun, loose: boolean) =>
    verticals.some((v) => beside(r, v) && v.x0 >= r.x + r.width - ON_RULE_TOL_PT && v.x0 <= r.x + r.width + ON_RULE_TOL_PT + (loose ? STUCK_BAR_EMS * r.fontSize : 0));
  return runs.flatMap((r) => {
    if (BAR_GLYPHS.test(r.text) && across(r)) return [];
    const chars = [...r.text];
    let lead = 0;
    while (lead < chars.length - 1 && (LEADING_BARS.test(chars[lead]) ? ruleLeft(r, true) : lead === 0 && BAR_GLYPH.test(chars[lead]) && ruleLeft(r, false))) lead++;
    let trail = 0;
    while (trail < chars.length - 1 - lead && (TRAILING_BARS.test(chars[chars.length - 1 - trail]) ? ruleRight(r, true) : trail === 0 && BAR_GLYPH.test(chars[chars.length - 1]) && ruleRight(r, false))) trail++;
    if (lead + trail === 0) return [r];
    const text = chars.slice(lead, chars.length - trail).join('');
    // A box reaching the rule holds the bars, each a character's share of it; one clear of the
    // rule was drawn around the word alone.
    const per = r.width / chars.length;
    const leadIn = lead > 0 && ruleLeft(r, false) ? lead * per : 0;
    const trailIn = trail > 0 && ruleRight(r, false) ? trail * per : 0;
    return [{ ...r, text, x: r.x + leadIn, width: r.width - leadIn - trailIn }];
  });
}
