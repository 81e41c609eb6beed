// Code: a block set entirely in a fixed-width face (not on OCR pages, whose faces say nothing) is
// code; each piece of a line keeps its character column, so aligned code stays aligned. A listing
// with blank lines in it comes as several blocks (a blank line is a paragraph gap): consecutive
// code blocks of one column are one listing, its blank lines kept (issue 9).
import { unionBBox, type Block } from '../model.js';
import type { Line } from './paragraphs.js';
import { quantile } from './order-stats.js';
import { undecided, type BlockStage, type PageFacts } from './stage.js';

/** Widest indentation and column kept, in characters. */
const MAX_INDENT = 40;
const MAX_COLUMN = 120;
/** Blank lines kept between two lines of a listing (a wider gap is still one listing's spacing). */
const MAX_BLANK_LINES = 2;
/** A gap of more blank lines than this parts two listings. */
const MAX_GAP_LINES = 3;

/** The listing's line pitch: the smallest step between consecutive baselines, or the type's. */
function pitchOf(lines: Line[]): number {
  let pitch = Infinity;
  for (let i = 1; i < lines.length; i++) {
    const d = lines[i].baseline - lines[i - 1].baseline;
    if (d > 0.5 * lines[i].size) pitch = Math.min(pitch, d);
  }
  return Number.isFinite(pitch) ? pitch : 1.2 * lines[0].size;
}

/**
 * The listing's character width, measured: a fixed-width face advances every character alike, so
 * a run's width over its characters is the face's advance (Courier 0.6 em, TeX's cmtt 0.525 em, of
 * the listing's own size: 8 pt code under 10 pt prose has narrower columns than the body's). Null
 * when no run is long enough to measure.
 */
function characterWidth(lines: Line[]): number | null {
  const advances: number[] = [];
  const spaced: number[] = [];
  for (const l of lines) {
    for (const s of l.segs) {
      for (const r of s.runs) {
        const n = [...r.text].length;
        if (!r.monospace || n < 3 || r.width <= 0) continue;
        // A space pdf.js put into a run stands for a gap of any width (a TeX listing draws none:
        // 'add (a , b ) {' is 14 characters over 11 advances); runs without one measure the face.
        (/\s/.test(r.text) ? spaced : advances).push(r.width / n);
      }
    }
  }
  const measured = advances.length > 0 ? advances : spaced;
  return measured.length > 0 ? quantile(measured, 0.5) : null;
}

function codeLines(lines: Line[], body: number): string[] {
  const left = Math.min(...lines.map((l) => l.x0));
  // A listing set in the body's size keeps the body's em; one set smaller is measured.
  const size = quantile(lines.map((l) => l.size), 0.5);
  const charW = Math.max(1, size > 0 && size < body - 0.25 ? (characterWidth(lines) ?? size * 0.6) : body * 0.6);
  const pitch = pitchOf(lines);
  const out: string[] = [];
  lines.forEach((l, i) => {
    if (i > 0) {
      const blanks = Math.round((l.baseline - lines[i - 1].baseline) / pitch) - 1;
      for (let k = 0; k < Math.min(MAX_BLANK_LINES, blanks); k++) out.push('');
    }
    let text = '';
    for (const s of l.segs) {
      const col = Math.min(MAX_COLUMN, Math.max(0, Math.round((s.x0 - left) / charW)));
      text += (text.length === 0 ? ' '.repeat(Math.min(MAX_INDENT, col)) : ' '.repeat(Math.max(1, col - text.length))) + s.text;
    }
    out.push(text);
  });
  return out;
}

/** The next block continues the listing: below it in the same column, a few blank lines down. */
function sameListing(a: Block, b: Block): boolean {
  const [la, lb] = [a.source!, b.source!];
  const last = la[la.length - 1];
  const pitch = pitchOf(la.length > 1 ? la : lb);
  const gap = lb[0].baseline - last.baseline;
  const overlap = Math.min(a.bbox[2], b.bbox[2]) - Math.max(a.bbox[0], b.bbox[0]);
  return gap > 0 && gap <= (MAX_GAP_LINES + 1) * pitch + 0.5 && overlap > 0 && Math.abs(lb[0].size - last.size) < 0.5;
}

/**
 * Marks of code: brackets, operators, an assignment or a statement's end, or a prompt opening the
 * line. A form's typed values (a name, a date, an amount in a typewriter face) have none.
 */
const CODE_MARK = /[(){}[\]=;<>\\|&`]|^\s*(?:\w{0,3}>|\$|%|#)\s/;

/**
 * A listing: more than one line, or one line with a mark of code. A single line of plain words in
 * a fixed-width face is a value typed on a form (issue 9: forms), read as text.
 */
function looksLikeCode(lines: Line[]): boolean {
  return (lines.length > 1 || CODE_MARK.test(lines[0].text)) && !lines.every((l) => BULLETED.test(l.text));
}

/**
 * A line opened by a typographic bullet (a glyph no programming language writes). Lines that all
 * open with one are a list whose items are set in a fixed-width face (a manual listing commands:
 * "• \title{}", "• \author{}"), not a listing (issue 9).
 */
const BULLETED = /^\s*[•◦▪▫‣∙●○■□►▸➢➤✓✔]\s/u;

export const codeStage: BlockStage = (blocks: Block[], page: PageFacts) => {
  const out: Block[] = [];
  for (const b of blocks) {
    if (page.ocr || !undecided(b) || !b.source!.every((l) => l.monospace)) {
      out.push(b);
      continue;
    }
    const prev = out[out.length - 1];
    const continued = prev?.type === 'code' && prev.source !== undefined && sameListing(prev, b);
    if (!continued && !looksLikeCode(b.source!)) {
      out.push(b);
      continue;
    }
    const source = continued ? [...prev.source!, ...b.source!] : b.source!;
    const block: Block = { ...b, type: 'code', source, lines: source.map((l) => ({ text: l.text, bbox: [l.x0, l.top, l.x1, l.bottom] })), bbox: unionBBox(source.map((l) => [l.x0, l.top, l.x1, l.bottom])), code: codeLines(source, page.body) };
    if (source !== b.source) out[out.length - 1] = block;
    else out.push(block);
  }
  return out;
};
