// Headings at three levels, told apart by size and weight (level 3 may be bold body size), with
// numbered or plain titles, over one or two pages of paragraphs.
import { LETTER, MARGIN, type SyntheticDoc } from '../canvas.js';
import type { Rng } from '../random.js';
import { paragraph, title } from '../words.js';
import type { FamilyOutput } from './family.js';

const BODY = 10;

export async function headingsCase(rng: Rng, doc: SyntheticDoc): Promise<FamilyOutput> {
  const sizes = [rng.pick([18, 20, 22]), rng.pick([14, 15, 16]), rng.pick([BODY, 11, 12])];
  const numbered = rng.chance(0.4);
  const pages = rng.int(1, 2);
  const counters = [0, 0, 0];
  const width = LETTER.width - 2 * MARGIN;
  for (let p = 0; p < pages; p++) {
    const w = doc.addPage();
    let y = MARGIN;
    let level = p === 0 ? 1 : 2;
    while (y < LETTER.height - MARGIN - 120) {
      counters[level - 1]++;
      for (let l = level; l < 3; l++) counters[l] = 0;
      const number = numbered ? `${counters.slice(0, level).join('.')} ` : '';
      const text = `${number}${title(rng, 2, 6)}`;
      y += sizes[level - 1] + 8;
      w.text(text, MARGIN, y, w.fonts.bold, sizes[level - 1]);
      w.record({ kind: 'heading', level, text });
      y += 10 + BODY;
      for (let k = rng.int(1, 2); k > 0 && y < LETTER.height - MARGIN - 60; k--) {
        const body = paragraph(rng, 2, 4);
        y = w.wrapped(body, MARGIN, y, width, w.fonts.regular, BODY, 13, { kind: 'paragraph', text: body }) + 6;
      }
      level = level === 1 ? 2 : rng.pick([2, 3, 3]);
    }
  }
  return { variant: `sizes=${sizes.join('/')}${numbered ? ' numbered' : ''} pages=${pages}` };
}
