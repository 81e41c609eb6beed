// Running headers and footers with folios over several pages of prose: the header and footer
// lines are furniture (left out), everything else content; sometimes a diagonal watermark over
// every page ("DRAFT", "CONFIDENTIAL"), furniture too (layout/watermarks.ts).
import { LETTER, MARGIN, type PageWriter, type SyntheticDoc } from '../canvas.js';
import type { Rng } from '../random.js';
import { paragraph, title } from '../words.js';
import type { FamilyOutput } from './family.js';

type Style = 'title-and-folio' | 'centred-title-footer-folio' | 'page-n-of-m' | 'alternating';
const STYLES: Style[] = ['title-and-folio', 'centred-title-footer-folio', 'page-n-of-m', 'alternating'];
const HEAD_Y = 44;
const FOOT_Y = LETTER.height - 36;
const SIZE = 8.5;
/** Stamps set across pages; none is a word of the prose vocabulary (words.ts). */
export const WATERMARKS = ['DRAFT', 'CONFIDENTIAL', 'COPY', 'SPECIMEN', 'Not for distribution'];

function drawFurniture(w: PageWriter, style: Style, running: string, page: number, pages: number): void {
  const f = w.fonts.regular;
  const right = (text: string) => LETTER.width - MARGIN - f.widthOfTextAtSize(text, SIZE);
  const centre = (text: string) => (LETTER.width - f.widthOfTextAtSize(text, SIZE)) / 2;
  const folio = String(page);
  switch (style) {
    case 'title-and-folio':
      w.furniture(running, MARGIN, HEAD_Y, w.fonts.italic, SIZE);
      w.furniture(folio, right(folio), HEAD_Y, f, SIZE);
      break;
    case 'centred-title-footer-folio':
      w.furniture(running, centre(running), HEAD_Y, f, SIZE);
      w.furniture(folio, centre(folio), FOOT_Y, f, SIZE);
      break;
    case 'page-n-of-m': {
      const text = `Page ${page} of ${pages}`;
      w.furniture(running, MARGIN, HEAD_Y, f, SIZE);
      w.furniture(text, right(text), FOOT_Y, f, SIZE);
      break;
    }
    case 'alternating':
      // Book style: the folio on the outer edge, the running title on the inner one.
      if (page % 2 === 1) {
        w.furniture(running, MARGIN, HEAD_Y, w.fonts.italic, SIZE);
        w.furniture(folio, right(folio), HEAD_Y, f, SIZE);
      } else {
        w.furniture(folio, MARGIN, HEAD_Y, f, SIZE);
        w.furniture(running, right(running), HEAD_Y, w.fonts.italic, SIZE);
      }
      break;
  }
}

export async function furnitureCase(rng: Rng, doc: SyntheticDoc): Promise<FamilyOutput> {
  const style = rng.pick(STYLES);
  const pages = rng.int(3, 6);
  // Three words at least: a two-word title may occur in the prose by chance.
  const running = title(rng, 3, 5);
  // Two layouts of papers and reports, chosen from the running title itself (no draw, so the other
  // cases are drawn as before): the title page carries the title that the running heads of the
  // pages after it repeat in small type, and no running head of its own; or every later page opens
  // with a numbered heading in display type ("Example 2"), which differs from page to page only in
  // its number, as a folio does (layout/furniture.ts).
  const titlePage = running.length % 3 === 0;
  const numberedHeadings = running.length % 3 === 1;
  const width = LETTER.width - 2 * MARGIN;
  const writers: PageWriter[] = [];
  for (let p = 1; p <= pages; p++) {
    const w = doc.addPage();
    writers.push(w);
    if (!(titlePage && p === 1)) drawFurniture(w, style, running, p, pages);
    let y = MARGIN + 12;
    if (p === 1) {
      const drawn = title(rng, 3, 6);
      const heading = titlePage ? running : drawn;
      w.text(heading, MARGIN, y + 6, w.fonts.bold, 16);
      w.record({ kind: 'heading', level: 1, text: heading });
      y += 34;
    } else if (numberedHeadings) {
      const heading = `Example ${p - 1}`;
      w.text(heading, MARGIN, y + 4, w.fonts.bold, 14);
      w.record({ kind: 'heading', level: 2, text: heading });
      y += 28;
    }
    const bottom = LETTER.height - MARGIN - rng.int(0, 200);
    while (y < bottom - 60) {
      const text = paragraph(rng, 2, 5);
      y = w.wrapped(text, MARGIN, y, width, w.fonts.regular, 10, 13, { kind: 'paragraph', text }) + 6;
    }
  }
  // Chosen after the pages are drawn, so that a case without it is drawn as before.
  const watermark = rng.chance(0.4) ? { text: rng.pick(WATERMARKS), size: rng.pick([54, 64, 80]), angle: rng.pick([35, 45, 55, -45]) } : null;
  if (watermark) for (const w of writers) w.watermark(watermark.text, w.fonts.bold, Math.min(watermark.size, (watermark.size * 9) / watermark.text.length), watermark.angle);
  return { variant: `style=${style} pages=${pages}${titlePage ? ' title-page' : ''}${numberedHeadings ? ' numbered-headings' : ''}${watermark ? ` watermark=${watermark.text}@${watermark.angle}` : ''}` };
}
