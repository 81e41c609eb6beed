// Running headers, footers, page numbers and download stamps in the page margins.
import type { Segment } from './lines.js';
import { isReferenceMarkerBefore } from './superscripts.js';

// A chapter-page folio ("7-45", "A-3": manuals number pages within chapters) counts as one.
const PAGE_NUMBER = /^(?:page|p\.|seite|página|pagina)?\s*[-–—(]?\s*(?:(?:\d{1,3}|[a-z])[-–]\d{1,4}|\d{1,4}|[ivxlcdm]{1,7})\s*[-–—)]?(?:\s*(?:of|\/|de|von)\s*\d{1,4})?$/i;
const STAMP = /(?:^|\s)(?:downloaded|retrieved|accessed)\s+(?:from|on|at)\b|^this (?:article|document) is protected|^all rights reserved|^for personal use only|^provided by\b|^digiti[sz]ed by\b/i;
/**
 * A provenance stamp by its whole form, wherever it sits (a side note along the page): it opens
 * with the phrase, names a site, and says when ("Downloaded from example.org on May 1, 2020",
 * "… at 6:51 IRST on Monday …"). Anything less ("retrieved from <url>" in a reference, "all rights
 * reserved" on a copyright page, "files downloaded from" in an index) is a stamp only in the margins.
 */
const SIDE_STAMP = /^(?:downloaded|retrieved|accessed)\s+from\s+\S+\.\S+.*\s(?:on|at)\s+\S/i;

export function isSideStamp(text: string): boolean {
  return SIDE_STAMP.test(text.trim());
}

/** Words of a sentence closed by a stop that no running title has. */
const SENTENCE_WORDS = 6;
/** A four-digit year: a table heading, a date or an event's edition ("NETS 2015") more often than a folio. */
const YEAR = /^(?:1[5-9]|20)\d\d$/;

export function isYear(text: string): boolean {
  return YEAR.test(text.trim());
}

/** "Figure 7-26.", "Table 3:", "Fig. 2" — a caption under a figure that ends low on the page. */
const CAPTION_LINE = /^(?:fig(?:ure)?|table|tab|chart|plate|exhibit|listing|scheme|graph)\.?\s*(?:\d+|[IVX]+)(?:[-.–]\d+)*\s*[.:\-–—]/i;

export function isCaptionLine(text: string): boolean {
  return CAPTION_LINE.test(text.trim());
}

export function isPageNumber(text: string): boolean {
  return PAGE_NUMBER.test(text.trim());
}

export function isStamp(text: string): boolean {
  return STAMP.test(text.trim());
}

/** Share of the page height at the top and bottom treated as margins. */
const TOP_ZONE = 0.12;
const BOTTOM_ZONE = 0.88;
/**
 * Gap (in body sizes) that sets a margin line apart from the body: more than a paragraph break
 * (0.5–1.2 em in print), less than the 1.5 em and more that running heads keep.
 */
const MARGIN_GAP_EM = 1.3;
/** The same over OCR-like layers, whose sizes come from word boxes (a tight scan's head sits closer). */
const OCR_MARGIN_GAP_EM = 0.9;
/** Below this gap (in the line's own size) a line is part of the text next to it. */
const MARGIN_GAP_OF_OWN_SIZE = 0.6;
/** A text block this many body sizes wide at least has a centre a folio is set under (margins: lone). */
const CENTRED_MIN_MEASURE_EM = 15;
/** The outermost strip, where only running lines live. */
const OUTER_STRIP = 0.07;

export interface MarginSplit {
  body: Segment[];
  /** The margin lines set aside (they become page_header / page_footer blocks). */
  furniture: Segment[];
  /** lineIds of the furniture lines that are folios or stamps by themselves. */
  folios: Set<number>;
  /**
   * lineIds of the other furniture lines that carry a page number as a piece of their own
   * ("Annual Report ⟶ 9", "Journal | url ⟶ 3 ⟶ March 2014"): running lines by their form alone,
   * where a document is too short for repetition to show it (furniture.ts).
   */
  numbered: Set<number>;
}

