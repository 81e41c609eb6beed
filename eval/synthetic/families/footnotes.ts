// Prose with superscript footnote markers and the footnotes, in small print under a short rule, at
// the foot of the page. The markers are not words of the truth; the footnote texts follow the body.
import { firstBaseline, LETTER, MARGIN, type PageWriter, type SyntheticDoc } from '../canvas.js';
import type { Rng } from '../random.js';
import { paragraph, sentence } from '../words.js';
import type { FamilyOutput } from './family.js';

const SIZE = 10;
const LEADING = 13;
const NOTE = 8;

/** A paragraph word by word, with a raised marker after the words in `marks`; returns the next baseline. */
function markedParagraph(w: PageWriter, words: string[], marks: Map<number, string>, top: number): number {
  const f = w.fonts.regular;
  const space = f.widthOfTextAtSize(' ', SIZE);
  const right = LETTER.width - MARGIN;
  let x = MARGIN;
  let y = top;
  words.forEach((word, i) => {
    const mark = marks.get(i);
    const width = f.widthOfTextAtSize(word, SIZE) + (mark ? f.widthOfTextAtSize(mark, 6) : 0);
    if (x > MARGIN && x + width > right) {
      x = MARGIN;
      y += LEADING;
    }
    x += w.text(word, x, y, f, SIZE);
    if (mark) x += w.marker(mark, x, y - 4, f, 6);
    x += space;
  });
  return y + LEADING;
}

export async function footnotesCase(rng: Rng, doc: SyntheticDoc): Promise<FamilyOutput> {
  const w = doc.addPage();
  const notes: string[] = [];
  let y = firstBaseline(rng);
  const paragraphs = rng.int(2, 4);
  for (let p = 0; p < paragraphs; p++) {
    const text = paragraph(rng, 2, 4);
    const words = text.split(' ');
    const marks = new Map<number, string>();
    for (let k = rng.int(0, 2); k > 0; k--) {
      const at = rng.int(1, words.length - 1);
      if (marks.has(at)) continue;
      notes.push(sentence(rng, 5, 16));
      marks.set(at, String(notes.length));
    }
    // Markers are numbered in reading order.
    const ordered = [...marks.keys()].sort((a, b) => a - b);
    const base = notes.length - ordered.length;
    ordered.forEach((at, k) => marks.set(at, String(base + k + 1)));
    y = markedParagraph(w, words, marks, y) + 6;
    w.record({ kind: 'paragraph', text });
  }
  if (notes.length === 0) return { variant: 'notes=0' };
  // Footnotes from the foot upwards: measure first, then draw under a short rule.
  const width = LETTER.width - 2 * MARGIN - 10;
  const lines = notes.map((n) => Math.ceil(w.fonts.regular.widthOfTextAtSize(n, NOTE) / width) + 1);
  let ny = LETTER.height - MARGIN - lines.reduce((a, b) => a + b, 0) * (NOTE + 2);
  w.line(MARGIN, ny - NOTE - 4, MARGIN + 120, ny - NOTE - 4, 0.5, false);
  notes.forEach((note, i) => {
    w.marker(String(i + 1), MARGIN, ny - 2, w.fonts.regular, 6);
    ny = w.wrapped(note, MARGIN + 8, ny, width, w.fonts.regular, NOTE, NOTE + 2, { kind: 'paragraph', text: note }) + 2;
  });
  return { variant: `notes=${notes.length} paragraphs=${paragraphs}` };
}
