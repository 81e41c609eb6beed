// Filled forms (application, tax, registration forms; invoices; issue 9): a title, small-print
// instructions, sections under heading bars (text on a filled band), label/value fields in 1–3
// columns of fields (value after its label, on a blank line, in a drawn box, in a cell under its
// label, or under its label), check boxes (drawn squares ticked with a typed X, a check glyph or
// two drawn strokes), an invoice's line items with their totals, and AcroForm fields whose values
// live only in widget annotations. Truth: every field's label and value, in the form's reading
// order (rows of fields left to right, top to bottom).
import { StandardFonts, type PDFFont, type PDFForm } from 'pdf-lib';
import { LETTER, MARGIN, type PageWriter, type SyntheticDoc } from '../canvas.js';
import { FormContent, type FieldText } from '../form-content.js';
import type { Rng } from '../random.js';
import { drawTable, layoutColumns, type LogicalTable, type Rules } from '../table-draw.js';
import { paragraph, title } from '../words.js';
import type { FamilyOutput } from './family.js';

const WIDTH = LETTER.width - 2 * MARGIN;
const BOTTOM = LETTER.height - 60;

type FieldStyle = 'inline' | 'aligned' | 'underline' | 'boxed' | 'cell' | 'stacked';
const STYLES: FieldStyle[] = ['inline', 'aligned', 'underline', 'boxed', 'cell', 'stacked'];
type Tick = 'x' | 'glyph' | 'strokes';

interface Fonts {
  label: PDFFont;
  value: PDFFont;
  bold: PDFFont;
  regular: PDFFont;
  dingbats: PDFFont;
  size: number;
}

/** A section: its height, and how it draws itself from a top y. */
interface Section {
  height: number;
  draw(w: PageWriter, top: number): void;
}

class FormDrawer {
  private fieldCount = 0;
  /** One form sets all its section bars alike. */
  private readonly bar: { size: number; dark: boolean };

  constructor(private readonly rng: Rng, private readonly f: Fonts, private readonly content: FormContent, private readonly form: PDFForm) {
    this.bar = { size: f.size + rng.int(0, 2), dark: rng.chance(0.5) };
  }

  heading(text: string): Section {
    const { size, dark } = this.bar;
    return {
      height: size + 14,
      draw: (w, top) => {
        w.band(MARGIN - 3, top, WIDTH + 6, size + 7, dark ? 0.25 : 0.82);
        w.text(text, MARGIN, top + size + 1, this.f.bold, size, dark ? 1 : 0);
        w.record({ kind: 'heading', level: 2, text });
      },
    };
  }

  smallPrint(): Section {
    const text = paragraph(this.rng, 1, 3);
    const size = this.rng.pick([6.5, 7, 7.5]);
    const lines = Math.ceil(this.f.regular.widthOfTextAtSize(text, size) / (WIDTH - 20)) + 1;
    return {
      height: lines * (size + 2) + 8,
      draw: (w, top) => w.wrapped(text, MARGIN, top + size, WIDTH, this.f.regular, size, size + 2, { kind: 'paragraph', text }),
    };
  }