/** A margin line set in pieces, one of which is a page number (not a year) by itself. */
export function carriesFolio(pieces: string[]): boolean {
  return pieces.length >= 2 && pieces.some((t) => isPageNumber(t) && !isYear(t));
}

interface PiecedLine {
  texts: string[];
  spans: ReadonlyArray<readonly [number, number]>;
}

/** Lines below a top margin line (above a bottom one) whose pieces show the columns it may head or end (a row may leave a cell empty). */
const COLUMN_LINES = 3;
const MIN_HEADER_PIECES = 3;

/**
 * A line of pieces each standing over a piece of the lines below it: a table's header row
 * (repeated at the top of a page the table continues on, in print smaller than the body), not a
 * running head, whose pieces (title, folio) do not head columns of the text below. A line that
 * carries a folio is left to the rules for running heads.
 */
function headsColumns(line: PiecedLine, below: PiecedLine[]): boolean {
  // Three pieces at least: a running head of two (title, author) over a page of two text
  // columns stands over both columns too.
  const rows = below.filter((l) => l.spans.length >= MIN_HEADER_PIECES);
  if (line.spans.length < MIN_HEADER_PIECES || rows.length === 0 || carriesFolio(line.texts)) return false;
  return line.spans.every(([x0, x1]) => rows.some((r) => r.spans.some(([n0, n1]) => Math.min(x1, n1) - Math.max(x0, n0) > 0)));
}

/**
 * A line of one or two group headings over a table's value columns (a table continued at the top
 * of a page repeats them): each piece lies over two or more neighbouring pieces of the nearest row
 * of three or more below, right of that row's first piece (the labels), centred on them or set
 * flush with the first. A running title is neither held to a table's columns nor kept clear of
 * its labels.
 */
function groupsColumns(line: PiecedLine & { size: number }, below: PiecedLine[]): boolean {
  const row = below.find((l) => l.spans.length >= MIN_HEADER_PIECES);
  if (!row || line.spans.length > 2 || carriesFolio(line.texts)) return false;
  const spans = row.spans.slice().sort((a, b) => a[0] - b[0]);
  const tol = Math.max(line.size, 2);
  // Over pieces j..k of the row (k > j ≥ 1: the labels' piece is never grouped), within them.
  const heads = (x0: number, x1: number, j: number, k: number): boolean => {
    const [o0, o1] = [spans[j][0], spans[k][1]];
    // Clear of the pieces either side (a group heading may be wider than its columns' headings).
    if (x0 < spans[j - 1][1] || (k + 1 < spans.length && x1 > spans[k + 1][0])) return false;
    const centred = Math.abs((x0 + x1) / 2 - (o0 + o1) / 2) <= Math.max(tol, 0.1 * (o1 - o0));
    return centred || (Math.abs(x0 - o0) <= tol && x1 <= o1 + tol);
  };
  return line.spans.every(([x0, x1]) => {
    for (let j = 1; j < spans.length; j++) for (let k = j + 1; k < spans.length; k++) if (heads(x0, x1, j, k)) return true;
    return false;
  });
}

/**
 * Sets margin lines aside: page numbers and stamps anywhere in the margins; other short margin
 * lines when they are set apart from the body (a clear gap) and not larger than the body text.
 * What it sets aside is kept (furniture is typed, never silently deleted).
 */
/** Whether a line's first run is a raised note number set right before its text ("¹⁶FEMIP …"). */
function opensWithNoteNumber(segs: Segment[]): boolean {
  const runs = segs
    .slice()
    .sort((a, b) => a.x0 - b.x0)
    .flatMap((s) => s.runs.slice().sort((a, b) => a.x - b.x));
  return runs.length >= 2 && isReferenceMarkerBefore(runs[0], runs[1]);
}

