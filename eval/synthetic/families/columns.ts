// One to three text columns under a full-width title, with figures (drawn boxes and a caption) in
// a column or across all of them, and a full-width section heading that restarts the columns.
// Sometimes the page is a review copy: its lines numbered in the margins at the line pitch,
// furniture (layout/line-numbers.ts).
import { firstBaseline, LETTER, MARGIN, wrapText, type PageWriter, type SyntheticDoc } from '../canvas.js';
import type { Rng } from '../random.js';
import { paragraph, sentence, title } from '../words.js';
import type { FamilyOutput } from './family.js';

const BODY = 10;
const LEADING = 12.5;

interface Column {
  x: number;
  width: number;
}

/** Paragraphs poured into columns from `top` down to `bottom`, column after column. */
function pourColumns(w: PageWriter, rng: Rng, columns: Column[], top: number, bottom: number, figures: number): number {
  let maxY = top;
  let figuresLeft = figures;
  for (const col of columns) {
    let y = top + BODY;
    while (y < bottom - 3 * LEADING) {
      if (figuresLeft > 0 && rng.chance(0.3) && y + 150 < bottom) {
        const height = rng.int(50, 110);
        w.figure(col.x, y - BODY, col.width, height);
        y += height + 2;
        const caption = `Figure ${figures - figuresLeft + 1}. ${sentence(rng, 3, 8)}`;
        y = w.wrapped(caption, col.x, y, col.width, w.fonts.italic, 8.5, 10.5, { kind: 'paragraph', text: caption }) + 6;
        figuresLeft--;
        continue;
      }
      // A paragraph that fits in what is left of the column; the column ends with whole paragraphs.
      let text = paragraph(rng, 1, 4);
      let lines = wrapText(text, w.fonts.regular, BODY, col.width);
      while (y + (lines.length - 1) * LEADING > bottom && text.split('. ').length > 1) {
        text = text.split('. ').slice(0, -1).join('. ') + '.';
        lines = wrapText(text, w.fonts.regular, BODY, col.width);
      }
      if (y + (lines.length - 1) * LEADING > bottom) break;
      y = w.wrapped(text, col.x, y, col.width, w.fonts.regular, BODY, LEADING, { kind: 'paragraph', text }) + 5;
    }
    maxY = Math.max(maxY, y);
  }
  return maxY;
}

function columnsOf(n: number, gutter: number): Column[] {
  const width = (LETTER.width - 2 * MARGIN - (n - 1) * gutter) / n;
  return Array.from({ length: n }, (_, i) => ({ x: MARGIN + i * (width + gutter), width }));
}

export async function columnsCase(rng: Rng, doc: SyntheticDoc): Promise<FamilyOutput> {
  const n = rng.int(1, 3);
  const gutter = rng.int(14, 28);
  const columns = columnsOf(n, gutter);
  const w = doc.addPage();
  const heading = title(rng, 3, 7);
  const top = firstBaseline(rng);
  w.text(heading, MARGIN, top, w.fonts.bold, 18);
  w.record({ kind: 'heading', level: 1, text: heading });
  let y = top + 20;
  const split = rng.chance(0.5);
  const wideFigure = n > 1 && rng.chance(0.4);
  const figures = rng.int(0, 2);
  const bottom = LETTER.height - MARGIN;
  const firstBottom = split ? y + rng.int(180, 300) : bottom;
  y = pourColumns(w, rng, columns, y, firstBottom, figures);
  if (split) {
    // Both a figure across the columns and a full-width heading cut the page into sections.
    if (wideFigure) {
      const height = rng.int(60, 110);
      w.figure(MARGIN, y, LETTER.width - 2 * MARGIN, height);
      y += height + 12;
      const caption = `Figure ${figures + 1}. ${sentence(rng, 4, 12)}`;
      y = w.wrapped(caption, MARGIN, y, LETTER.width - 2 * MARGIN, w.fonts.italic, 9, 11, { kind: 'paragraph', text: caption }) + 6;
    }
    const section = title(rng, 2, 5);
    w.text(section, MARGIN, y + 14, w.fonts.bold, 14);
    w.record({ kind: 'heading', level: 2, text: section });
    pourColumns(w, rng, columns, y + 26, bottom, 0);
  }
  // Drawn last, so the page's content is what it is without them.
  const numbered = rng.chance(0.25);
  if (numbered) numberLines(w, top + 20 + BODY, bottom, n > 1);
  return { variant: `columns=${n} gutter=${gutter}${split ? ' split' : ''}${wideFigure && split ? ' wide-figure' : ''} figures=${figures}${numbered ? ' line-numbers' : ''}` };
}

const NUMBER_SIZE = 7;

/**
 * A review copy's line numbers: one every line pitch down the page (blank lines too, as acmart's
 * review option sets them), right-aligned in the left margin; with columns, the right column's on
 * the right margin, counting on.
 */
function numberLines(w: PageWriter, first: number, bottom: number, bothSides: boolean): void {
  const f = w.fonts.regular;
  let n = 1;
  const sides = bothSides ? ['left', 'right'] : ['left'];
  for (const side of sides) {
    for (let y = first; y <= bottom; y += LEADING) {
      const text = String(n++);
      const x = side === 'left' ? MARGIN - 10 - f.widthOfTextAtSize(text, NUMBER_SIZE) : LETTER.width - MARGIN + 10;
      w.furniture(text, x, y, f, NUMBER_SIZE);
    }
  }
}
