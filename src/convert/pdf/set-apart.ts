// A cue, from the text alone, that a page may draw shapes its reading order needs (issue 9): a
// stack of lines set in another size than the body, with body text right above and right below
// it in the same column (a boxed sidebar, a pull quote between rules), or a band across the page
// free of body text between columns of text (a figure or shaded banner drawn across them). Such a
// page gets the full reading (extract.ts), so its frames, fills and rules reach the layout stage;
// plain prose pages keep the cheaper text-only reading.

/** One piece of a line: left edge, right edge, baseline and font size (top-left page space). */
export interface LinePiece {
  x: number;
  end: number;
  baseline: number;
  size: number;
  text: string;
}

/** Sizes further apart than this share of the body size are another size (not rounding). */
const OTHER_SIZE = 0.12;
/** Pieces further apart than this many ems on a baseline are in different columns. */
const COLUMN_GAP_EM = 2;
/**
 * Lines of another size, stacked, that make a unit set apart; one line does when it ends a
 * sentence (a one-line pull quote or note), while a one-line heading does not.
 */
const MIN_STACK_LINES = 2;
const SENTENCE_END = /[.!?…]["'”’)]?\s*$/u;
/** Body text within this many body sizes above and below the stack. */
const NEAR_BODY = 4;

export interface Chunk {
  x: number;
  end: number;
  baseline: number;
  size: number;
  body: boolean;
  /** The chunk ends a sentence. */
  stop: boolean;
  /** Its first two pieces' text, space-joined (what a list marker would start). */
  lead: string;
}

export function overlaps(a: Chunk, b: Chunk): boolean {
  return Math.min(a.end, b.end) - Math.max(a.x, b.x) > 0;
}

/** The size that sets the most width of text. */
export function bodySize(pieces: LinePiece[]): number {
  const width = new Map<number, number>();
  for (const p of pieces) width.set(Math.round(p.size * 2) / 2, (width.get(Math.round(p.size * 2) / 2) ?? 0) + (p.end - p.x));
  let best = 0;
  let most = -1;
  for (const [size, w] of width) if (w > most) [best, most] = [size, w];
  return best;
}

/** A line's pieces cut into column chunks; a chunk is body when most of its width is at the body size. */
export function chunks(pieces: LinePiece[], body: number): Chunk[] {
  const byLine = new Map<number, LinePiece[]>();
  for (const p of pieces) {
    const key = Math.round(p.baseline / 2);
    const l = byLine.get(key);
    if (l) l.push(p);
    else byLine.set(key, [p]);
  }
  const out: Chunk[] = [];
  for (const line of byLine.values()) {
    line.sort((a, b) => a.x - b.x);
    let cur: LinePiece[] = [];
    let curEnd = -Infinity;
    const flush = (): void => {
      if (cur.length === 0) return;
      const total = cur.reduce((n, p) => n + (p.end - p.x), 0);
      const atBody = cur.filter((p) => Math.abs(p.size - body) <= OTHER_SIZE * body).reduce((n, p) => n + (p.end - p.x), 0);
      out.push({ x: cur[0].x, end: curEnd, baseline: cur[0].baseline, size: Math.max(...cur.map((p) => p.size)), body: atBody >= 0.5 * total, stop: SENTENCE_END.test(cur[cur.length - 1].text), lead: cur.slice(0, 2).map((p) => p.text).join(' ') });
      cur = [];
      curEnd = -Infinity;
    };
    for (const p of line) {
      if (cur.length && p.x - curEnd > COLUMN_GAP_EM * p.size) flush();
      cur.push(p);
      curEnd = Math.max(curEnd, p.end);
    }
    flush();
  }
  return out.sort((a, b) => a.baseline - b.baseline);
}

/** White space between body lines, in body sizes, that breaks columns of text across the page. */
const CROSS_GAP = 2.5;
/** Body lines looked at above and below such a break for two columns side by side. */
const CROSS_REACH_LINES = 6;

/** Two body chunks side by side: columns of text. */
function sideBySide(list: Chunk[]): boolean {
  return list.some((a) => list.some((b) => b.x >= a.end));
}

/**
 * A band across the page free of body text, taller than a paragraph break, between two columns
 * of text above and two below: something drawn across the columns (a figure, a shaded banner)
 * whose shape the reading order needs to cut the columns there.
 */
function crossColumnBreak(all: Chunk[], body: number): boolean {
  const lines = all.filter((c) => c.body);
  for (let k = 1; k < lines.length; k++) {
    if (lines[k].baseline - lines[k - 1].baseline < CROSS_GAP * body + body) continue;
    if (sideBySide(lines.slice(Math.max(0, k - CROSS_REACH_LINES), k)) && sideBySide(lines.slice(k, k + CROSS_REACH_LINES))) return true;
  }
  return false;
}

/** Whether the page holds lines of another size set apart between lines of its body (see above). */
export function hasSetApartLines(pieces: LinePiece[]): boolean {
  const body = bodySize(pieces);
  if (body <= 0) return false;
  const all = chunks(pieces, body);
  if (crossColumnBreak(all, body)) return true;
  const other = all.filter((c) => !c.body);
  const near = NEAR_BODY * body;
  // The stack of other-size lines under each chunk, line after line at their own leading: its
  // height and last line, found bottom-up once (walking it from every chunk was cubic on a page
  // of thousands of small lines, and this runs on every page's cheap reading).
  const maxSize = Math.max(0, ...other.map((o) => o.size));
  const stackLines = new Array<number>(other.length).fill(1);
  const stackEnd = other.map((_, k) => k);
  for (let k = other.length - 1; k >= 0; k--) {
    const last = other[k];
    for (let j = k + 1; j < other.length && other[j].baseline - last.baseline <= 2 * maxSize; j++) {
      const o = other[j];
      if (o.baseline > last.baseline && o.baseline - last.baseline <= 2 * o.size && overlaps(o, last)) {
        stackLines[k] = stackLines[j] + 1;
        stackEnd[k] = stackEnd[j];
        break;
      }
    }
  }
  for (let k = 0; k < other.length; k++) {
    const c = other[k];
    if (stackLines[k] < MIN_STACK_LINES && !c.stop) continue;
    const top = c.baseline - c.size;
    const bottom = other[stackEnd[k]].baseline;
    const bodyAbove = all.some((b) => b.body && b.baseline < top && top - b.baseline <= near && overlaps(b, c));
    const bodyBelow = all.some((b) => b.body && b.baseline > bottom && b.baseline - bottom <= near + body && overlaps(b, c));
    if (bodyAbove && bodyBelow) return true;
  }
  return false;
}