  /** A grid of label/value fields, `cols` to a row. */
  fields(n: number, style: FieldStyle, cols: number): Section {
    const items = this.content.fields(n);
    const s = this.f.size;
    const small = Math.max(6, s - 2);
    const colGap = style === 'cell' ? 0 : this.rng.int(12, 24);
    const lw = (t: FieldText) => this.f.label.widthOfTextAtSize(this.labelText(t, style), style === 'cell' || style === 'stacked' ? small : s);
    const vw = (t: FieldText) => this.f.value.widthOfTextAtSize(t.value, s);
    // Fewer columns until every field fits its column.
    let k = cols;
    const colW = () => (WIDTH - (k - 1) * colGap) / k;
    const need = (t: FieldText) => (style === 'cell' || style === 'stacked' ? Math.max(lw(t), vw(t)) + 10 : lw(t) + vw(t) + 24);
    const alignedNeed = () => Math.max(...items.map(lw)) + 10 + Math.max(...items.map(vw)) + 6;
    while (k > 1 && (items.some((t) => need(t) > colW()) || (style === 'aligned' && alignedNeed() > colW()))) k--;
    const rowH = style === 'cell' ? small + s + 12 : style === 'stacked' ? small + s + 14 : Math.round(s * this.rng.pick([2, 2.3, 2.6]));
    const rows = Math.ceil(items.length / k);
    const gapEm = this.rng.pick([0.5, 1, 2]);
    return {
      height: rows * rowH + 6,
      draw: (w, top) => {
        const width = colW();
        // Aligned values: one value column per column of fields, right of its longest label.
        const valueX = Array.from({ length: k }, (_, c) => Math.max(0, ...items.filter((_, i) => i % k === c).map(lw)) + 10);
        items.forEach((t, i) => {
          const x0 = MARGIN + (i % k) * (width + colGap);
          const x1 = x0 + width;
          const y = top + Math.floor(i / k) * rowH;
          this.drawField(w, t, style, x0, x1, y, rowH, valueX[i % k], gapEm);
        });
      },
    };
  }

  private labelText(t: FieldText, style: FieldStyle): string {
    return style === 'inline' || style === 'aligned' ? `${t.label}:` : t.label;
  }

  private drawField(w: PageWriter, t: FieldText, style: FieldStyle, x0: number, x1: number, y: number, rowH: number, valueX: number, gapEm: number): void {
    const { label: lf, value: vf, size: s } = this.f;
    const small = Math.max(6, s - 2);
    const label = this.labelText(t, style);
    const base = y + s + 2;
    switch (style) {
      case 'inline':
      case 'aligned': {
        const lw = w.text(label, x0, base, lf, s);
        w.text(t.value, style === 'aligned' ? x0 + valueX : x0 + lw + gapEm * s, base, vf, s);
        break;
      }
      case 'underline': {
        const lw = w.text(label, x0, base, lf, s);
        w.line(x0 + lw + 4, base + 2, x1, base + 2, 0.5, false);
        w.text(t.value, x0 + lw + 10, base, vf, s);
        break;
      }
      case 'boxed': {
        const lw = w.text(label, x0, base, lf, s);
        w.frame(x0 + lw + 6, base - s - 2, x1 - x0 - lw - 6, s + 6);
        w.text(t.value, x0 + lw + 10, base, vf, s);
        break;
      }
      case 'cell': {
        w.frame(x0, y, x1 - x0, rowH);
        w.text(label, x0 + 3, y + small + 2, lf, small);
        w.text(t.value, x0 + 5, y + small + s + 6, vf, s);
        break;
      }
      case 'stacked': {
        w.text(label, x0, y + small + 1, lf, small);
        w.text(t.value, x0 + 2, y + small + s + 5, vf, s);
        w.line(x0, y + small + s + 8, x1 - 6, y + small + s + 8, 0.5, false);
        break;
      }
    }
    w.record({ kind: 'field', label, value: t.value });
  }

  /** Fields whose values are held only by AcroForm text widgets beside printed labels. */
  acroFields(n: number, cols: number): Section {
    const items = this.content.fields(n);
    const s = this.f.size;
    let k = cols;
    const colW = () => (WIDTH - (k - 1) * 18) / k;
    while (k > 1 && items.some((t) => this.f.label.widthOfTextAtSize(t.label, s) + this.f.regular.widthOfTextAtSize(t.value, s) + 30 > colW())) k--;
    const rowH = Math.round(s * 2.4);
    return {
      height: Math.ceil(items.length / k) * rowH + 6,
      draw: (w, top) => {
        items.forEach((t, i) => {
          const x0 = MARGIN + (i % k) * (colW() + 18);
          const base = top + Math.floor(i / k) * rowH + s + 2;
          const lw = w.text(t.label, x0, base, this.f.label, s);
          const field = this.form.createTextField(`field${++this.fieldCount}`);
          field.setText(t.value);
          field.addToPage(w.page, { x: x0 + lw + 6, y: w.height - base - 4, width: colW() - lw - 6, height: s + 6, font: this.f.regular, borderWidth: 0.5 });
          field.setFontSize(s);
          w.record({ kind: 'field', label: t.label, value: t.value });
        });
      },
    };
  }