export function splitMarginLines(segs: Segment[], pageHeight: number, body: number, noisySizes = false): MarginSplit {
  if (segs.length === 0) return { body: segs, furniture: [], folios: new Set(), numbered: new Set() };
  const lines = new Map<number, Segment[]>();
  for (const s of segs) {
    const l = lines.get(s.lineId);
    if (l) l.push(s);
    else lines.set(s.lineId, [s]);
  }
  const boxes = [...lines.entries()].map(([id, ss]) => ({
    id,
    top: Math.min(...ss.map((s) => s.top)),
    bottom: Math.max(...ss.map((s) => s.bottom)),
    size: Math.max(...ss.map((s) => s.size)),
    baseline: Math.max(...ss.map((s) => s.baseline)),
    texts: ss.map((s) => s.text),
    spans: ss.map((s) => [s.x0, s.x1] as const),
    note: opensWithNoteNumber(ss),
  }));
  boxes.sort((a, b) => a.top - b.top);
  const drop = new Set<number>();
  const folios = new Set<number>();
  const consider = (i: number, neighbour: (typeof boxes)[number] | undefined, gapToBody: number, top: boolean): boolean => {
    const b = boxes[i];
    const all = b.texts.join(' ');
    // A number at the body's own line pitch, or overlapping it, is the body's: a matrix's last
    // row ("9 0") or a table's, low on the page; a folio stands apart.
    const apart = noisySizes || !neighbour || gapToBody >= MARGIN_GAP_OF_OWN_SIZE * b.size;
    if ((apart && b.texts.every((t) => isPageNumber(t) || isStamp(t))) || !/[\p{L}\p{N}]/u.test(all) || isStamp(all)) {
      folios.add(b.id);
      return true;
    }
    // A line opening with a raised note number is a footnote, not a running line.
    if (b.note) return false;
    if (all.length > 150 || b.size > body * 1.3 || isCaptionLine(all)) return false;
    // A larger line below the outermost strip is more likely a title than a running header.
    const outer = b.bottom < pageHeight * OUTER_STRIP || b.top > pageHeight * (1 - OUTER_STRIP);
    if (!noisySizes && b.size > body * 1.08 && !outer) return false;
    if (!neighbour) return false;
    if (top && (headsColumns(b, boxes.slice(i + 1, i + 1 + COLUMN_LINES)) || groupsColumns(b, boxes.slice(i + 1, i + 1 + COLUMN_LINES)))) return false;
    // The same below: a line whose pieces each stand under a piece of the lines above is the last
    // row of their table or grid of form fields ("Daytime phone: (987) 892-9305 Employer: …" low on
    // a form), not a running footer (forms family: such a row was lost as furniture).
    if (!top && headsColumns(b, boxes.slice(Math.max(0, i - COLUMN_LINES), i))) return false;
    // A margin line at the body's own line pitch is the end (or start) of that text, whatever its
    // size: the last line of small print, the last line of a paragraph low on the page (OCR-like
    // layers excepted: their sizes and gaps are estimates).
    if (!noisySizes && gapToBody < MARGIN_GAP_OF_OWN_SIZE * b.size) return false;
    return gapToBody >= (noisySizes ? OCR_MARGIN_GAP_EM : MARGIN_GAP_EM) * body || b.size < 0.85 * body;
  };
  // Top margin, from the edge inwards.
  for (let i = 0; i < boxes.length && boxes[i].bottom < pageHeight * TOP_ZONE; i++) {
    const next = boxes[i + 1];
    // Gap measured between baselines less the next line's size (tall glyphs distort boxes).
    if (consider(i, next, next ? next.baseline - next.size - boxes[i].baseline : 0, true)) drop.add(boxes[i].id);
    else break;
  }
  for (let i = boxes.length - 1; i >= 0 && boxes[i].top > pageHeight * BOTTOM_ZONE; i--) {
    const prev = boxes[i - 1];
    if (consider(i, prev, prev ? boxes[i].baseline - boxes[i].size - prev.baseline : 0, false)) drop.add(boxes[i].id);
    else break;
  }
  // A lone page number as the first or last line, set apart, sits where the layout put it
  // (generous LaTeX margins put it well inside the zones above).
  // Centred under (over) the text block, one line's white space is enough: a review copy's folio
  // sits on the next line's slot (ACM's manuscript format, line numbered like the text).
  const lo = Math.min(...segs.map((s) => s.x0));
  const hi = Math.max(...segs.map((s) => s.x1));
  const centred = (b: (typeof boxes)[number]): boolean => b.spans.length === 1 && Math.abs((b.spans[0][0] + b.spans[0][1]) / 2 - (lo + hi) / 2) <= body && hi - lo >= CENTRED_MIN_MEASURE_EM * body;
  const lone = (i: number, neighbour: (typeof boxes)[number] | undefined): boolean => {
    const b = boxes[i];
    if (!b.texts.every((t) => isPageNumber(t) && !isYear(t))) return false;
    if (!neighbour) return true;
    const pitch = Math.abs(neighbour.baseline - b.baseline);
    return pitch >= 1.8 * body || (centred(b) && pitch - Math.min(b.size, neighbour.size) >= MARGIN_GAP_OF_OWN_SIZE * b.size);
  };
  // The same for a running head that carries the page number at one end, set off by a wide gap
  // ("Short Title ⟶ 9"): the number is a segment of its own at the line's start or end.
  const numbered = (i: number, neighbour: (typeof boxes)[number] | undefined): boolean => {
    const b = boxes[i];
    if (b.texts.length < 2 || b.texts.length > 3 || b.size > body * 1.05 || b.texts.join(' ').length > 150) return false;
    // Years are table headings more often than folios.
    const folio = (t: string): boolean => /^\d{1,4}$/.test(t.trim()) && !/^(?:19|20)\d\d$/.test(t.trim());
    const ends = [b.texts[0], b.texts[b.texts.length - 1]].filter(folio);
    // A running title is a title: a sentence after a number is a numbered note or item, its
    // number set apart by a hanging indent ("4   Always model without … higher.": a page's last
    // footnote was lost as a footer).
    const rest = b.texts.filter((t) => !folio(t)).join(' ').trim();
    if (/[.!?]["'”’)]?$/u.test(rest) && rest.split(/\s+/).length >= SENTENCE_WORDS) return false;
    return ends.length === 1 && (!neighbour || Math.abs(neighbour.baseline - b.baseline) >= 1.8 * body);
  };
  const last = boxes.length - 1;
  if (boxes[last].top > pageHeight * 0.75 && (lone(last, boxes[last - 1]) || numbered(last, boxes[last - 1]))) drop.add(boxes[last].id);
  if (boxes[0].bottom < pageHeight * 0.25 && (lone(0, boxes[1]) || numbered(0, boxes[1]))) drop.add(boxes[0].id);
  for (const i of [0, last]) if (boxes[i].texts.every((t) => isPageNumber(t))) folios.add(boxes[i].id);
  // Stamps anywhere (side notes like "Downloaded from … on <date>"), by their whole form only:
  // body text that mentions a download or a copyright is text (issue 9: no lost text).
  for (const b of boxes) {
    if (!isSideStamp(b.texts.join(' '))) continue;
    drop.add(b.id);
    folios.add(b.id);
  }
  if (drop.size === 0) return { body: segs, furniture: [], folios: new Set(), numbered: new Set() };
  for (const id of folios) if (!drop.has(id)) folios.delete(id);
  const withFolio = new Set(boxes.filter((b) => drop.has(b.id) && !folios.has(b.id) && carriesFolio(b.texts)).map((b) => b.id));
  return { body: segs.filter((s) => !drop.has(s.lineId)), furniture: segs.filter((s) => drop.has(s.lineId)), folios, numbered: withFolio };
}
