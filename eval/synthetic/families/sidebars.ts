// Prose with drawn shapes in its reading order (issue 9): one or two columns of prose poured column
// after column (a paragraph cut by a column break goes on at the top of the next column), a boxed
// sidebar or a pull quote (large italic text between two rules) set inside a column in the middle
// of a paragraph, and between two sections a shaded banner or a figure with its caption across
// the page. The truth reads every sidebar and pull quote as a unit after the paragraph it
// interrupts, and a paragraph cut by a column break as one paragraph.
import { rgb } from 'pdf-lib';
import { firstBaseline, LETTER, MARGIN, wrapText, type PageWriter, type SyntheticDoc } from '../canvas.js';
import type { Rng } from '../random.js';
import { paragraph, sentence, title } from '../words.js';
import type { FamilyOutput } from './family.js';

const BODY = 10;
const LEADING = 12.5;
const BOTTOM = LETTER.height - MARGIN;
/** Space between a paragraph's line and a shape set in the column. */
const SHAPE_GAP = 8;

interface Column {
  x: number;
  width: number;
}

/** A shape set in a column inside a paragraph: its height, and how to draw and record it. */
interface Inset {
  kind: 'sidebar' | 'quote';
  height: number;
  draw: (w: PageWriter, col: Column, top: number) => void;
}

/** A boxed sidebar: a frame (shaded or not) around a bold title and a few lines of small print. */
function sidebar(rng: Rng, w: PageWriter, width: number): Inset {
  const pad = 6;
  const heading = title(rng, 1, 3);
  const body = paragraph(rng, 1, 3);
  const size = 8.5;
  const leading = 10.5;
  const lines = wrapText(body, w.fonts.regular, size, width - 2 * pad);
  const shaded = rng.chance(0.5);
  const height = pad + 11 + 4 + lines.length * leading + pad;
  return {
    kind: 'sidebar',
    height,
    draw: (pw, col, top) => {
      pw.page.drawRectangle({
        x: col.x,
        y: pw.height - top - height,
        width: col.width,
        height,
        borderWidth: 0.8,
        borderColor: rgb(0.3, 0.3, 0.3),
        ...(shaded ? { color: rgb(0.9, 0.92, 0.95) } : {}),
      });
      pw.text(heading, col.x + pad, top + pad + 9, pw.fonts.bold, 10);
      pw.record({ kind: 'heading', level: 3, text: heading });
      pw.wrapped(body, col.x + pad, top + pad + 11 + 4 + size, col.width - 2 * pad, pw.fonts.regular, size, leading, { kind: 'paragraph', text: body });
    },
  };
}

/** A pull quote: a sentence in large italic type between two rules. */
function pullQuote(rng: Rng, w: PageWriter, width: number): Inset {
  const size = 14;
  const leading = 17;
  const text = sentence(rng, 6, 14);
  const lines = wrapText(text, w.fonts.italic, size, width - 8).length;
  const height = 6 + lines * leading + 4;
  return {
    kind: 'quote',
    height,
    draw: (pw, col, top) => {
      pw.line(col.x, top, col.x + col.width, top, 1.2, false);
      pw.wrapped(text, col.x + 4, top + 6 + size * 0.8, col.width - 8, pw.fonts.italic, size, leading, { kind: 'paragraph', text });
      pw.line(col.x, top + height, col.x + col.width, top + height, 1.2, false);
    },
  };
}

/** Paragraphs poured down the columns from `top` to `bottom`, a paragraph going on over a column break. */
class Pour {
  private col = 0;
  private y: number;
  insets: string[] = [];

  constructor(readonly w: PageWriter, readonly rng: Rng, readonly columns: Column[], readonly top: number, readonly bottom: number) {
    this.y = top + BODY;
  }

  /** Where each line of `lines` goes (an inset after line `at`), or null when they do not fit. */
  private place(lines: number, inset: { at: number; height: number } | null): { col: number; y: number }[] | null {
    let col = this.col;
    let y = this.y;
    const out: { col: number; y: number }[] = [];
    for (let k = 0; k < lines; k++) {
      if (y > this.bottom) {
        col++;
        y = this.top + BODY;
        if (col >= this.columns.length) return null;
      }
      out.push({ col, y });
      y += LEADING;
      if (inset && k === inset.at) {
        // The inset sits in this column, with a line of the paragraph below it.
        if (y - BODY + SHAPE_GAP + inset.height + SHAPE_GAP + BODY > this.bottom) return null;
        y += SHAPE_GAP + inset.height + SHAPE_GAP;
      }
    }
    return out;
  }

