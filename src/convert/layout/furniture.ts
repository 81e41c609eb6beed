// Furniture (page headers and footers) across the pages of a document, on blocks with their
// geometry (issue 9, DECISIONS §8). A line is furniture only when it lies in the top or bottom
// band of its page and either is a folio/stamp by itself (margins.ts) or repeats across pages with
// nothing but a folio changing; and furniture is never the only content of a page. A line that
// repeats but whose changing part is more than a page number (a reference, an amount: a batch of
// invoices from one template) is content.
import { isFurniture, type Block, type BlockType, type PageModel } from '../model.js';
import { RUNNING_LINE_MIN_PAGES, RUNNING_LINE_MIN_SHARE } from './limits.js';
import { hasFurnitureShape } from './furniture-shape.js';
import { headingLevel, MIN_RATIO, OCR_MIN_RATIO } from './headings.js';
import { isPageNumber } from './margins.js';
import { quantile } from './order-stats.js';

/** Share of the page height at the top and at the bottom where running lines live. */
const RUNNING_BAND = 0.15;
/** Blocks with more lines than this are text, not a running line. */
const RUNNING_MAX_LINES = 2;
/** Content blocks from each end of a page (in reading order) examined as running-line candidates. */
const EDGE_BLOCKS = 2;

const TEXT_TYPES = new Set<Block['type']>(['heading', 'paragraph', 'caption', 'list_item']);

function plainText(b: Block): string {
  return b.lines.map((l) => l.text).join(' ').replace(/\s+/g, ' ').trim();
}

/**
 * The running line's text without a folio at either end: a book sets the folio on the outer edge,
 * so the same running title reads "Title 7" on a recto page and "8 Title" on a verso one.
 */
function withoutEdgeFolio(text: string): string {
  const tokens = text.split(' ');
  // The folio often stands apart from the title behind a rule or a dot ("Title | 7", "8 | Title",
  // "Title · 7"): the separator goes with it, or recto and verso heads read as two lines.
  if (tokens.length >= 2 && folioToken(tokens[0])) return tokens.slice(tokens.length >= 3 && FOLIO_SEPARATOR.test(tokens[1]) ? 2 : 1).join(' ');
  const n = tokens.length;
  if (n >= 2 && folioToken(tokens[n - 1])) return tokens.slice(0, n >= 3 && FOLIO_SEPARATOR.test(tokens[n - 2]) ? -2 : -1).join(' ');
  return text;
}

/** A mark setting a folio apart from its running title: a bar, a bullet, a dash, a slash. */
const FOLIO_SEPARATOR = /^[|•·∙▪/\\\-–—]$/u;