  /** A check-box group: the question, then its options in a row or one under another. */
  checks(tick: Tick, acro: boolean): Section | null {
    const g = this.content.checkGroup();
    if (!g) return null;
    const s = this.f.size;
    const box = Math.round(s * 0.9);
    const multi = this.rng.chance(0.4);
    const one = this.rng.int(-1, g.options.length - 1);
    const ticked = g.options.map((_, i) => (multi ? this.rng.chance(0.4) : i === one));
    const qw = this.f.label.widthOfTextAtSize(g.question, s);
    const optW = g.options.map((o) => box + 4 + this.f.label.widthOfTextAtSize(o, s) + 14);
    const inRow = qw + 12 + optW.reduce((a, b) => a + b, 0) <= WIDTH && this.rng.chance(0.7);
    const lineH = Math.round(s * 1.9);
    return {
      height: (inRow ? 1 : g.options.length + 1) * lineH + 6,
      draw: (w, top) => {
        let base = top + s + 2;
        w.text(g.question, MARGIN, base, this.f.label, s);
        w.record({ kind: 'paragraph', text: g.question });
        let x = inRow ? MARGIN + qw + 12 : MARGIN + 10;
        g.options.forEach((o, i) => {
          if (!inRow) {
            base += lineH;
            x = MARGIN + 10;
          }
          this.drawBox(w, x, base - box + 1, box, ticked[i], tick, acro);
          x += box + 4 + w.text(o, x + box + 4, base, this.f.label, s) + 14;
          w.record({ kind: 'check', label: o, checked: ticked[i] });
        });
      },
    };
  }

  private drawBox(w: PageWriter, x: number, y: number, size: number, ticked: boolean, tick: Tick, acro: boolean): void {
    if (acro) {
      const cb = this.form.createCheckBox(`check${++this.fieldCount}`);
      cb.addToPage(w.page, { x, y: w.height - y - size, width: size, height: size, borderWidth: 0.6 });
      if (ticked) cb.check();
      return;
    }
    w.frame(x, y, size, size);
    if (!ticked) return;
    if (tick === 'strokes') {
      w.line(x + 1.5, y + 1.5, x + size - 1.5, y + size - 1.5, 0.8, false);
      w.line(x + 1.5, y + size - 1.5, x + size - 1.5, y + 1.5, 0.8, false);
    } else if (tick === 'x') {
      const tw = this.f.bold.widthOfTextAtSize('X', size - 1);
      w.marker('X', x + (size - tw) / 2, y + size - 1.5, this.f.bold, size - 1);
    } else {
      const tw = this.f.dingbats.widthOfTextAtSize('✓', size - 1);
      w.marker('✓', x + (size - tw) / 2, y + size - 1.5, this.f.dingbats, size - 1);
    }
  }

  /** An invoice's line items and its totals, right-aligned under the amounts. */
  items(rows: number, rules: Rules): Section | null {
    const t: LogicalTable = { groups: [], headings: ['Description', 'Quantity', 'Unit price', 'Amount'], rows: this.content.lineItems(rows), align: ['left', 'right', 'decimal', 'decimal'], sectionRows: new Set() };
    const style = { font: this.f.regular, bold: this.f.bold, size: this.f.size, rules, gap: this.rng.int(18, 40), labelWidth: 200 };
    const cols = layoutColumns(t, style, WIDTH);
    if (!cols) return null;
    const totals = ['Subtotal', 'Tax', 'Total due'].slice(0, this.rng.int(1, 3)).map((l) => this.content.moneyField(l));
    const leading = style.size * 1.3;
    const lineH = Math.round(style.size * 1.8);
    return {
      height: (rows + 1) * (leading + 8) + 16 + totals.length * lineH + 10,
      draw: (w, top) => {
        const { bottom } = drawTable(w, t, style, cols, top, 0, BOTTOM);
        const right = cols[cols.length - 1].x + cols[cols.length - 1].width;
        const labelX = cols[cols.length - 2].x;
        totals.forEach((f, i) => {
          const base = bottom + 8 + (i + 1) * lineH - 4;
          w.text(f.label, labelX, base, this.f.bold, style.size);
          w.text(f.value, right - this.f.regular.widthOfTextAtSize(f.value, style.size), base, this.f.regular, style.size);
          w.record({ kind: 'field', label: f.label, value: f.value });
        });
      },
    };
  }
}

