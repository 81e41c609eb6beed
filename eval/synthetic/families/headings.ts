// Headings at three levels, told apart by size and weight (level 3 may be bold body size), with
// numbered or plain titles, over one or two pages of paragraphs; sometimes a last page of notes
// in small print, whose headings are set as on the pages before and keep their levels (a level is
// the face's, not the page's: layout/heading-levels.ts).
import { LETTER, MARGIN, type PageWriter, type SyntheticDoc } from '../canvas.js';
import type { Rng } from '../random.js';
import { paragraph, title } from '../words.js';
import type { FamilyOutput } from './family.js';

const BODY = 10;
/** The notes page's text: small print, so a heading face stands further above it. */
const SMALL = 8;

interface Sections {
  sizes: number[];
  numbered: boolean;
  counters: number[];
}

/** Headings, each followed by paragraphs in `size` type, until the page is full. */
function fillPage(rng: Rng, w: PageWriter, s: Sections, firstLevel: number, size: number, paragraphs: [number, number], sentences: [number, number]): void {
  const width = LETTER.width - 2 * MARGIN;
  let y = MARGIN;
  let level = firstLevel;
  while (y < LETTER.height - MARGIN - 120) {
    s.counters[level - 1]++;
    for (let l = level; l < 3; l++) s.counters[l] = 0;
    const number = s.numbered ? `${s.counters.slice(0, level).join('.')} ` : '';
    const text = `${number}${title(rng, 2, 6)}`;
    y += s.sizes[level - 1] + 8;
    w.text(text, MARGIN, y, w.fonts.bold, s.sizes[level - 1]);
    w.record({ kind: 'heading', level, text });
    y += 10 + size;
    for (let k = rng.int(...paragraphs); k > 0 && y < LETTER.height - MARGIN - 60; k--) {
      const body = paragraph(rng, ...sentences);
      y = w.wrapped(body, MARGIN, y, width, w.fonts.regular, size, size * 1.3, { kind: 'paragraph', text: body }) + 6;
    }
    level = level === 1 ? 2 : rng.pick([2, 3, 3]);
  }
}

export async function headingsCase(rng: Rng, doc: SyntheticDoc): Promise<FamilyOutput> {
  const sizes = [rng.pick([18, 20, 22]), rng.pick([14, 15, 16]), rng.pick([BODY, 11, 12])];
  const numbered = rng.chance(0.4);
  const pages = rng.int(1, 2);
  const s: Sections = { sizes, numbered, counters: [0, 0, 0] };
  for (let p = 0; p < pages; p++) fillPage(rng, doc.addPage(), s, p === 0 ? 1 : 2, BODY, [1, 2], [2, 4]);
  // Drawn after the other pages, so that a case without it is drawn as before.
  const smallPrint = rng.chance(0.35);
  if (smallPrint) fillPage(rng, doc.addPage(), s, 2, SMALL, [2, 3], [3, 5]);
  return { variant: `sizes=${sizes.join('/')}${numbered ? ' numbered' : ''} pages=${pages}${smallPrint ? ' small-print-notes' : ''}` };
}
