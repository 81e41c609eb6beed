// Columns of a whitespace table from alignment across all its rows (issue 9 item 3): each line is
// cut into chunks (cell candidates) at gaps narrower than the segment gap, the chunks of every
// line are projected onto the x axis, and a column boundary is an x-range that (almost) no line
// covers. Left-, right-, centre- and decimal-aligned columns all leave such a channel between them
// whatever the length of their cells, so one rule serves them all; a group heading or a long label
// that crosses the channel in a line or two does not close it.
import type { TextRun } from './types.js';
import { buildSegments, type Segment } from './lines.js';
import { isFigure } from './table-rows.js';
import { cellSegmentText, dropLeaderRuns, dropLeaders, withSignedFigure } from './table-cell-text.js';

/** A gap this wide (in font sizes) between runs of one line separates two cell candidates. */
export const CHUNK_GAP_EM = 0.6;
/** The same for OCR words, whose boxes and spacing are estimates. */
export const OCR_CHUNK_GAP_EM = 1.2;
/**
 * The same for text set in a monospace face, whose word space is a whole character cell (0.6 em):
 * typed cells stand two spaces apart or more, a typed value's words one ("May 25, 1965",
 * "(332) 921-6876"). Also the cell gap (CELL_GAP_EM) of such text.
 */
export const MONO_CHUNK_GAP_EM = 1;
/**
 * Words further apart than this (in font sizes) on one line may be two cells: wider than the word
 * space of text faces (Times 0.25, Helvetica 0.28, Computer Modern 0.33 em), as narrow as the
 * tightest gutters tables are set with (0.4 em: at 0.4 the float error of a gutter set exactly
 * that wide kept its two cells one).
 */
export const CELL_GAP_EM = 0.35;

/** The cell gap of a run's text (points): a monospace face's word space is wider. */
function cellGapOf(r: TextRun): number {
  return (r.monospace ? MONO_CHUNK_GAP_EM : CELL_GAP_EM) * r.fontSize;
}

/**
 * Between words read by OCR a word space measures this many ems: Tesseract boxes each word on its
 * ink, so the gap between two boxes is the space and both side bearings (0.35-0.45 em at 9 pt and
 * 200 dpi), where the text layer's gap is the space alone. A group heading ("Course Behind" over
 * four columns) was parted at its word space wherever a column boundary ran through it.
 */
const OCR_CELL_GAP_EM = 0.5;

/** The cell gap of a chunk's text (points). */
function chunkCellGap(ch: Chunk): number {
  if (ch.runs.length > 0 && ch.runs.every((r) => r.monospace)) return MONO_CHUNK_GAP_EM * ch.size;
  return (ch.runs.length > 0 && ch.runs.every((r) => r.confidence !== undefined) ? OCR_CELL_GAP_EM : CELL_GAP_EM) * ch.size;
}
/** A column channel must be at least this wide (in font sizes of the table's text). */
export const MIN_CHANNEL_EM = 0.3;
/** Share of the lines that may cross a channel (group headings, long labels) without closing it. */
export const CROSSING_SHARE = 0.2;
/** Lines needed before any crossing at all is tolerated. */
export const CROSSING_MIN_LINES = 4;
/** Lines that must hold a cell inside a channel for it to be a sparse column of its own. */
export const SPARSE_COLUMN_MIN_LINES = 2;
/** A chunk spans the columns it crosses when its margins to their text differ by at most this share of their width (or one em). */
export const CENTRED_SHARE = 0.1;
/** More column channels than this and the text is not a table (each channel costs a pass over the lines). */
export const MAX_COLUMNS = 80;
/** Widest table (points) the projection handles; wider input has no columns. */
const MAX_TABLE_WIDTH = 5000;

/** A cell candidate: a stretch of one line with no wide gap. */
export type Chunk = Segment;

/** The chunk with its text as a cell shows it (raised digit markers as superscripts: table-cell-text.ts). */
function withCellText(ch: Chunk): Chunk {
  const text = cellSegmentText(ch);
  return text === ch.text ? ch : { ...ch, text };
}

/**
 * The strings a run was shown as: where pdf.js joined strings shown apart on the line into one
 * run with a space of its own, a gap of at least CELL_GAP_EM parts it again, at the x where each
 * string was set (TextRun.shownGaps; issue 9: figures of two columns set half an em apart, or
 * their headings, "Change Exports Imports", came as one run). A run that was cut or moved since
 * (its text or x no longer those the gaps were recorded for) stays whole.
 */
export function shownStrings(r: TextRun): TextRun[] {
  const space = justifiedSpace(r);
  const gap = space === undefined ? cellGapOf(r) : Math.max(cellGapOf(r), space + JUSTIFIED_WIDER_EM * r.fontSize);
  return shownStringsWhere(r, (x0, x1) => x1 - x0 >= gap);
}

/** Shown gaps a run needs before its spacing can tell words from cells. */
const JUSTIFIED_MIN_GAPS = 4;
/** Most of a justified line's gaps are this close (font sizes) to their median: one glue setting. */
const JUSTIFIED_GAP_SPREAD_EM = 0.03;
/** …and "most" is this share of them. */
const JUSTIFIED_SAME_SHARE = 0.6;
/** Share of a line's words that start in lower case for it to read as running text. */
const JUSTIFIED_LOWER_SHARE = 0.4;
/**
 * In such a line a gap parts two strings only when it is this much wider (font sizes) than its
 * word space: a comma's stretch (0.035 em) is a word space, a section number's box (0.45 em
 * against 0.33) is not.
 */