function runningKey(text: string): string {
  return withoutEdgeFolio(text.replace(/[*_#]/g, '').replace(/\s+/g, ' ').trim()).replace(/\d+/g, '#').toLowerCase();
}

/** A token that is a page number by itself: "7", "(7)", "7/12", "vii", "p.7". */
function folioToken(t: string): boolean {
  const s = t.replace(/^[([{]|[)\]}.,:;]$/g, '');
  return /^\d{1,4}(?:\/\d{1,4})?$/.test(s) || isPageNumber(s);
}

/**
 * Whether the occurrences of one running line differ only in a folio: at most one token position
 * varies, and there every value is a page number by itself. "INV-1001 … page 1 of 4" against
 * "INV-1002 … page 2 of 4" varies in two tokens, one of them a reference: content.
 */
export function differsOnlyInFolio(texts: string[]): boolean {
  // Recto and verso heads: the same label, each with its folio at one end (or none).
  const labels = new Set(texts.map(withoutEdgeFolio));
  if (labels.size === 1 && texts.some((t) => withoutEdgeFolio(t) !== t)) return true;
  const tokens = texts.map((t) => t.split(' '));
  const n = tokens[0].length;
  if (tokens.some((ts) => ts.length !== n)) return false;
  let varying = 0;
  for (let i = 0; i < n; i++) {
    const values = new Set(tokens.map((ts) => ts[i]));
    if (values.size === 1) continue;
    varying++;
    if (varying > 1 || ![...values].every(folioToken)) return false;
  }
  return true;
}

function inBand(b: Block, page: PageModel): 'page_header' | 'page_footer' | null {
  if (b.bbox[3] <= page.height * RUNNING_BAND) return 'page_header';
  if (b.bbox[1] >= page.height * (1 - RUNNING_BAND)) return 'page_footer';
  return null;
}

interface Candidate {
  block: Block;
  type: 'page_header' | 'page_footer';
  text: string;
  key: string;
  /** Set in display type against its page's body (a heading's size, not a running label's). */
  display: boolean;
}

/**
 * A running line keeps its type size from page to page. An occurrence set this much larger or
 * smaller than the line's usual size is another line with the same words: a paper's or report's
 * title on its first page, whose running head on the pages after repeats it in small type.
 */
const RUNNING_SIZE_TOLERANCE = 1.2;

/** The usual type size of a running line's occurrences (their median; 0 when none is sized). */
function usualSize(cands: Candidate[]): number {
  return quantile(cands.map((c) => c.block.size ?? 0).filter((s) => s > 0), 0.5);
}

function keepsRunningSize(c: Candidate, usual: number): boolean {
  const size = c.block.size ?? 0;
  if (usual === 0 || size === 0) return true;
  return size <= usual * RUNNING_SIZE_TOLERANCE && size * RUNNING_SIZE_TOLERANCE >= usual;
}

/**
 * Running-line candidates of a page: the margin lines the page layout set aside (margins.ts), bar
 * bare folios, and the first and last content blocks when they lie in a margin band.
 */
function candidates(page: PageModel): Candidate[] {
  const content = page.blocks.filter((b) => !isFurniture(b));
  const body = bodySize(page);
  const edge = [...new Set([...content.slice(0, EDGE_BLOCKS), ...content.slice(-EDGE_BLOCKS)])];
  const out: Candidate[] = [];
  for (const block of page.blocks) {
    if (isFurniture(block)) {
      if (block.folio) continue;
      const text = plainText(block);
      out.push({ block, type: block.type as Candidate['type'], text, key: runningKey(text), display: isDisplaySized(block, body) });
      continue;
    }
    if (!edge.includes(block) || !TEXT_TYPES.has(block.type) || block.lines.length === 0 || block.lines.length > RUNNING_MAX_LINES) continue;
    const type = inBand(block, page);
    const text = plainText(block);
    const key = runningKey(text);
    if (type && key.length >= 2) out.push({ block, type, text, key, display: isDisplaySized(block, body) });
  }
  return out;
}

/**
 * A margin line taken back as the page's text, with its box and lines: a heading when its size or
 * weight makes it one, as for any text block (headings.ts; a scan's first line, a bold title set
 * apart above the text, was set aside by the margin rule and came back a paragraph), else a
 * paragraph.
 */
function asContent(b: Block, body: number): Block {
  const text = plainText(b);
  const level = b.size === undefined || body <= 0 ? 0
    : headingLevel({ text, lines: 1, size: b.size, bold: b.bold === true, italic: false }, body, b.ocr ? OCR_MIN_RATIO : MIN_RATIO);
  const out: Block = level > 0 ? { type: 'heading', level, bbox: b.bbox, lines: b.lines } : { type: 'paragraph', bbox: b.bbox, lines: b.lines };
  if (b.size !== undefined) out.size = b.size;
  if (b.bold) out.bold = true;
  if (b.ocr) out.ocr = true;
  // A heading renders from its pieces (its `#`s); margin text is otherwise kept verbatim.
  if (level > 0) out.inline = b.inline ?? [[{ text, bold: false, italic: false }]];
  else {
    if (b.text !== undefined) out.text = b.text;
    if (b.inline !== undefined) out.inline = b.inline;
  }
  return out;
}

/**
 * Furniture is never the only content of a page: when nothing else is left, the margin lines that
 * are not bare folios or stamps are the page's text (a page that is one line near the top).
 */
export function keepContentFurniture(page: PageModel): PageModel {
  // The page stages keep no block without text (layout/stages.ts), so any other block is content.
  if (page.blocks.some((b) => !isFurniture(b))) return page;
  if (!page.blocks.some((b) => isFurniture(b) && !b.folio)) return page;
  const body = bodySize(page);
  return { ...page, blocks: page.blocks.map((b): Block => (isFurniture(b) && !b.folio ? asContent(b, body) : b)) };
}

/** Running text, not a label: a sentence of this many words or more, or this many words at all. */
const PROSE_SENTENCE_WORDS = 6;
const PROSE_WORDS = 15;

/**
 * Whether a margin line reads as running text: it ends a sentence and is longer than a label, or
 * is long. Running heads and footers are labels (a title, a name, a date, a URL, a folio).
 */
export function readsAsProse(text: string): boolean {
  const words = text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  return words >= PROSE_WORDS || (words >= PROSE_SENTENCE_WORDS && /[.!?…]["'”’)\]]?$/u.test(text.trim()));
}

/** A line set this much larger than the page's body text is display type (a title), not a running label. */
const DISPLAY_SIZE_RATIO = 1.25;

/** The font size that carries most of the page's content text (0 when the page has none). */
function bodySize(page: PageModel): number {
  const chars = new Map<number, number>();
  for (const b of page.blocks) {
    if (isFurniture(b) || !b.size) continue;
    const size = Math.round(b.size * 2) / 2;
    chars.set(size, (chars.get(size) ?? 0) + plainText(b).length);
  }
  let best = 0;
  let most = 0;
  for (const [size, n] of chars) if (n > most) [best, most] = [size, n];
  return best;
}

/**
 * Running heads and feet are set at or below the body size; a margin line in display type well
 * above it is the document's title or a heading (a one-page letter's or report's title near the
 * top edge), so on a short document it is content, as running text is.
 */
function isDisplaySized(b: Block, body: number): boolean {
  return body > 0 && (b.size ?? 0) >= body * DISPLAY_SIZE_RATIO;
}

/**
 * Documents too short for repetition across three pages (one or two pages) give the page
 * layout's margin rules no evidence but form. There a margin line the layout set aside stays
 * furniture only by its shape (furniture-shape.ts: a folio, a line carrying one, a stamp, a URL,
 * a copyright line, a journal head's citation parts, an arXiv stamp, a timestamp), or when it
 * repeats on both pages of two; a plain label ("Reference: AB-1234", "NETS 2015"), running text
 * or a title in display type is the document's text (issue 9: dropping the user's text is the
 * worst failure). Single pages cut from longer documents, a common input, keep their running
 * heads' shapes, so olmOCR-style absence checks still find them left out.
 */
function shortDocumentFurniture(pages: PageModel[]): PageModel[] {
  const setAside = pages.map((page) => {
    const body = bodySize(page);
    // A folio in a band shows that band is the page's running line (a slide's "Event 2015 … 7"
    // footer): a label set aside beside it belongs to it.
    const folioBands = new Set(page.blocks.filter((b) => isFurniture(b) && (b.numbered || isPageNumber(plainText(b)))).map((b) => b.type));
    return page.blocks.filter((b) => {
      if (!isFurniture(b) || b.folio || b.numbered) return false;
      const text = plainText(b);
      if (isDisplaySized(b, body)) return true;
      // A running line's shape outranks its grammar: "© 2021 Press. All rights reserved." ends a
      // sentence yet is a copyright line.
      if (hasFurnitureShape(text)) return false;
      return readsAsProse(text) || !folioBands.has(b.type);
    });
  });
  // Per running key, its text on each page where it was set aside (first occurrence per page).
  const texts = new Map<string, string[]>();
  for (const blocks of setAside) {
    const seen = new Set<string>();
    for (const b of blocks) {
      const text = plainText(b);
      const key = runningKey(text);
      if (seen.has(key)) continue;
      seen.add(key);
      texts.set(key, [...(texts.get(key) ?? []), text]);
    }
  }
  const repeated = (b: Block): boolean => {
    const t = texts.get(runningKey(plainText(b)));
    return pages.length > 1 && t !== undefined && t.length === pages.length && differsOnlyInFolio(t);
  };
  return pages.map((page, p) => {
    const content = new Set(setAside[p].filter((b) => !repeated(b)));
    if (content.size === 0) return keepContentFurniture(page);
    const body = bodySize(page);
    const blocks = page.blocks.map((b): Block => (content.has(b) ? asContent(b, body) : b));
    return keepContentFurniture({ ...page, blocks });
  });
}

/**
 * The most pages in a row that carry a line, a page or two apart (a book sets a section's running
 * head on every page, or on every recto only). A running head that names the current chapter or
 * section ("1.4 Build a Mnesia Database") changes with it, so in a long document no one text
 * reaches the share of pages a document-wide head does; three pages in a row are the evidence
 * (issue 9: a manual's section heads stayed on every page as text).
 */
export function longestRun(pages: Set<number>): number {
  const sorted = [...pages].sort((a, b) => a - b);
  let best = 0;
  let run = 0;
  for (let i = 0; i < sorted.length; i++) {
    run = i > 0 && sorted[i] - sorted[i - 1] <= 2 ? run + 1 : 1;
    best = Math.max(best, run);
  }
  return best;
}

/** A margin line the page layout set aside (margins.ts) is confirmed by this many pages. */
const SET_ASIDE_MIN_PAGES = 2;

/**
 * Marks the running headers and footers of a document (its pages in order). Linear in blocks.
 * Repetition is the evidence: a margin line the page layout set aside (margins.ts) stays furniture
 * only when it repeats on two pages or more (and the share below) with nothing but a folio
 * changing, a first or last block in the margin band becomes furniture when it repeats on three
 * or more; everything else is content. Bare folios and stamps need no evidence. Documents of one
 * or two pages carry little such evidence: there a set-aside margin line that reads as running text
 * is content unless it repeats on both pages (shortDocumentFurniture). An occurrence in another type
 * size than the line's usual one is not the running line (a title repeated by the running heads).
 */
export function markRunningLines(pages: PageModel[]): PageModel[] {
  if (pages.length < RUNNING_LINE_MIN_PAGES) return shortDocumentFurniture(pages);
  const all = pages.map(candidates);
  // Per key, the usual size of its occurrences; one set in another size is not an occurrence.
  const occurrences = new Map<string, Candidate[]>();
  for (const c of all.flat()) {
    const list = occurrences.get(c.key);
    if (list) list.push(c);
    else occurrences.set(c.key, [c]);
  }
  const usual = new Map([...occurrences].map(([key, cands]) => [key, usualSize(cands)]));
  const perPage = all.map((cands) => cands.filter((c) => keepsRunningSize(c, usual.get(c.key) ?? 0)));
  const byKey = new Map<string, { pages: Set<number>; setAside: Set<number>; texts: string[]; display: number }>();
  perPage.forEach((cands, p) => {
    for (const c of cands) {
      const entry = byKey.get(c.key) ?? { pages: new Set<number>(), setAside: new Set<number>(), texts: [], display: 0 };
      if (!entry.pages.has(p)) entry.texts.push(c.text);
      entry.pages.add(p);
      if (isFurniture(c.block)) entry.setAside.add(p);
      if (c.display) entry.display++;
      byKey.set(c.key, entry);
    }
  });
  const share = Math.ceil(pages.length * RUNNING_LINE_MIN_SHARE);
  const running = new Set<string>();
  for (const [key, e] of byKey) {
    const repeats = e.pages.size >= Math.max(RUNNING_LINE_MIN_PAGES, share) || e.setAside.size >= Math.max(SET_ASIDE_MIN_PAGES, share) || longestRun(e.pages) >= RUNNING_LINE_MIN_PAGES;
    // Numbered headings opening page after page ("Example 3", "Chapter 4") differ only in a number,
    // like a folio, but are set in display type; a running line is a label at or below body size.
    const numberedHeadings = e.display * 2 > e.texts.length && new Set(e.texts).size > 1;
    if (repeats && !numberedHeadings && differsOnlyInFolio(e.texts)) running.add(key);
  }
  return pages.map((page, p) => {
    const types = new Map<Block, BlockType>();
    const restored = new Set<Block>();
    const kept = new Set(perPage[p]);
    for (const c of all[p]) {
      if (kept.has(c) && running.has(c.key)) types.set(c.block, c.type);
      else if (isFurniture(c.block)) restored.add(c.block);
    }
    if (types.size === 0 && restored.size === 0) return page;
    const body = bodySize(page);
    const blocks = page.blocks.map((b): Block => {
      if (restored.has(b)) return asContent(b, body);
      const t = types.get(b);
      if (!t) return b;
      const { folio: _folio, ...rest } = b;
      return { ...rest, type: t };
    });
    return keepContentFurniture({ ...page, blocks });
  });
}