export async function formsCase(rng: Rng, doc: SyntheticDoc): Promise<FamilyOutput> {
  const typed = rng.chance(0.4);
  const f: Fonts = {
    regular: doc.fonts.regular,
    bold: doc.fonts.bold,
    label: rng.chance(0.3) ? doc.fonts.bold : doc.fonts.regular,
    value: typed ? await doc.pdf.embedFont(StandardFonts.Courier) : doc.fonts.regular,
    dingbats: await doc.pdf.embedFont(StandardFonts.ZapfDingbats),
    size: rng.pick([8, 9, 10]),
  };
  const content = new FormContent(rng);
  const form = doc.pdf.getForm();
  const d = new FormDrawer(rng, f, content, form);
  const tick = rng.pick<Tick>(['x', 'glyph', 'strokes']);
  const style = rng.pick(STYLES);
  const cols = rng.int(1, 3);
  const kinds: string[] = [];

  // The sections of the form, in order; a section that does not fit starts the next page (two at most).
  const sections: Section[] = [];
  const sectionCount = rng.int(2, 4);
  let itemsDone = false;
  for (let i = 0; i < sectionCount; i++) {
    sections.push(d.heading(rng.chance(0.5) ? `${rng.pick(['Section', 'Part'])} ${String.fromCharCode(65 + i)} ${title(rng, 1, 3)}` : title(rng, 1, 3)));
    const kind = rng.pick(itemsDone ? ['fields', 'fields', 'checks', 'acro'] : ['fields', 'fields', 'checks', 'acro', 'items']);
    kinds.push(kind);
    if (kind === 'fields') sections.push(d.fields(rng.int(2, 9), rng.chance(0.7) ? style : rng.pick(STYLES), cols));
    if (kind === 'acro') sections.push(d.acroFields(rng.int(2, 6), rng.int(1, 2)));
    if (kind === 'checks') {
      for (let g = rng.int(1, 2); g > 0; g--) {
        const c = d.checks(tick, rng.chance(0.3));
        if (c) sections.push(c);
      }
      if (rng.chance(0.5)) sections.push(d.fields(rng.int(1, 4), style, cols));
    }
    if (kind === 'items') {
      itemsDone = true;
      const items = d.items(rng.int(2, 8), rng.pick<Rules>(['grid', 'booktabs', 'zebra', 'none']));
      if (items) sections.push(items);
    }
    if (rng.chance(0.25)) sections.push(d.smallPrint());
  }

  let w = doc.addPage();
  let pages = 1;
  const titleText = `${title(rng, 1, 3)} ${rng.pick(['Application Form', 'Registration Form', 'Claim Form', 'Invoice', 'Declaration', 'Questionnaire'])}`;
  const titleSize = rng.pick([14, 16, 18]);
  let y = rng.int(56, 90);
  w.text(titleText, MARGIN, y, doc.fonts.bold, titleSize);
  w.record({ kind: 'heading', level: 1, text: titleText });
  y += 14;
  if (rng.chance(0.6)) {
    const intro = d.smallPrint();
    intro.draw(w, y);
    y += intro.height;
  }
  y += 6;
  for (const [i, s] of sections.entries()) {
    // A heading bar stays with the section under it.
    const keep = i + 1 < sections.length && kinds.length > 0 && s.height < 30 ? sections[i + 1].height : 0;
    if (y + s.height + keep > BOTTOM) {
      if (pages === 2) break;
      w = doc.addPage();
      pages++;
      y = rng.int(56, 90);
    }
    s.draw(w, y);
    y += s.height;
  }
  return { variant: `style=${style} cols=${cols} tick=${tick}${typed ? ' typed' : ''} sections=${kinds.join('+')} pages=${pages}` };
}
