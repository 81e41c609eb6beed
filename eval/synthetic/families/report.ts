// A mixed report over several pages: running header with folio, a title, sections with headings,
// prose, a captioned table and a list placed wherever the flow puts them (the mixed pages on which
// tables generalise worst, issue 9); a paragraph that reaches the foot of a page runs on to the next.
import { firstBaseline, LETTER, MARGIN, wrapText, type PageWriter, type SyntheticDoc } from '../canvas.js';
import type { Rng } from '../random.js';
import { drawTable, layoutColumns } from '../table-draw.js';
import { paragraph, title } from '../words.js';
import type { FamilyOutput } from './family.js';
import { drawList } from './lists.js';
import { logicalTable, style, variant } from './tables.js';

const BODY = 10;
const LEADING = 13;
const WIDTH = LETTER.width - 2 * MARGIN;
const BOTTOM = LETTER.height - MARGIN;

export async function reportCase(rng: Rng, doc: SyntheticDoc): Promise<FamilyOutput> {
  const pages = rng.int(2, 4);
  const running = title(rng, 3, 5);
  let page = 0;
  let w: PageWriter = doc.addPage();
  const startPage = () => {
    page++;
    const folio = String(page);
    w.furniture(running, MARGIN, 44, w.fonts.italic, 8.5);
    w.furniture(folio, LETTER.width - MARGIN - w.fonts.regular.widthOfTextAtSize(folio, 8.5), 44, w.fonts.regular, 8.5);
  };
  startPage();
  let y = firstBaseline(rng) + 20;
  const heading = title(rng, 3, 6);
  w.text(heading, MARGIN, y, w.fonts.bold, 18);
  w.record({ kind: 'heading', level: 1, text: heading });
  y += 26;
  /** Starts a new page when `height` does not fit; false once the report has all its pages. */
  const room = (height: number): boolean => {
    if (y + height <= BOTTOM) return true;
    if (page >= pages) return false;
    w = doc.addPage();
    startPage();
    y = MARGIN + 12;
    return true;
  };
  /**
   * The first lines at the foot of this page, the rest at the top of the next; the second half
   * continues the first when the break falls inside a sentence (else they read as two paragraphs).
   */
  const drawSplitParagraph = (head: string[], tail: string[]): number => {
    for (const line of head) {
      w.text(line, MARGIN, y, w.fonts.regular, BODY);
      y += LEADING;
    }
    w.record({ kind: 'paragraph', text: head.join(' ') });
    room(Infinity);
    const inSentence = !/[.!?]$/.test(head[head.length - 1]) && /^\p{Ll}/u.test(tail[0]);
    for (const line of tail) {
      w.text(line, MARGIN, y, w.fonts.regular, BODY);
      y += LEADING;
    }
    w.record({ kind: 'paragraph', text: tail.join(' '), ...(inSentence ? { continues: true } : {}) });
    split++;
    return y + 6;
  };
  let split = 0;
  let tables = 0;
  let lists = 0;
  for (let guard = 0; guard < 60; guard++) {
    const pick = rng.next();
    if (pick < 0.15) {
      if (!room(60)) break;
      const section = title(rng, 2, 5);
      y += 8;
      w.text(section, MARGIN, y + 4, w.fonts.bold, 13);
      w.record({ kind: 'heading', level: 2, text: section });
      y += 22;
    } else if (pick < 0.3 && tables < 2) {
      const v = { ...variant(rng), multiLine: false };
      const s = style(doc, rng, v);
      const t = logicalTable(rng, v, v.grouped ? 2 * rng.int(1, 2) : rng.int(2, 4), rng.int(3, 8));
      const cols = layoutColumns(t, s);
      const height = (t.rows.length + 3) * (s.size * 1.3 + (v.rules === 'grid' ? 8 : 2)) + 30;
      if (!cols || !room(height)) continue;
      const caption = `Table ${tables + 1}. ${title(rng, 2, 5)}`;
      w.text(caption, MARGIN, y, w.fonts.bold, 9.5);
      w.record({ kind: 'paragraph', text: caption });
      y = drawTable(w, t, s, cols, y + 6, 0, BOTTOM).bottom + 16;
      tables++;
    } else if (pick < 0.4 && lists < 2) {
      if (!room(100)) break;
      y = drawList(w, rng, rng.chance(0.5), y);
      lists++;
    } else {
      const text = paragraph(rng, 2, 5);
      const lines = wrapText(text, w.fonts.regular, BODY, WIDTH);
      const fit = Math.floor((BOTTOM - y) / LEADING) + 1;
      // A paragraph that does not fit runs on to the next page (at least two lines on each).
      if (fit >= 2 && lines.length - fit >= 2 && page < pages) {
        y = drawSplitParagraph(lines.slice(0, fit), lines.slice(fit));
        continue;
      }
      if (!room(lines.length * LEADING)) break;
      y = w.wrapped(text, MARGIN, y, WIDTH, w.fonts.regular, BODY, LEADING, { kind: 'paragraph', text }) + 6;
    }
  }
  return { variant: `pages=${page} tables=${tables} lists=${lists}${split ? ` split=${split}` : ''}` };
}
