// A sentence cut by a column or region break is one paragraph (issue 9): the reading order puts
// the end of a column and the top of the next one side by side in the block list, and a sidebar,
// banner or heading placed between them must not land mid-sentence. Works on the page model's
// blocks in reading order; a pure stage.
import { unionBBox, type Block } from '../model.js';

/** Blocks that may sit between the two halves of a sentence (set apart from the text flow). */
export const ASIDE_TYPES = new Set<Block['type']>(['heading', 'figure', 'caption', 'table', 'code', 'formula']);
/** How many such blocks, or units of aside blocks (a sidebar: insets.ts), may stand between the halves. */
export const MAX_ASIDES = 3;
/** Sizes within this ratio are the same face size (rounding, OCR estimates). */
const SAME_SIZE = 0.08;

/** Text that ends a sentence or clause for good: a stop, a colon, a closing quote or bracket. */
const TERMINAL = /[.!?:;…"'”’)\]]\s*$/u;

function lastText(b: Block): string {
  return b.lines.length ? b.lines[b.lines.length - 1].text : '';
}

function firstText(b: Block): string {
  return b.lines.length ? b.lines[0].text : '';
}

/** Plain prose (not bold/italic as a whole: those are run-in headings and quotes; not set sideways). */
function prose(b: Block): boolean {
  return b.type === 'paragraph' && b.size !== undefined && b.angle === undefined && !b.bold && !b.italic && b.lines.length > 0;
}

/** `next` goes on with the sentence that `prev` leaves open. */
export function continues(prev: Block, next: Block): boolean {
  if (!prose(prev) || !prose(next)) return false;
  // A sidebar's text goes on within the sidebar only.
  if (Boolean(prev.aside) !== Boolean(next.aside)) return false;
  if (Math.abs(prev.size! - next.size!) > SAME_SIZE * Math.max(prev.size!, next.size!)) return false;
  const end = lastText(prev).trimEnd();
  return end.length > 0 && /[\p{L}\p{N},\-–]$/u.test(end) && !TERMINAL.test(end) && /^\p{Ll}/u.test(firstText(next).trimStart());
}

/**
 * Display material the sentence runs on through: a formula ("is given by … (1) where x is …") or
 * a code listing ("each row looks like … can be read in via"). It is set in the text, not floated.
 */
const DISPLAY_TYPES = new Set<Block['type']>(['formula', 'code']);

/**
 * A display formula or listing set in the column between the two halves (below the first, above
 * the second, across the same x): the halves stay apart and the display in its place
 * (display-lines.ts). A float at the top of the next column is not between them: that sentence
 * still joins.
 */
function displayBetween(prev: Block, f: Block, next: Block): boolean {
  const [px0, , px1, pBottom] = prev.bbox;
  const [fx0, fTop, fx1, fBottom] = f.bbox;
  return DISPLAY_TYPES.has(f.type) && fTop >= pBottom - 1 && fBottom <= next.bbox[1] + 1 && fx0 < px1 && fx1 > px0;
}

/** One paragraph of the two: its text is both stretches (the renderer joins them, hyphen or space). */
function join(prev: Block, next: Block): Block {
  return { ...prev, inline: [...(prev.inline ?? []), ...(next.inline ?? [])], bbox: unionBBox([prev.bbox, next.bbox]), lines: [...prev.lines, ...next.lines] };
}

/**
 * Joins a paragraph left open (no terminal punctuation) with the next paragraph when that starts in
 * lower case in the same face size; up to MAX_ASIDES headings, figures, captions, tables or aside
 * units (a sidebar's blocks together) between them move after the joined paragraph.
 */
export function joinContinuations(blocks: Block[]): Block[] {
  const out: Block[] = [];
  for (let i = 0; i < blocks.length; i++) {
    let cur = blocks[i];
    for (;;) {
      let j = i + 1;
      for (let units = 0; j < blocks.length && units < MAX_ASIDES; units++) {
        if (blocks[j].aside) while (j < blocks.length && blocks[j].aside) j++;
        else if (ASIDE_TYPES.has(blocks[j].type)) j++;
        else break;
      }
      if (j >= blocks.length || !continues(cur, blocks[j])) break;
      const asides = blocks.slice(i + 1, j);
      if (asides.some((a) => displayBetween(cur, a, blocks[j]))) break;
      cur = join(cur, blocks[j]);
      // The asides now follow the joined paragraph: splice them in after it.
      blocks = [...blocks.slice(0, i), cur, ...asides, ...blocks.slice(j + 1)];
    }
    out.push(cur);
  }
  return out;
}
