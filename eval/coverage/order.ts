// A sampled reading-order check against pdftotext's reading order: pairs of words that follow
// each other in pdftotext's text, where that order is unambiguous, must follow each other in the
// Markdown too. Unambiguous: both words occur once on the page (in pdftotext's words and in the
// Markdown's), so each has one place to be compared. Two kinds of pair are told apart:
// - within a line: pdftotext keeps a line's words in order; a pair split apart is a line glued to
//   another column's, or a word moved out of its line;
// - across a line break inside a paragraph (no blank line between): a line moved away from the
//   next one (scrambled lines, a column read in the wrong order). pdftotext can be wrong here (it
//   guesses columns too), so it is reported apart.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { textWords } from '../synthetic/tokens.js';

const run = promisify(execFile);

/** A pair still reads in order when the second word comes within this many words after the first (a footnote marker, a hyphen split between them). */
const NEAR_WORDS = 3;
/** Lines of fewer words are not taken as running text for the across-a-break pairs. */
const FLOW_MIN_WORDS = 4;
/** Pairs checked per page and kind: enough for a share, bounded for pages of thousands of words. */
export const ORDER_SAMPLE = 200;
/** Bounds on the pdftotext run (a hostile or huge PDF must not stall the whole run). */
const PDFTOTEXT_TIMEOUT_MS = 60_000;
const PDFTOTEXT_MAX_BYTES = 64 * 1024 * 1024;

export interface OrderCheck {
  /** Within-line pairs checked, and how many did not follow each other in the Markdown. */
  linePairs: number;
  lineOut: number;
  /** Pairs across a line break inside a paragraph, checked and out of order. */
  flowPairs: number;
  flowOut: number;
  /** A few of the pairs out of order, for the verbose listing. */
  examples: string[];
}

/** pdftotext's reading order per page (its default mode, not -layout), or null when it is not installed or fails. */
export async function pdftotextPages(file: string, first: number, last: number): Promise<string[] | null> {
  try {
    const { stdout } = await run('pdftotext', ['-q', '-enc', 'UTF-8', '-f', String(first), '-l', String(last), file, '-'], { timeout: PDFTOTEXT_TIMEOUT_MS, maxBuffer: PDFTOTEXT_MAX_BYTES });
    const pages = stdout.split('\f');
    // pdftotext ends every page with a form feed: the piece after the last is empty.
    if (pages.length > last - first + 1) pages.length = last - first + 1;
    return pages;
  } catch {
    return null;
  }
}

interface Pair {
  a: string;
  b: string;
  flow: boolean;
}

function pairsOf(text: string): { pairs: Pair[]; words: string[] } {
  const pairs: Pair[] = [];
  const all: string[] = [];
  for (const paragraph of text.split(/\n\s*\n/)) {
    let prev: string | undefined;
    let prevLineWords = 0;
    for (const line of paragraph.split('\n')) {
      // Hyphens inside a word do not count (as in coverage.ts): "well-known" is "wellknown" on both sides.
      const words = textWords(line).map((w) => w.replace(/[-\u2010\u00ad]/g, '')).filter((w) => w !== '');
      words.forEach((w, i) => {
        // Across a break, only between lines of running text: short lines (a table's column, a
        // keyword list) have no order pdftotext could know.
        const prose = prevLineWords >= FLOW_MIN_WORDS && words.length >= FLOW_MIN_WORDS;
        if (prev !== undefined && (i > 0 || prose)) pairs.push({ a: prev, b: w, flow: i === 0 });
        prev = w;
      });
      prevLineWords = words.length;
      all.push(...words);
    }
  }
  return { pairs, words: all };
}

function counts(words: string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const w of words) m.set(w, (m.get(w) ?? 0) + 1);
  return m;
}

/** Every k-th of `items`, so that at most `n` remain, spread over the page. */
function sample<T>(items: T[], n: number): T[] {
  if (items.length <= n) return items;
  const step = items.length / n;
  return Array.from({ length: n }, (_, i) => items[Math.floor(i * step)]);
}

/** Checks pdftotext's word order of one page against the Markdown's words. */
export function orderCheck(pdftotextText: string, markdownWords: string[]): OrderCheck {
  const { pairs: reference, words } = pairsOf(pdftotextText);
  const refCount = counts(words);
  const mdCount = counts(markdownWords);
  const position = new Map<string, number>();
  markdownWords.forEach((w, i) => position.set(w, i));
  // Unambiguous: once in each, and a word (not a lone digit, which footnote markers and folios repeat).
  const unique = (w: string) => refCount.get(w) === 1 && mdCount.get(w) === 1 && /\p{L}/u.test(w);
  const usable = reference.filter((p) => unique(p.a) && unique(p.b));
  const out: OrderCheck = { linePairs: 0, lineOut: 0, flowPairs: 0, flowOut: 0, examples: [] };
  for (const flow of [false, true]) {
    for (const p of sample(usable.filter((q) => q.flow === flow), ORDER_SAMPLE)) {
      const d = position.get(p.b)! - position.get(p.a)!;
      const inOrder = d > 0 && d <= NEAR_WORDS;
      if (flow) out.flowPairs++;
      else out.linePairs++;
      if (inOrder) continue;
      if (flow) out.flowOut++;
      else out.lineOut++;
      if (out.examples.length < 6) out.examples.push(`${flow ? '⏎' : ''}"${p.a} ${p.b}"`);
    }
  }
  return out;
}
