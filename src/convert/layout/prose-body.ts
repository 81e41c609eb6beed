// The body size the block stages judge headings against, measured on the text outside tables.
// The page's size statistics (prepare-runs.ts) are taken before tables are found, so a page that is
// mostly a table set smaller than the text (8–9 pt cells under 10 pt prose) takes the cells' size
// for the body; every plain 10 pt line around the table then reads as "larger than the body" and
// becomes a heading (issue 9: numbered list items and short lines after a table). The text blocks
// left after the page stages are the prose, so their dominant size is the better measure.
import type { Block } from '../model.js';
import { dominantSize } from './headings.js';
import { undecided } from './stage.js';

/** Below this many characters of prose the page's own statistics stand (too little to measure). */
const MIN_PROSE_CHARS = 120;

/**
 * The body size for heading decisions: the dominant size of the undecided text blocks when it is
 * larger than the page's. Only upwards: a page size below the prose's can only come from smaller
 * text elsewhere (table cells, figure labels), while a prose size below the page's may be notes the
 * page stages did not set apart, still undecided here, which must not set the body. Footnotes they
 * did set apart (`note`) are left out of the measure.
 */
export function proseBodySize(blocks: readonly Block[], pageBody: number): number {
  const samples: Array<[number, number]> = [];
  let chars = 0;
  for (const b of blocks) {
    // Footnotes set apart by the page stages (`note`) are no prose: a page of short text over
    // many notes took the notes' size for the body, and its plain list items read as headings.
    if (!undecided(b) || b.note) continue;
    for (const l of b.source!) {
      const n = l.text.replace(/\s/g, '').length;
      samples.push([l.size, n]);
      chars += n;
    }
  }
  if (chars < MIN_PROSE_CHARS) return pageBody;
  const prose = dominantSize(samples);
  return prose > pageBody ? prose : pageBody;
}
