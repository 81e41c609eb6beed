// Drawing synthetic pages with pdf-lib while recording their ground truth. Coordinates are in
// points from the top-left corner (y = a line's baseline), the way the layout stage reads them.
import { PDFDocument, StandardFonts, degrees, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { Rng } from './random.js';
import type { BBox, CaseTruth, TruthBlock, TruthPage } from './truth.js';

export interface FontSet {
  regular: PDFFont;
  bold: PDFFont;
  italic: PDFFont;
}

export const LETTER = { width: 612, height: 792 };
export const MARGIN = 72;

export type FontFamily = 'helvetica' | 'times';

/** Where a page's first line sits: real body text starts anywhere from ~0.75 to ~1.5 inch down. */
export function firstBaseline(rng: Rng): number {
  return rng.int(56, 110);
}

export class SyntheticDoc {
  readonly truth: CaseTruth = { pages: [] };

  private constructor(readonly pdf: PDFDocument, readonly fonts: FontSet) {}

  static async create(family: FontFamily): Promise<SyntheticDoc> {
    const pdf = await PDFDocument.create();
    // A fixed date keeps the bytes a pure function of the seed.
    pdf.setCreationDate(new Date(0));
    pdf.setModificationDate(new Date(0));
    pdf.setProducer('docconv synthetic');
    const names = family === 'helvetica'
      ? [StandardFonts.Helvetica, StandardFonts.HelveticaBold, StandardFonts.HelveticaOblique]
      : [StandardFonts.TimesRoman, StandardFonts.TimesRomanBold, StandardFonts.TimesRomanItalic];
    const [regular, bold, italic] = await Promise.all(names.map((n) => pdf.embedFont(n)));
    return new SyntheticDoc(pdf, { regular, bold, italic });
  }

  /** A page, US letter unless a size is given (a landscape table page). */
  addPage(size: { width: number; height: number } = LETTER): PageWriter {
    const page = this.pdf.addPage([size.width, size.height]);
    const truth: TruthPage = { blocks: [], boxes: [], furniture: [], furnitureBoxes: [], markers: [] };
    this.truth.pages.push(truth);
    return new PageWriter(page, truth, this.fonts);
  }

  async save(): Promise<Uint8Array> {
    return this.pdf.save({ useObjectStreams: false });
  }
}

/** Glyph extent above and below the baseline, as a share of the font size (standard 14 fonts). */
const ASCENT = 0.75;
const DESCENT = 0.22;

export class PageWriter {
  /** The box of what was drawn since the last recorded block: the next block's box. */
  private pending: BBox | null = null;

  constructor(readonly page: PDFPage, readonly truth: TruthPage, readonly fonts: FontSet) {}

  get height(): number {
    return this.page.getHeight();
  }

  get width(): number {
    return this.page.getWidth();
  }

  private grow(box: BBox): void {
    const p = this.pending;
    this.pending = p ? [Math.min(p[0], box[0]), Math.min(p[1], box[1]), Math.max(p[2], box[2]), Math.max(p[3], box[3])] : box;
  }

  private draw(text: string, x: number, baseline: number, font: PDFFont, size: number, grey = 0): number {
    this.page.drawText(text, { x, y: this.height - baseline, font, size, color: rgb(grey, grey, grey) });
    return font.widthOfTextAtSize(text, size);
  }

  /** Draws one line of text (black unless `grey` is given: 1 = white), part of the block recorded next; returns its width. */
  text(text: string, x: number, baseline: number, font: PDFFont, size: number, grey = 0): number {
    const width = this.draw(text, x, baseline, font, size, grey);
    this.grow([x, baseline - ASCENT * size, x + width, baseline + DESCENT * size]);
    return width;
  }

  /** A ruling line, part of the block recorded next (a table's rules) unless `ofBlock` is false. */
  line(x1: number, y1: number, x2: number, y2: number, thickness = 0.6, ofBlock = true): void {
    this.page.drawLine({ start: { x: x1, y: this.height - y1 }, end: { x: x2, y: this.height - y2 }, thickness, color: rgb(0, 0, 0) });
    if (ofBlock) this.grow([Math.min(x1, x2), Math.min(y1, y2), Math.max(x1, x2), Math.max(y1, y2)]);
  }

  /** A filled rectangle without a border (a shaded table row), drawn under what follows. */
  shade(x: number, y: number, width: number, height: number): void {
    this.page.drawRectangle({ x, y: this.height - y - height, width, height, color: rgb(0.88, 0.9, 0.93) });
  }

  /** A stroked rectangle without fill (a form's box around a value, a check box), not part of any block's box. */
  frame(x: number, y: number, width: number, height: number, thickness = 0.6): void {
    this.page.drawRectangle({ x, y: this.height - y - height, width, height, borderWidth: thickness, borderColor: rgb(0, 0, 0) });
  }

  /** A filled band of grey `grey` (0 black … 1 white) without a border: a form's section bar. */
  band(x: number, y: number, width: number, height: number, grey: number): void {
    this.page.drawRectangle({ x, y: this.height - y - height, width, height, color: rgb(grey, grey, grey) });
  }

  /** A figure placeholder: a stroked, lightly filled box (top-left x, y). */
  figure(x: number, y: number, width: number, height: number): void {
    this.page.drawRectangle({ x, y: this.height - y - height, width, height, borderWidth: 1, borderColor: rgb(0.2, 0.2, 0.2), color: rgb(0.85, 0.88, 0.92) });
  }

  record(block: TruthBlock): void {
    this.truth.blocks.push(block);
    this.truth.boxes.push(this.pending ?? [0, 0, 0, 0]);
    this.pending = null;
  }

  /**
   * Wrapped text from `top` (the first line's baseline), recorded as one block unless `block` is
   * null; returns the baseline after the last line plus one leading.
   */
  wrapped(text: string, x: number, top: number, width: number, font: PDFFont, size: number, leading: number, block: TruthBlock | null): number {
    let y = top;
    for (const line of wrapText(text, font, size, width)) {
      this.text(line, x, y, font, size);
      y += leading;
    }
    if (block) this.record(block);
    return y;
  }

  furniture(text: string, x: number, baseline: number, font: PDFFont, size: number): void {
    const width = this.draw(text, x, baseline, font, size);
    this.truth.furniture.push(text);
    this.truth.furnitureBoxes.push([x, baseline - ASCENT * size, x + width, baseline + DESCENT * size]);
  }

  /**
   * A watermark: `text` set large in light grey, turned `angle` degrees (counter-clockwise) about
   * the page's centre, over whatever is drawn; furniture, with the box of its turned extent.
   */
  watermark(text: string, font: PDFFont, size: number, angle: number): void {
    const width = font.widthOfTextAtSize(text, size);
    const [cos, sin] = [Math.cos((angle * Math.PI) / 180), Math.sin((angle * Math.PI) / 180)];
    // The baseline's start, so that the middle of the text's body lies on the page's centre (PDF y up).
    const mid = ((ASCENT - DESCENT) / 2) * size;
    const x = this.width / 2 - (width / 2) * cos + mid * sin;
    const y = this.height / 2 - (width / 2) * sin - mid * cos;
    this.page.drawText(text, { x, y, font, size, rotate: degrees(angle), color: rgb(0.8, 0.8, 0.8), opacity: 0.5 });
    // The turned box's corners, in top-left coordinates.
    const corners = [[0, -DESCENT * size], [width, -DESCENT * size], [0, ASCENT * size], [width, ASCENT * size]].map(([u, v]) => [x + u * cos - v * sin, this.height - (y + u * sin + v * cos)]);
    this.truth.furniture.push(text);
    this.truth.furnitureBoxes.push([Math.min(...corners.map((c) => c[0])), Math.min(...corners.map((c) => c[1])), Math.max(...corners.map((c) => c[0])), Math.max(...corners.map((c) => c[1]))]);
  }

  /** A list or footnote marker; returns its width. */
  marker(text: string, x: number, baseline: number, font: PDFFont, size: number): number {
    this.truth.markers.push(text);
    return this.text(text, x, baseline, font, size);
  }
}

/** Greedy word wrap to a width in points. */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const w of text.split(/\s+/).filter(Boolean)) {
    const candidate = current ? `${current} ${w}` : w;
    if (current && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(current);
      current = w;
    } else {
      current = candidate;
    }
  }
  if (current) lines.push(current);
  return lines;
}