  /** One paragraph, maybe with a sidebar or pull quote inside it; false when the section is full. */
  paragraph(): boolean {
    const { w, rng } = this;
    const width = this.columns[0].width;
    let text = paragraph(rng, 2, 5);
    let lines = wrapText(text, w.fonts.regular, BODY, width);
    // An inset after a line that ends inside a sentence, with lines of the paragraph on both sides.
    let inset: (Inset & { at: number }) | null = null;
    if (lines.length >= 4 && rng.chance(0.45)) {
      const at = rng.int(1, lines.length - 3);
      if (!/\.$/.test(lines[at])) inset = { ...(rng.chance(0.55) ? sidebar(rng, w, width) : pullQuote(rng, w, width)), at };
    }
    let slots = this.place(lines.length, inset);
    if (!slots && inset) {
      inset = null;
      slots = this.place(lines.length, null);
    }
    while (!slots && text.split('. ').length > 1) {
      text = `${text.split('. ').slice(0, -1).join('. ')}.`;
      lines = wrapText(text, w.fonts.regular, BODY, width);
      slots = this.place(lines.length, null);
    }
    if (!slots) return false;
    let insetTop = 0;
    let insetCol = 0;
    lines.forEach((line, k) => {
      const s = slots![k];
      w.text(line, this.columns[s.col].x, s.y, w.fonts.regular, BODY);
      if (inset && k === inset.at) {
        insetTop = s.y + LEADING - BODY + SHAPE_GAP;
        insetCol = s.col;
      }
    });
    w.record({ kind: 'paragraph', text });
    const last = slots[slots.length - 1];
    this.col = last.col;
    this.y = last.y + LEADING + 5;
    if (inset) {
      inset.draw(w, this.columns[insetCol], insetTop);
      this.insets.push(inset.kind);
    }
    return true;
  }

  fill(): number {
    while (this.paragraph());
    return this.col === 0 ? this.y : this.bottom;
  }
}

function columnsOf(n: number, gutter: number): Column[] {
  const width = (LETTER.width - 2 * MARGIN - (n - 1) * gutter) / n;
  return Array.from({ length: n }, (_, i) => ({ x: MARGIN + i * (width + gutter), width }));
}

export async function sidebarsCase(rng: Rng, doc: SyntheticDoc): Promise<FamilyOutput> {
  const n = rng.int(1, 2);
  const columns = columnsOf(n, rng.int(16, 26));
  const w = doc.addPage();
  const heading = title(rng, 3, 7);
  const top = firstBaseline(rng);
  w.text(heading, MARGIN, top, w.fonts.bold, 18);
  w.record({ kind: 'heading', level: 1, text: heading });
  const divider = rng.pick(['banner', 'figure', 'none'] as const);
  const full = LETTER.width - 2 * MARGIN;
  const first = new Pour(w, rng, columns, top + 16, divider === 'none' ? BOTTOM : top + 16 + rng.int(220, 330));
  let y = first.fill();
  const insets = [...first.insets];
  if (divider !== 'none') {
    y += 6;
    if (divider === 'banner') {
      // A shaded strip across the page with a bold label: a section banner.
      const label = title(rng, 1, 3).toUpperCase();
      w.shade(MARGIN, y, full, 22);
      w.text(label, MARGIN + 8, y + 15.5, w.fonts.bold, 12);
      w.record({ kind: 'heading', level: 2, text: label });
      y += 22 + 10;
    } else {
      const height = rng.int(70, 120);
      w.figure(MARGIN, y, full, height);
      y += height + 12;
      const caption = `Figure 1. ${sentence(rng, 6, 20)}`;
      y = w.wrapped(caption, MARGIN, y, full, w.fonts.italic, 9, 11, { kind: 'paragraph', text: caption }) - 11 + 8;
    }
    const second = new Pour(w, rng, columns, y, BOTTOM);
    second.fill();
    insets.push(...second.insets);
  }
  return { variant: `columns=${n} ${divider} insets=${insets.join(',') || 'none'}` };
}
