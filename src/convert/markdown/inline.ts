// Inline Markdown: bold/italic spans and links from run styles, de-hyphenation across lines.
import type { TextRun } from '../layout/types.js';
import { isReferenceMarkerAfter, isReferenceMarkerBefore } from '../layout/superscripts.js';
import type { InlinePiece } from '../model.js';

export type Piece = InlinePiece;

export interface InlineOptions {
  /** Headings and all-bold paragraphs carry no inner bold markers. */
  styles: boolean;
}

/** Pieces of one line's runs in reading order, with inferred spaces (mirrors joinRuns). */
export function runPieces(runs: TextRun[], rtl: boolean): Piece[] {
  const ordered = rtl ? runs.slice().sort((a, b) => b.x - a.x) : runs.slice().sort((a, b) => a.x - b.x);
  const out: Piece[] = [];
  for (let i = 0; i < ordered.length; i++) {
    const r = ordered[i];
    let text = r.text;
    // A raised reference marker stays visible but apart from its word, which stays intact for
    // search ("more<sup>20</sup>", not "more20"); it takes the word's style so no emphasis
    // marker splits the two (issue 9).
    // A raised numerator before a fraction slash ("¹⁄₄ inch") is half of a fraction, not a reference.
    const numerator = FRACTION_SLASH.test(ordered[i + 1]?.text ?? '');
    if (i > 0 && !rtl && !numerator && isReferenceMarkerAfter(ordered[i - 1], r)) {
      const p = ordered[i - 1];
      const word = out[out.length - 1];
      word.text = word.text.replace(/\s+$/u, ''); // a run's trailing space, not a visible gap
      out.push({ text: `<sup>${r.text.trim()}</sup>${/\s$/u.test(r.text) ? ' ' : ''}`, bold: p.bold, italic: p.italic, link: p.link });
      continue;
    }
    // A raised marker leading a word (a footnote's own number) stays visible but apart from it.
    const next = ordered[i + 1];
    if (!rtl && next && (i === 0 || !isReferenceMarkerAfter(ordered[i - 1], r)) && isReferenceMarkerBefore(r, next)) {
      const space = i > 0 && r.x - (ordered[i - 1].x + ordered[i - 1].width) > 0.15 * Math.min(ordered[i - 1].fontSize, r.fontSize) && !/\s$/.test(ordered[i - 1].text);
      out.push({ text: `${space ? ' ' : ''}<sup>${r.text.trim()}</sup>`, bold: next.bold, italic: next.italic, link: next.link });
      ordered[i + 1] = { ...next, text: next.text.trimStart() };
      // The word follows without a space of its own (the gap check below sees the marker's end).
      continue;
    }
    if (i > 0) {
      const p = ordered[i - 1];
      const gap = rtl ? p.x - (r.x + r.width) : r.x - (p.x + p.width);
      if (gap > 0.15 * Math.min(p.fontSize, r.fontSize) && !/\s$/.test(p.text) && !/^\s/.test(text)) text = ' ' + text;
    }
    out.push({ text, bold: r.bold, italic: r.italic, link: r.link });
  }
  return out;
}

/**
 * Joins lines of pieces into one paragraph: a hyphen at a line end before a lowercase letter is
 * dropped, unless `keepHyphen` says it is a compound's (layout/hyphens.ts).
 */
export function joinLinePieces(lines: Piece[][], keepHyphen?: (head: string, tail: string) => boolean): Piece[] {
  const out: Piece[] = [];
  for (const line of lines) {
    const trimmed = line.filter((p) => p.text.length > 0);
    if (trimmed.length === 0) continue;
    if (out.length > 0) {
      const last = out[out.length - 1];
      const firstText = trimmed[0].text.trimStart();
      if (/\p{L}-$/u.test(last.text) && /^\p{Ll}/u.test(firstText) && keepHyphen?.(last.text, firstText)) {
        trimmed[0] = { ...trimmed[0], text: firstText };
      } else if (/\p{L}[-\u00AD]$/u.test(last.text) && /^\p{Ll}/u.test(firstText)) {
        last.text = last.text.slice(0, -1);
        trimmed[0] = { ...trimmed[0], text: firstText };
      } else if (/[\u00AD]$/u.test(last.text)) {
        last.text = last.text.slice(0, -1);
      } else if (/[\p{L}\p{N}][\u2013\u2014]$/u.test(last.text) && /^[\p{L}\p{N}]/u.test(firstText)) {
        // A line broken after an unspaced en or em dash ("pages 45–" over "67", "the market—" over
        // "and"): the dash joins what it stood between, with no space (issue 9).
        trimmed[0] = { ...trimmed[0], text: firstText };
      } else {
        trimmed[0] = { ...trimmed[0], text: ' ' + firstText };
      }
    }
    out.push(...trimmed);
  }
  return out;
}

/**
 * Adjacent pieces of one style (bold, italic, link) as one piece: what renderPieces would group
 * anyway, kept in fewer objects (the page model crosses worker boundaries).
 */
export function mergeStyles(pieces: Piece[]): Piece[] {
  const out: Piece[] = [];
  for (const p of pieces) {
    const last = out[out.length - 1];
    if (last && last.bold === p.bold && last.italic === p.italic && last.link === p.link) last.text += p.text;
    else out.push({ ...p });
  }
  return out;
}

/** Whether renderPieces gives nothing (only blanks and dot leaders); cheap for ordinary text. */
export function blankPieces(pieces: Piece[]): boolean {
  if (pieces.some((p) => /[^\s.…·]/u.test(p.text))) return false;
  return renderPieces(pieces, { styles: true }).length === 0;
}

/** Renders pieces: consecutive pieces with the same style share one marker pair. */
export function renderPieces(pieces: Piece[], opts: InlineOptions): string {
  // Group by style.
  const groups: Piece[] = [];
  for (const p of pieces) {
    const style: Piece = opts.styles ? p : { text: p.text, bold: false, italic: false, link: p.link };
    const last = groups[groups.length - 1];
    const blank = style.text.trim().length === 0;
    if (last && (blank || (last.bold === style.bold && last.italic === style.italic && last.link === style.link))) last.text += style.text;
    else groups.push({ ...style });
  }
  let out = '';
  for (const g of groups) {
    const lead = /^\s*/.exec(g.text)![0];
    const trail = /\s*$/.exec(g.text)![0];
    let core = g.text.trim();
    if (!core) {
      out += g.text;
      continue;
    }
    // Bold/italic on bare punctuation or digits is noise.
    const worthStyling = /\p{L}{2}/u.test(core.replace(SUP_TAG, ''));
    if (g.italic && worthStyling) core = `*${core}*`;
    if (g.bold && worthStyling) core = `**${core}**`;
    if (g.link) core = `[${core}](${g.link.replace(/[()\s]/g, encodeURIComponent)})`;
    out += lead + core + trail;
  }
  // TeX-style doubled single quotes are double quotes.
  return out.replace(LEADER, ' ').replace(/‘‘/g, '“').replace(/’’/g, '”').replace(/\s+/g, ' ').trim();
}

const SUP_TAG = /<\/?sup>/g;
const FRACTION_SLASH = /^\s*[\u2044/]/u;

/** Dot leaders (tables of contents, forms). */
const LEADER = /(?:\s?[.…·]){5,}\s?/g;
