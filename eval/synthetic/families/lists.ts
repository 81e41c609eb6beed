// Bulleted and numbered lists, nested one level, items wrapping with a hanging indent, between
// paragraphs; sometimes the one page is stamped with a diagonal watermark over its middle
// (furniture: layout/watermarks.ts).
import { firstBaseline, LETTER, MARGIN, wrapText, type PageWriter, type SyntheticDoc } from '../canvas.js';
import type { Rng } from '../random.js';
import { paragraph, phrase, sentence } from '../words.js';
import type { FamilyOutput } from './family.js';
import { WATERMARKS } from './furniture.js';

const SIZE = 10;
const LEADING = 13;
const NEST = 18;

function marker(ordered: boolean, depth: number, index: number): string {
  if (!ordered) return depth === 0 ? '\u2022' : '\u2013';
  return depth === 0 ? `${index + 1}.` : `${String.fromCharCode(97 + index)})`;
}

/** A list of three to seven items (some with nested items) from `top`; returns the next baseline. */
export function drawList(w: PageWriter, rng: Rng, ordered: boolean, top: number, bottom = LETTER.height - MARGIN): number {
  const width = LETTER.width - 2 * MARGIN;
  const textIndent = ordered ? 20 : 14;
  let y = top;
  const items = rng.int(3, 7);
  for (let i = 0; i < items && y + 3 * LEADING < bottom; i++) {
    const depths = [0];
    if (rng.chance(0.3)) for (let k = rng.int(1, 3); k > 0; k--) depths.push(1);
    let nested = 0;
    for (const depth of depths) {
      // Whole items only, and only while two lines of the longest fit above the bottom.
      if (y + 2 * LEADING > bottom) break;
      const x = MARGIN + depth * NEST;
      const text = rng.chance(0.4) ? sentence(rng, 8, 24) : phrase(rng, 2, 6);
      w.marker(marker(ordered, depth, depth === 0 ? i : nested++), x, y, w.fonts.regular, SIZE);
      for (const line of wrapText(text, w.fonts.regular, SIZE, width - depth * NEST - textIndent)) {
        w.text(line, x + textIndent, y, w.fonts.regular, SIZE);
        y += LEADING;
      }
      w.record({ kind: 'list-item', text, depth, ordered });
      y += 2;
    }
  }
  return y + 8;
}

export async function listsCase(rng: Rng, doc: SyntheticDoc): Promise<FamilyOutput> {
  const w = doc.addPage();
  const width = LETTER.width - 2 * MARGIN;
  const order = rng.chance(0.5) ? [false, true] : [true, false];
  let y = firstBaseline(rng);
  for (const ordered of order) {
    const intro = paragraph(rng, 1, 2);
    y = w.wrapped(intro, MARGIN, y, width, w.fonts.regular, SIZE, LEADING, { kind: 'paragraph', text: intro }) + 8;
    y = drawList(w, rng, ordered, y);
    if (y > LETTER.height - MARGIN - 200) break;
  }
  // Chosen after the page is drawn, so that a case without it is drawn as before.
  const stamp = rng.chance(0.3) ? rng.pick(WATERMARKS) : null;
  if (stamp) w.watermark(stamp, w.fonts.bold, Math.min(72, 480 / stamp.length), rng.pick([40, 45, 50]));
  return { variant: `lists=${order.map((o) => (o ? 'numbered' : 'bulleted')).join('+')}${stamp ? ` watermark=${stamp}` : ''}` };
}