const JUSTIFIED_WIDER_EM = 0.1;

/**
 * The word space of a line of running text whose every word space is a positioned gap, or
 * undefined. TeX sets no space glyph: each word is shown apart, and a stretched line's spaces
 * (0.45 em) pass the cell gap, so a justified abstract came as one-word pieces, no prose, and a
 * page's body between two rules became one table (issue 9). One glue setting spaces the whole
 * line alike, give or take the stretch after punctuation, and most of its words are in lower
 * case. A row of cells is spaced by its columns' widths, not alike; figures and headings are
 * not lower-case words.
 */
function justifiedSpace(r: TextRun): number | undefined {
  const g = r.shownGaps;
  if (!g || g.gaps.length < 3 * JUSTIFIED_MIN_GAPS) return undefined;
  const widths: number[] = [];
  for (let i = 0; i + 2 < g.gaps.length; i += 3) widths.push(g.gaps[i + 2] - g.gaps[i + 1]);
  const words = r.text.split(/\s+/).filter(Boolean);
  // Every space of the line is a gap shown: no space glyphs between cells' words.
  if (widths.length < words.length - 1) return undefined;
  const mid = widths.slice().sort((a, b) => a - b)[widths.length >> 1];
  const same = widths.filter((w) => Math.abs(w - mid) <= JUSTIFIED_GAP_SPREAD_EM * r.fontSize).length;
  if (same < JUSTIFIED_SAME_SHARE * widths.length) return undefined;
  return words.filter((w) => /^\p{Ll}/u.test(w)).length >= JUSTIFIED_LOWER_SHARE * words.length ? mid : undefined;
}

/**
 * Words in the longest piece of the segment as shown: headings set half an em apart, which pdf.js
 * joins into one item ("Share Unemployed Mean Annual Households"), are pieces of a word or two,
 * not a line of text.
 */
export function longestShownWords(seg: Segment): number {
  const count = (text: string) => text.split(/\s+/).filter(Boolean).length;
  const pieces = seg.runs.flatMap(shownStrings);
  return pieces.length ? Math.max(...pieces.map((r) => count(r.text))) : count(seg.text);
}

/**
 * A run parted at the gaps between its shown strings that hold one of the given x (a ruled
 * grid's vertical rules: "0.3 708,492" shown in two cells of a grid set tight came as one run
 * across the rule between them).
 */
export function shownStringsAcross(r: TextRun, xs: number[]): TextRun[] {
  return shownStringsWhere(r, (x0, x1) => xs.some((x) => x >= x0 && x <= x1));
}

function shownStringsWhere(r: TextRun, parts: (x0: number, x1: number) => boolean): TextRun[] {
  const g = r.shownGaps;
  if (!g || g.text !== r.text || g.x !== r.x || r.rotated) return [r];
  const out: TextRun[] = [];
  let from = 0;
  let x = r.x;
  for (let i = 0; i + 2 < g.gaps.length; i += 3) {
    const [at, x0, x1] = [g.gaps[i], g.gaps[i + 1], g.gaps[i + 2]];
    if (!parts(x0, x1) || at <= from || x0 < x) continue;
    const text = r.text.slice(from, at);
    if (text.trim()) out.push({ ...r, text, x, width: x0 - x, shownGaps: undefined });
    from = at + 1;
    x = x1;
  }
  if (out.length === 0) return [r];
  const rest = r.text.slice(from);
  if (rest.trim()) out.push({ ...r, text: rest, x, width: Math.max(0, r.x + r.width - x), shownGaps: undefined });
  return out;
}

/**
 * A run with two or more spaces in a row (a producer laying out columns with spaces) is split
 * there; character positions are estimated uniformly across the run.
 */
export function splitSpacedRun(r: TextRun): TextRun[] {
  if (r.rotated || !/\S\s{2,}\S/.test(r.text)) return [r];
  const out: TextRun[] = [];
  const perChar = r.width / Math.max(1, r.text.length);
  const re = /\S+(?:\s\S+)*/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(r.text)) !== null) {
    out.push({ ...r, text: m[0], x: r.x + m.index * perChar, width: m[0].length * perChar });
  }
  return out.length ? out : [r];
}

/**
 * The chunks of the given segments, grouped by line (top to bottom). A segment with no inner gap
 * of CHUNK_GAP_EM stays whole (its text, LaTeX included, untouched).
 */
