// The input of the layout stage, shared by the PDF text layer and OCR: both produce positioned
// runs of text on a page, and one layout → Markdown stage turns them into Markdown.
// Coordinates are in PDF points with the origin at the TOP-LEFT of the page, y growing downwards.

export interface TextRun {
  text: string;
  /** Left edge. */
  x: number;
  /** Top edge. */
  y: number;
  width: number;
  height: number;
  /** Font size in points (OCR: estimated from the line's x-height / cap height). */
  fontSize: number;
  bold: boolean;
  italic: boolean;
  monospace: boolean;
  /** Font name as given by the PDF (e.g. `ABCDEF+Times-Bold`); absent for OCR. */
  fontName?: string;
  /** Target URL when the run lies inside a link annotation. */
  link?: string;
  /** OCR word confidence 0..100; absent for the text layer. */
  confidence?: number;
  /** Baseline y (top-left coordinates); when absent, taken as y + 0.8 * height. */
  baseline?: number;
  /** Text not running left-to-right horizontally (vertical stamps, rotated labels). */
  rotated?: boolean;
  /** Rotated runs: the baseline from its start to its end point [x0, y0, x1, y1] (its direction). */
  path?: [number, number, number, number];
  /** pdf.js reported right-to-left text (the string itself is in logical order). */
  rtl?: boolean;
  /**
   * Strings shown apart on the line that pdf.js joined into this run with a space of its own
   * (pdf/pdfjs-worker.ts GAPS_FN): for each such space of 0.3 em or more, its offset in `text`
   * and the x where the gap starts and ends. Valid only while the run keeps this `text` and `x`
   * (a copy that cuts the run drops it: see layout/table-columns.ts shownStrings).
   */
  shownGaps?: { text: string; x: number; gaps: number[] };
  /** A form field's value set right after its printed label (pdf/form-fields.ts). */
  formValue?: true;
}

/** A ruling line or the edge of a filled rectangle (table borders), in the same coordinates. */
export interface RuleLine {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * A drawn rectangle: `frame` stroked (a box around a sidebar, a cell), `fill` filled without a
 * border (a shaded sidebar or banner, cell shading). Its edges may also be among the rules.
 */
export interface Shape extends Box {
  kind: 'frame' | 'fill';
}

export interface PageLayoutInput {
  /** 0-based physical page index. */
  index: number;
  width: number;
  height: number;
  runs: TextRun[];
  rules: RuleLine[];
  /** Placed raster images and figures (become `<!-- image -->` when large enough). */
  images: Box[];
  /**
   * Pictures of a text-layer page whose lettering was read by OCR (source/image-text.ts); the
   * words inside one are that picture's text, read as plain lines (a chart's labels are no table).
   */
  readPictures?: Box[];
  /** Drawn rectangles (PDF pages read in full; absent for OCR and pages read for text only). */
  shapes?: Shape[];
  /** true when runs came from OCR (looser geometry, no font styles). */
  fromOcr: boolean;
}
