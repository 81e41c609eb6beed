// Text inside pictures on a page that has a text layer: a slide's title set in an image, a banner,
// an infographic's labels, a scanned insert. The text layer does not have those words, so they were
// lost (issue 9: "no lost text" comes first). Pictures large enough to carry readable text and
// without any text-layer words over them are read by OCR, as docling does for bitmaps covering
// more than 5 % of a programmatic page. The words join the page as OCR runs placed where the
// picture is, so the layout stages read them like any other text on a picture (figures.ts).
import type { Box, PageLayoutInput, TextRun } from '../layout/types.js';
import type { OcrWords } from '../ocr/index.js';
import type { GrayImage } from '../pdf/render.js';

/** Share of the page a picture must cover to be read (docling's `bitmap_area_threshold`). */
export const IMAGE_TEXT_MIN_PAGE_SHARE = 0.05;
/** A picture covering this share of the page is the page's scan, judged by the page OCR rules. */
export const IMAGE_TEXT_MAX_PAGE_SHARE = 0.85;
/** Pictures narrower or shorter than this (points) hold no line of text worth reading. */
export const IMAGE_TEXT_MIN_SIDE_PT = 24;
/** The largest pictures of a page that are read; the rest stay figures (bounds the OCR time per page). */
export const IMAGE_TEXT_MAX_PER_PAGE = 4;
/**
 * OCR words under this confidence are dropped: on a photograph or a chart, texture reads as short
 * low-confidence "words", while real lettering reads at 80-95.
 */
export const IMAGE_TEXT_MIN_WORD_CONFIDENCE = 70;
/**
 * A picture is read as text only when its OCR reads clearly as a whole (mean word confidence,
 * weighted by length): a photograph, a reflection or a texture yields a few confident shapes among
 * many unsure ones.
 */
export const IMAGE_TEXT_MIN_MEAN_CONFIDENCE = 60;

function centreInside(r: TextRun, b: Box): boolean {
  const cx = r.x + r.width / 2;
  const cy = r.y + r.height / 2;
  return cx > b.x && cx < b.x + b.width && cy > b.y && cy < b.y + b.height;
}

/**
 * The pictures of a text-layer page worth reading by OCR, largest first: big enough to hold a line
 * of text, not the page's backdrop, and with no text-layer words over them (text over a picture
 * means the picture is a background, and its words are already in the text layer).
 */
export function picturesToRead(input: PageLayoutInput): Box[] {
  const pageArea = input.width * input.height;
  if (!(pageArea > 0)) return [];
  const upright = input.runs.filter((r) => !r.rotated);
  return input.images
    .filter((b) => {
      const share = (b.width * b.height) / pageArea;
      return share >= IMAGE_TEXT_MIN_PAGE_SHARE && share < IMAGE_TEXT_MAX_PAGE_SHARE && Math.min(b.width, b.height) >= IMAGE_TEXT_MIN_SIDE_PT;
    })
    .filter((b) => !upright.some((r) => centreInside(r, b)))
    .sort((a, b) => b.width * b.height - a.width * a.height || a.y - b.y || a.x - b.x)
    .slice(0, IMAGE_TEXT_MAX_PER_PAGE);
}

/** The part of a rendered page under `box` (points), clipped to the page. */
export function cropGray(page: GrayImage, box: Box): GrayImage | null {
  const ppp = page.pointsPerPixel;
  const x0 = Math.max(0, Math.floor(box.x / ppp));
  const y0 = Math.max(0, Math.floor(box.y / ppp));
  const x1 = Math.min(page.width, Math.ceil((box.x + box.width) / ppp));
  const y1 = Math.min(page.height, Math.ceil((box.y + box.height) / ppp));
  const w = x1 - x0;
  const h = y1 - y0;
  if (w < 8 || h < 8) return null;
  const data = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) data.set(page.data.subarray((y0 + y) * page.width + x0, (y0 + y) * page.width + x1), y * w);
  return { data, width: w, height: h, pointsPerPixel: ppp };
}

/** OCR runs of a crop moved back to page coordinates: the crop's origin is `box`'s top-left (clipped). */
export function placeRuns(runs: TextRun[], crop: GrayImage, box: Box): TextRun[] {
  const ox = Math.max(0, Math.floor(box.x / crop.pointsPerPixel)) * crop.pointsPerPixel;
  const oy = Math.max(0, Math.floor(box.y / crop.pointsPerPixel)) * crop.pointsPerPixel;
  return runs.map((r) => ({ ...r, x: r.x + ox, y: r.y + oy }));
}

/**
 * What a picture's OCR adds: its confident words, when the picture reads clearly as a whole and at
 * least one word reads as language (two or more letters); a picture whose only "words" are
 * texture or stray digits adds nothing.
 */
export function pictureWords(ocr: OcrWords): TextRun[] {
  if (ocr.meanConfidence < IMAGE_TEXT_MIN_MEAN_CONFIDENCE) return [];
  const kept = ocr.runs.filter((r) => (r.confidence ?? 0) >= IMAGE_TEXT_MIN_WORD_CONFIDENCE);
  return kept.some((r) => r.text.replace(/[^\p{L}]/gu, '').length >= 2) ? kept : [];
}