export function chunkLines(segs: Segment[]): Chunk[][] {
  const byLine = new Map<number, Chunk[]>();
  for (const seg of segs) {
    let pieces: Chunk[] = [seg];
    if (!seg.latex && seg.runs.length > 0) {
      // OCR word boxes (they carry a confidence) are spaced unevenly: a wider gap parts cells.
      const gap = seg.runs.some((r) => r.confidence !== undefined) ? OCR_CHUNK_GAP_EM : seg.runs.every((r) => r.monospace) ? MONO_CHUNK_GAP_EM : CHUNK_GAP_EM;
      const spaced = seg.runs.flatMap(shownStrings).flatMap(splitSpacedRun);
      const runs = dropLeaderRuns(spaced.flatMap(dropLeaders));
      const leaders = runs.length !== spaced.length || runs.some((r, i) => r !== spaced[i]);
      const split = buildSegments(runs, gap);
      // A segment holding dot leaders is rebuilt without them (nothing is left of one that was only leaders).
      if (split.length > 1 || leaders) pieces = split.map((p) => ({ ...p, lineId: seg.lineId }));
    }
    pieces = pieces.map(withCellText);
    let list = byLine.get(seg.lineId);
    if (!list) byLine.set(seg.lineId, (list = []));
    list.push(...pieces);
  }
  const lines = [...byLine.values()].map((l) => withCurrencySigns(l.sort((a, b) => a.x0 - b.x0)));
  return lines.sort((a, b) => a[0].baseline - b[0].baseline);
}

/** A currency sign alone, or set apart from its figure by spaces ("$", "$   1,234"). */
const LONE_SIGN = /^[$£€¥]$/u;

/** A figure, then a sign that opens figures (not €, which many set after them: "1.743 €"). */
const TRAILING_PREFIX_SIGN = /^(\S(?:.*\S)?)\s+([$£¥])$/u;

/**
 * A figure with the next column's currency sign after it, in one chunk ("1,743 $": the sign set
 * flush left in a column that starts half an em after the figure ends, which pdf.js took into
 * the figure's string) is two chunks: the figure, and the sign alone, which withCurrencySigns then
 * gives to the figure after it. Their x are estimated evenly across the run's characters (the
 * run's own glyph positions are not kept). Read as one, the sign opened a sparse column of its own
 * ("$ | 1.45") and the header above no longer fitted the columns.
 */
function partTrailingSign(ch: Chunk): Chunk[] {
  const m = TRAILING_PREFIX_SIGN.exec(ch.text);
  if (!m || !isFigure(m[1])) return [ch];
  // The sign a run of its own (shown apart, closer than a chunk gap): parted at its own place.
  const last = ch.runs[ch.runs.length - 1];
  if (ch.runs.length > 1 && last.text.trim() === m[2]) {
    const runs = ch.runs.slice(0, -1);
    const x1 = Math.max(...runs.map((r) => r.x + r.width));
    return [
      { ...ch, runs, text: m[1], x1 },
      { ...ch, runs: [last], text: m[2], x0: last.x, x1: last.x + last.width },
    ];
  }
  if (ch.runs.length !== 1 || ch.runs[0].text.trim() !== ch.text.trim()) return [ch];
  const run = ch.runs[0];
  const perChar = run.width / Math.max(1, run.text.length);
  const start = run.text.indexOf(m[1]);
  const signAt = run.text.lastIndexOf(m[2]);
  const figure: TextRun = { ...run, text: m[1], x: run.x + start * perChar, width: m[1].length * perChar, shownGaps: undefined };
  const sign: TextRun = { ...run, text: m[2], x: run.x + signAt * perChar, width: perChar, shownGaps: undefined };
  return [
    { ...ch, runs: [figure], text: m[1], x0: figure.x, x1: figure.x + figure.width },
    { ...ch, runs: [sign], text: m[2], x0: sign.x, x1: sign.x + sign.width },
  ];
}

/**
 * A currency sign set flush left in its column, apart from the figure flush right in it ("$
 * 1,234", US and UK tables on the first row and on totals), is that figure's: one cell "$1,234",
 * not a sparse column of signs between the columns (issue 9).
 */
function withCurrencySigns(chunks: Chunk[]): Chunk[] {
  const line = chunks.flatMap(partTrailingSign);
  const out: Chunk[] = [];
  for (let k = 0; k < line.length; k++) {
    const ch = line[k];
    const next = line[k + 1];
    // The figure may open a chunk of several cells set tight ("5.4 $99.92"), parted later.
    if (LONE_SIGN.test(ch.text.trim()) && next && isFigure(next.text.trim().split(/\s+/)[0]) && /^[\d(]/u.test(next.text.trim())) {
      out.push({ ...next, runs: [...ch.runs, ...next.runs], x0: ch.x0, top: Math.min(ch.top, next.top), bottom: Math.max(ch.bottom, next.bottom), text: ch.text.trim() + next.text.trim() });
      k++;
    } else {
      const text = withSignedFigure(ch.text);
      out.push(text !== ch.text && isFigure(text) ? { ...ch, text } : ch);
    }
  }
  return out;
}

/**
 * Chunks cut where a column boundary runs through a gap between their words: two cells set
 * closer than the chunk gap on this line, whose columns the other lines keep apart. A boundary
 * through a word leaves the chunk whole (a spanning heading, a long label), unless, with the
 * boundaries' channels given, a cell gap of the chunk lies in its channel (cutsAtGaps).
 */
export function splitAtCuts(lines: Chunk[][], cuts: number[], channels?: ReadonlyMap<number, ColumnCut>): Chunk[][] {
  return lines.map((line) =>
    line.flatMap((ch) => {
      const across = cuts.filter((x) => x > ch.x0 && x < ch.x1);
      if (across.length === 0 || ch.latex) return [ch];
      const runsOnToFigure = ch.x0 < cuts[0] && across[0] === cuts[0] && labelRunsOn(line, ch, cuts);
      // Runs as shown (a space inside one shown string never parts two cells, unless both
      // sides are figures: see splitFiguresAtCuts).
      const words = ch.runs
        .flatMap(shownStrings)
        .flatMap(splitSpacedRun)
        .flatMap((r) => splitFiguresAtCuts(r, across, chunkCellGap(ch)))
        .flatMap((r) => (runsOnToFigure ? splitLabelFigureAtCut(r, cuts[0], chunkCellGap(ch)) : [r]))
        .sort((a, b) => a.x - b.x);
      const inside = channels ? cutsAtGaps(words, across, channels, chunkCellGap(ch)) : across;
      const parts: TextRun[][] = [[]];
      let k = 0;
      // A boundary that ran through a word of text (a label longer than its column's others).
      let crossed = false;
      for (const w of words) {
        const cur = parts[parts.length - 1];
        const end = cur.length > 0 ? cur[cur.length - 1].x + cur[cur.length - 1].width : Infinity;
        const gap = w.x - end >= chunkCellGap(ch);
        // Only a gap wider than a word space parts two cells ("Part time" over two columns is one heading).
        while (k < inside.length && inside[k] < w.x && end <= inside[k] && gap) {
          parts.push([]);
          k++;
          crossed = false;
        }
        // The figure right after such a label, a cell gap on, is the next column's: the label ran
        // on into the channel and pushed the boundary (set in the channel's middle) through
        // itself ("Budget without capital 1,381.56"). A figure never ends a label that
        // crosses into the next column's channel, short of that column's next boundary.
        if (crossed && gap && isSolidFigure(w.text) && (k >= inside.length || w.x + w.width <= inside[k])) parts.push([]);
        crossed = false;
        while (k < inside.length && inside[k] < w.x + w.width) {
          if (inside[k] > w.x && !isFigure(w.text)) crossed = true;
          k++;
        }
        parts[parts.length - 1].push(w);
      }
      if (parts.length === 1) return [ch];
      return parts.filter((p) => p.length).map((p) => withCellText({ ...buildSegments(p, Infinity)[0], lineId: ch.lineId }));
    }),
  );
}

/**
 * Each boundary through a word moved, on this line, to the cell gap between two of its words that
 * lies in the boundary's channel (the nearest such gap): the boundary is set in the middle of the
 * free part of the channel, but a heading set tight ("Employed Change", "Total persons Employed"
 * half an em apart) may part its two cells anywhere in the channel. A boundary already in a gap, or
 * with no gap in its channel, stays; the boundaries keep their order.
 */
function cutsAtGaps(words: TextRun[], cuts: number[], channels: ReadonlyMap<number, ColumnCut>, minGap: number): number[] {
  const gaps: Array<[number, number]> = [];
  for (let k = 1; k < words.length; k++) {
    const end = words[k - 1].x + words[k - 1].width;
    if (words[k].x - end >= minGap) gaps.push([end, words[k].x]);
  }
  const out: number[] = [];
  for (const cut of cuts) {
    const channel = channels.get(cut);
    const inWord = words.some((w) => cut > w.x && cut < w.x + w.width);
    let at = cut;
    if (channel && inWord) {
      let best = Infinity;
      for (const [a, b] of gaps) {
        if (b <= channel.lo || a >= channel.hi) continue;
        const d = cut < a ? a - cut : cut > b ? cut - b : 0;
        if (d < best) [best, at] = [d, (a + b) / 2];
      }
    }
    const prev = out[out.length - 1];
    out.push(prev !== undefined && at <= prev ? cut : at);
  }
  return out;
}

/**
 * Two figures in one run parted by a single space, with a column boundary near that space: two
 * cells. pdf.js joins text shown apart on one line into one item with one space when the gap is
 * under about 0.6 em, and statistics tables set a decimal column that close to a right-aligned
 * one ("269.8 434,252"). Character positions are estimated uniformly; the pieces are set clear of
 * the boundary (by over half the cell gap) since the gap pdf.js swallowed is unknown. Figures that may
 * be one number grouped with spaces ("12 345") stay whole.
 */
export function splitFiguresAtCuts(r: TextRun, cuts: number[], cellGap: number): TextRun[] {
  if (r.rotated || !/\S \S/.test(r.text)) return [r];
  const tokens = [...r.text.matchAll(/\S+/g)];
  if (tokens.length < 2 || !tokens.every((t) => isFigure(t[0]))) return [r];
  const perChar = r.width / Math.max(1, r.text.length);
  const out: TextRun[] = [];
  let from = 0;
  let lo = r.x;
  for (const cut of cuts) {
    if (cut <= lo || cut >= r.x + r.width) continue;
    // The space nearest the boundary, within an em of it.
    let best = -1;
    for (let k = 1; k < tokens.length; k++) {
      const at = tokens[k].index - 1;
      if (at < from || DIGIT_GROUP.test(`${tokens[k - 1][0]} ${tokens[k][0]}`)) continue;
      const d = Math.abs(r.x + (at + 0.5) * perChar - cut);
      if (d <= r.fontSize && (best < 0 || d < Math.abs(r.x + (best + 0.5) * perChar - cut))) best = at;
    }
    if (best < 0) continue;
    const left = r.text.slice(from, best).trim();
    out.push({ ...r, text: left, x: lo, width: Math.max(0, Math.min(r.x + best * perChar, cut - 0.6 * cellGap) - lo) });
    from = best + 1;
    lo = Math.max(r.x + from * perChar, cut + 0.6 * cellGap);
  }
  if (out.length === 0) return [r];
  out.push({ ...r, text: r.text.slice(from).trim(), x: lo, width: Math.max(0, r.x + r.width - lo) });
  return out;
}

/**
 * A row label that ran on to its first figure: the chunk starts in the label column and crosses
 * the first boundary, the line holds figures of other columns, and nothing else of the line lies
 * in the first figure column (so the figure at the chunk's end is that column's own).
 */
function labelRunsOn(line: Chunk[], ch: Chunk, cuts: number[]): boolean {
  const next = cuts[1] ?? Infinity;
  return line.some((o) => o !== ch && isSolidFigure(o.text)) && !line.some((o) => o !== ch && o.x0 < next && o.x1 > cuts[0]);
}

/**
 * A label and a figure in one run, one space apart, the figure wholly past the first column
 * boundary: the label's cell and the figure's. pdf.js joins text shown apart by less than about
 * 0.6 em into one item, and a long label set without leaders comes that close to its row's first
 * figure ("Various where financial 26,66"). As in splitFiguresAtCuts, positions are estimated
 * uniformly and the pieces set clear of the boundary.
 */
export function splitLabelFigureAtCut(r: TextRun, cut: number, cellGap: number): TextRun[] {
  if (r.rotated || cut <= r.x || cut >= r.x + r.width) return [r];
  const m = /^(.*\p{L}.*?)\s+(\S+)$/u.exec(r.text);
  if (!m || !isSolidFigure(m[2])) return [r];
  const perChar = r.width / Math.max(1, r.text.length);
  // The figure wholly past the boundary: the label may run on into the channel, not the figure.
  if (r.x + (r.text.length - m[2].length) * perChar < cut) return [r];
  const start = Math.max(r.x + (r.text.length - m[2].length) * perChar, cut + 0.6 * cellGap);
  return [
    { ...r, text: m[1], x: r.x, width: Math.max(0, Math.min(r.x + m[1].length * perChar, cut - 0.6 * cellGap) - r.x) },
    { ...r, text: m[2], x: start, width: Math.max(0, r.x + r.width - start) },
  ];
}

/** Digits grouped in threes with spaces: one number ("12 345", "1 234,5"), not two figures. */
const DIGIT_GROUP = /^[-+−–]?\d{1,3} \d{3}(?:[.,]\d+)?$/u;

export interface Span {
  x0: number;
  x1: number;
  /** A figure of the body: no channel runs through it (figures never span columns). */
  solid?: boolean;
}

/** One figure (no inner space): the chunks that close any channel they cross. */
export function isSolidFigure(text: string): boolean {
  return !/\s/u.test(text.trim()) && isFigure(text);
}

/**
 * What a chunk covers on the x axis for the column projection: the whole chunk, or, where its
 * strings were shown apart (separate runs, or strings pdf.js joined: shownStrings), each stretch
 * of them between gaps of at least CELL_GAP_EM: two figures of neighbouring columns set half an
 * em apart cover two stretches with their columns' channel between them.
 */
export function chunkSpans(ch: Chunk): Span[] {
  const whole = [{ x0: ch.x0, x1: ch.x1, solid: isSolidFigure(ch.text) }];
  if (ch.latex || ch.runs.length === 0) return whole;
  // The chunk's runs may be such strings already, parted by chunkLines and joined again under
  // CHUNK_GAP_EM: the gaps between runs count as well as those inside one.
  const parts = ch.runs.flatMap(shownStrings).sort((a, b) => a.x - b.x);
  if (parts.length === 1) return whole;
  const out: Array<{ x0: number; x1: number; text: string }> = [];
  for (const p of parts) {
    const last = out[out.length - 1];
    // A currency sign set flush left in its column stays with its figure (withCurrencySigns).
    if (last && (p.x - last.x1 < cellGapOf(p) || LONE_SIGN.test(last.text.trim()))) {
      last.x1 = Math.max(last.x1, p.x + p.width);
      last.text += ` ${p.text}`;
    } else out.push({ x0: p.x, x1: p.x + p.width, text: p.text });
  }
  if (out.length === 1) return whole;
  return out.map((o) => ({ x0: o.x0, x1: o.x1, solid: isSolidFigure(o.text) }));
}

/**
 * Column boundaries (x positions, left to right) of a table whose lines hold the given chunks.
 * A channel is a maximal x-range crossed by at most CROSSING_SHARE of the lines and bounded by
 * text on both sides; the boundary lies in its least crossed part. Cells lying wholly inside a
 * channel on two or more lines are a sparse column (mostly empty cells): the channel is cut into
 * the free parts on either side of them.
 */
export function findColumnCuts(lines: Span[][], minChannel: number, others: Span[][] = []): number[] {
  return findColumnChannels(lines, minChannel, others).map((c) => c.at);
}

/** A column boundary and the channel (free x-range) it was set in. */
export interface ColumnCut {
  at: number;
  lo: number;
  hi: number;
}

/** findColumnCuts with each boundary's channel. */
export function findColumnChannels(lines: Span[][], minChannel: number, others: Span[][] = []): ColumnCut[] {
  const all = lines.flat();
  if (all.length === 0) return [];
  const left = Math.floor(Math.min(...all.map((s) => s.x0)));
  const right = Math.ceil(Math.max(...all.map((s) => s.x1)));
  if (right - left <= 0 || right - left > MAX_TABLE_WIDTH) return [];
  // Cell i stands for [left + i / RES, left + (i + 1) / RES): a span covers the cells it touches.
  // Whole points lost up to two points of every channel to rounding, and a tight table's gutter,
  // 0.4 em at 8 pt, fell under the narrowest channel (issue 9).
  const width = (right - left) * PROJECTION_RES;
  const at = (x: number): number => (x - left) * PROJECTION_RES;
  const cover = new Uint16Array(width + 1);
  // Where a figure lies: a group heading or a long label may cross a channel in a line or two,
  // but a figure wider than its column's others (a right-aligned "4,581" over "29") is no
  // crossing: it marks its column's extent (issue 9).
  const solid = new Uint8Array(width + 1);
  for (const line of lines) {
    const hit = new Uint8Array(width + 1);
    for (const s of line) {
      const a = Math.max(0, Math.floor(at(s.x0)));
      const b = Math.min(width, Math.max(a, Math.ceil(at(s.x1)) - 1));
      for (let x = a; x <= b; x++) hit[x] = 1;
      // Its inner part only: a figure's box edge rounded out must not close a channel beside it.
      if (s.solid) for (let x = Math.ceil(at(s.x0 + 1)); x <= Math.floor(at(s.x1 - 1)); x++) solid[x] = 1;
    }
    for (let x = 0; x <= width; x++) cover[x] += hit[x];
  }
  if (lines.length >= CROSSING_MIN_LINES) for (let x = 0; x <= width; x++) if (solid[x]) cover[x] = Math.max(cover[x], lines.length);
  const allowed = lines.length >= CROSSING_MIN_LINES ? Math.max(1, Math.floor(lines.length * CROSSING_SHARE)) : 0;
  // Channels: free stretches bounded by text on both sides (x = 0 is covered, and a stretch still
  // open at the right end is none); two stretches parted by a sliver narrower than any glyph (a
  // box edge rounded up) are one.
  const zones: Span[] = [];
  let start = -1;
  let leadEnd = -1;
  for (let x = 0; x <= width; x++) {
    const free = cover[x] <= allowed;
    if (free && start < 0) start = x;
    if (!free && start >= 0) {
      const last = zones[zones.length - 1];
      if (last && start - last.x1 < minChannel * PROJECTION_RES) last.x1 = x;
      else if (start > 0) zones.push({ x0: start, x1: x });
      else leadEnd = x;
      start = -1;
    }
  }
  const lead = leadingColumnChannel(leadEnd, others, left, minChannel);
  if (lead) zones.unshift(lead);
  // Scattered glyphs (a drawing's labels) leave channels everywhere: not a table.
  if (zones.length > MAX_COLUMNS) return [];
  const grid: Grid = { cover, left, res: PROJECTION_RES };
  const channels = zones.map((z) => ({ x0: left + z.x0 / PROJECTION_RES, x1: left + z.x1 / PROJECTION_RES }));
  const placing = placingLines([...lines, ...others], channels.length + 1);
  const cuts = channels.flatMap((z) => channelCuts(z.x0, z.x1, grid, lines, minChannel, channels, placing));
  return dropEmptyColumns(cuts, all, (x) => cover[Math.min(width, Math.max(0, Math.round(at(x))))]);
}

/** Lone lines that make a first column of their own beside the voting lines (see below). */
const LEAD_COLUMN_MIN_LINES = 3;

/**
 * The channel after a first column that only lone lines fill: the row labels of a table whose
 * figures are centred on their rows (a label wrapped over two lines, "Object major" over "river",
 * its figures on a line of their own between them) never share a line with a figure, so the lines
 * that vote hold the figures alone and a heading or two over the labels; the stretch left of the
 * first figures is then no channel (open at the left edge, or crossed by those headings alone).
 * It is one when lone lines (no prose) stand wholly in it, at least LEAD_COLUMN_MIN_LINES, none
 * reaching past it: the channel runs from their right edge to the figures (in projection cells).
 */
function leadingColumnChannel(leadEnd: number, others: Span[][], left: number, minChannel: number): Span | null {
  if (leadEnd <= 0) return null;
  const end = left + leadEnd / PROJECTION_RES;
  const lone = others.filter((l) => l.length > 0 && Math.min(...l.map((s) => s.x0)) < end);
  if (lone.length < LEAD_COLUMN_MIN_LINES || lone.some((l) => l.some((s) => s.x1 > end))) return null;
  const x1 = Math.max(...lone.flatMap((l) => l.map((s) => s.x1)));
  const from = Math.max(1, Math.ceil((x1 - left) * PROJECTION_RES));
  return leadEnd - from >= minChannel * PROJECTION_RES ? { x0: from, x1: leadEnd } : null;
}

/** Projection cells per point. */
const PROJECTION_RES = 4;

/** The column projection: how many lines cover each cell, cell i at x = left + i / res. */
interface Grid {
  cover: Uint16Array;
  left: number;
  res: number;
}

/**
 * Two boundaries with no chunk wholly between them would make a column of no cell: one goes, the
 * one fewer lines cross (the middle when as many cross both). Such a pair comes from a heading
 * wider than its column's figures, crossed near one end by a group heading one line more than the
 * channel tolerates: the two free stretches either side of the group heading's end are one channel.
 */
function dropEmptyColumns(cuts: ColumnCut[], all: Span[], crossed: (x: number) => number): ColumnCut[] {
  const out: ColumnCut[] = [];
  for (const c of cuts) {
    const prev = out[out.length - 1];
    if (prev === undefined || all.some((s) => s.x0 > prev.at && s.x1 < c.at)) {
      out.push(c);
      continue;
    }
    const a = crossed(prev.at);
    const b = crossed(c.at);
    out[out.length - 1] = { at: a < b ? prev.at : b < a ? c.at : (prev.at + c.at) / 2, lo: prev.lo, hi: c.hi };
  }
  return out;
}

/** The boundaries a channel [lo, hi) yields: one, or one on each side of a sparse column in it. */
function channelCuts(lo: number, hi: number, grid: Grid, lines: Span[][], minChannel: number, channels: Span[], placing: Span[][]): ColumnCut[] {
  const inner: Span[] = [];
  let innerLines = 0;
  for (const line of lines) {
    const inside = line.filter((s) => s.x0 > lo && s.x1 < hi);
    if (inside.length) innerLines++;
    inner.push(...inside);
  }
  const parts: Span[] = [];
  if (innerLines >= SPARSE_COLUMN_MIN_LINES) {
    // Free stretches between the sparse column's cells.
    inner.sort((a, b) => a.x0 - b.x0);
    let from = lo;
    for (const s of inner) {
      if (s.x0 > from) parts.push({ x0: from, x1: s.x0 });
      from = Math.max(from, s.x1);
    }
    if (hi > from) parts.push({ x0: from, x1: hi });
  } else parts.push({ x0: lo, x1: hi });
  const out: ColumnCut[] = [];
  for (const p of parts) {
    if (p.x1 - p.x0 < minChannel) continue;
    out.push({ at: leastCrossed(p, partialCover(p, grid, placing, channels)), lo: p.x0, hi: p.x1 });
  }
  return out;
}

/**
 * The lines whose chunks say where in a channel its boundary lies: every line (those that did not
 * vote on the channels too: a heading's second line alone on its line, "equivalent" under "Full
 * time", reaches into the channel as far as the first), but for lines of group headings: half as
 * many chunks as columns or fewer (a group heads two columns or more) and no figure. A group heading is set over its columns, so it reaches
 * into the channels beside and between them wherever their boundaries lie; where it met a column
 * heading reaching in from the other side, the boundary went through that heading (issue 9:
 * "Follow" over two columns and "Households" under it; "Nation" and "Full time / equivalent").
 */
function placingLines(lines: Span[][], columns: number): Span[][] {
  return lines.filter((l) => 2 * l.length > columns || l.some((s) => s.solid));
}

/**
 * The channel's cover by the chunks that cross only part of it and no other channel whole: a chunk
 * running over another channel (a group heading over its columns) spans columns and says nothing
 * about where in this one the boundary lies; one reaching into it from one side (a column heading
 * wider than its figures) does: the boundary stays clear of it (issue 9: a boundary through
 * "Households" made its heading line a spanning row, and the wrapped headings above it a group row).
 */
function partialCover(p: Span, grid: Grid, lines: Span[][], channels: Span[]): Grid {
  const { left, res } = grid;
  const cover = new Uint16Array(grid.cover.length);
  for (const line of lines) {
    for (const s of line) {
      if (s.x1 <= p.x0 || s.x0 >= p.x1 || (s.x0 <= p.x0 && s.x1 >= p.x1)) continue;
      // Over the whole of another channel: it spans columns. Into part of one (a heading wider
      // than its figures on both sides, "Employed" over a narrow column) it is still one column's.
      if (channels.some((c) => s.x0 <= c.x0 && s.x1 >= c.x1 && (c.x1 <= p.x0 || c.x0 >= p.x1))) continue;
      const a = Math.max(0, Math.floor((s.x0 - left) * res));
      const b = Math.min(cover.length - 1, Math.ceil((s.x1 - left) * res) - 1);
      for (let x = a; x <= b; x++) cover[x]++;
    }
  }
  return { cover, left, res };
}

/** The middle of the longest stretch of least coverage within the part. */
function leastCrossed(p: Span, { cover, left, res }: Grid): number {
  const a = Math.max(0, Math.ceil((p.x0 - left) * res));
  const b = Math.min(cover.length - 1, Math.floor((p.x1 - left) * res));
  let min = Infinity;
  for (let x = a; x <= b; x++) min = Math.min(min, cover[x]);
  let best = { from: a, len: 0 };
  let run = -1;
  for (let x = a; x <= b + 1; x++) {
    const atMin = x <= b && cover[x] === min;
    if (atMin && run < 0) run = x;
    if (!atMin && run >= 0) {
      if (x - run > best.len) best = { from: run, len: x - run };
      run = -1;
    }
  }
  if (best.len === 0) return (p.x0 + p.x1) / 2;
  // The middle of the free cells' extent, from the first cell's start to the last cell's end.
  return left + (best.from + best.len / 2) / res;
}

/** Where a chunk goes: its first column and how many columns it spans. */
export interface Placement {
  col: number;
  span: number;
  /** It runs into the text of other columns (a spanning heading, or a cell running on). */
  crossing?: boolean;
}

/**
 * Places chunks into the columns between the cuts. A chunk inside one column goes there; one that
 * crosses a boundary and sits centred over the columns whose text (the extent of the chunks
 * wholly inside them) it overlaps spans them; any other stays in its column (a long label spilling into the channel, or text running on over empty cells, stays in the
 * column where it starts). Only the first `spanningLines`
 * lines (the headings) may span.
 */
export function placeChunks(lines: Chunk[][], cuts: number[], spanningLines = lines.length): Placement[][] {
  const colOf = (x: number): number => {
    let c = 0;
    while (c < cuts.length && x > cuts[c]) c++;
    return c;
  };
  const nC = cuts.length + 1;
  const extent: Span[] = Array.from({ length: nC }, () => ({ x0: Infinity, x1: -Infinity }));
  for (const line of lines) {
    for (const ch of line) {
      const c = colOf(ch.x0);
      if (colOf(ch.x1) !== c) continue;
      extent[c].x0 = Math.min(extent[c].x0, ch.x0);
      extent[c].x1 = Math.max(extent[c].x1, ch.x1);
    }
  }
  return lines.map((line, i) => {
    const placed = line.map((ch): Placement => {
      const a = colOf(ch.x0);
      const b = colOf(ch.x1);
      if (a === b) return { col: a, span: 1 };
      const hit: number[] = [];
      for (let c = a; c <= b; c++) {
        const e = extent[c];
        const overlap = Math.min(e.x1, ch.x1) - Math.max(e.x0, ch.x0);
        if (overlap > 0) hit.push(c);
      }
      if (hit.length === 0) return { col: colOf((ch.x0 + ch.x1) / 2), span: 1 };
      const first = extent[hit[0]];
      const last = extent[hit[hit.length - 1]];
      // Centred over the columns (a group heading: equal margins left and right): it spans them.
      // Otherwise it is a cell's text running on into empty neighbours: it stays in the column
      // where it starts.
      const left = ch.x0 - first.x0;
      const right = last.x1 - ch.x1;
      const flushLeft = Math.abs(left) < 0.5 * ch.size && right > ch.size;
      const width = last.x1 - first.x0;
      const evenMargins = Math.abs(left - right) <= Math.max(ch.size, CENTRED_SHARE * width);
      // Centred on the middle between the columns' text centres: a group heading centred on
      // cells whose figures keep to their right edge lies left of their text's middle, and may
      // start where the first column's widest figure does. Alone over those columns on its line,
      // it heads them; flush left it would be a heading running on into an empty neighbour.
      const mid = (ch.x0 + ch.x1) / 2;
      const centres = ((first.x0 + first.x1) / 2 + (last.x0 + last.x1) / 2) / 2;
      const onCentres = Math.abs(mid - centres) <= Math.max(0.25 * ch.size, (CENTRED_SHARE / 2) * width);
      const alone = !line.some((o) => o !== ch && o.x1 > first.x0 && o.x0 < last.x1);
      if (hit.length > 1 && i < spanningLines && ((!flushLeft && evenMargins) || (alone && onCentres))) {
        return { col: hit[0], span: hit[hit.length - 1] - hit[0] + 1, crossing: true };
      }
      // A heading line's chunk starting in the channel before the first column whose text it
      // overlaps (a group heading wider than its columns, centred on their cells' boxes rather
      // than on their right-aligned text) starts in that column: the column of the channel holds
      // none of it.
      const start = hit.length > 1 && (i >= spanningLines || hit.includes(a)) ? colOf(ch.x0) : hit[0];
      return { col: start, span: 1, crossing: hit.length > 1 };
    });
    if (i < spanningLines) for (let k = 1; k < line.length; k++) placed[k] = unclash(k, line, placed, extent, colOf(line[k].x1));
    return placed;
  });
}

/**
 * A heading wider than its column, set over its figures but not centred on them ("City Power
 * Body" over a narrow "Rate" column, spilling left into the channel), stays in the column where it
 * starts; when the heading before it on the line already holds that column, it goes to the column
 * of those it crosses (up to `lastCol`) whose text it overlaps most and no other chunk of the line
 * holds: two headings are never glued into one cell.
 */
function unclash(k: number, line: Chunk[], placed: Placement[], extent: Span[], lastCol: number): Placement {
  const p = placed[k];
  const prevEnd = placed[k - 1].col + placed[k - 1].span - 1;
  if (!p.crossing || p.span !== 1 || prevEnd < p.col) return p;
  const ch = line[k];
  const overlap = (c: number): number => Math.min(extent[c].x1, ch.x1) - Math.max(extent[c].x0, ch.x0);
  const taken = (c: number): boolean => placed.some((q, j) => j !== k && c >= q.col && c < q.col + q.span);
  let best = -1;
  for (let c = prevEnd + 1; c <= lastCol; c++) if (!taken(c) && overlap(c) > 0 && (best < 0 || overlap(c) > overlap(best))) best = c;
  return best < 0 ? p : { ...p, col: best };
}
