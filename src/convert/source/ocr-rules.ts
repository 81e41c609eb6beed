// When a page is read by OCR, at which resolution, and how OCR words join a text layer.
import type { PageLayoutInput, TextRun } from '../layout/types.js';
import { usableTextLayer } from '../pdf/extract.js';
import { garbledTextLayer } from '../pdf/usable.js';
import { picturesToRead } from './image-text.js';

/** Share of the page that placed images must cover for a page with a thin text layer to be OCR'd. */
const OCR_IMAGE_PAGE_SHARE = 0.25;

/**
 * A page is OCR'd when its text layer is not usable and OCR can add something: it has no text at
 * all (vector-drawn text, a blank scan), what it has is garbled (usable.ts garbledTextLayer: the
 * page shows text its layer cannot say), or images cover a good part of it. A title page with two
 * real words and no picture keeps its text layer (OCR would only re-read the same words, slowly).
 */
export function pageNeedsOcr(input: PageLayoutInput): boolean {
  if (usableTextLayer(input)) return false;
  if (input.runs.length === 0 || garbledTextLayer(input)) return true;
  const pageArea = input.width * input.height;
  const imageArea = input.images.reduce((s, b) => s + b.width * b.height, 0);
  return pageArea > 0 && imageArea >= OCR_IMAGE_PAGE_SHARE * pageArea;
}

/**
 * Whether reading the page takes OCR, of the page itself or of its pictures (image-text.ts): its
 * result then depends on `lang`, so a reading made without OCR (the probe's) cannot stand in for it.
 */
export function readsWithOcr(input: PageLayoutInput): boolean {
  return pageNeedsOcr(input) || picturesToRead(input).length > 0;
}

/** An OCR word mostly covered by a text-layer run is a re-reading of it. */
const OCR_OVERLAP_SHARE = 0.3;

function overlap(a: TextRun, b: TextRun): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

/**
 * The text layer is exact where it exists (a stamped date on a scan, a digital header): keep its
 * runs and add the OCR words that do not re-read them.
 */
export function mergeTextLayer(textRuns: TextRun[], ocrRuns: TextRun[]): TextRun[] {
  const kept = textRuns.filter((r) => !r.rotated);
  if (kept.length === 0) return ocrRuns;
  const fresh = ocrRuns.filter((o) => {
    const area = Math.max(1e-6, o.width * o.height);
    return !kept.some((t) => overlap(o, t) > OCR_OVERLAP_SHARE * area);
  });
  return [...kept, ...fresh];
}

/**
 * Scanned PDF pages are first read at this resolution: Tesseract's layout analysis and the render
 * scale with the pixels (~30 % less time per page than at OCR_RENDER_DPI), and text of normal size
 * reads the same (the corpus' OCR cases score identically at 150 and 200 dpi).
 */
export const OCR_FAST_DPI = 150;
/** Image scans of a higher resolution than this are first read scaled down to it. */
export const OCR_IMAGE_FAST_DPI = 200;

/**
 * Median font size (points, as OCR estimates it from line heights: ~0.75 of the real size) under
 * which a page is read again at OCR_RENDER_DPI. 9 pt print estimates ~6.8; 5 is ~6.5 pt print,
 * whose x-height at 150 dpi is ~6 px, too few for Tesseract.
 */
export const OCR_SMALL_TEXT_PT = 5;

/** Small print: worth a second, finer reading. */
export function needsFinerOcr(runs: TextRun[]): boolean {
  if (runs.length === 0) return false;
  const sizes = runs.map((r) => r.fontSize).sort((a, b) => a - b);
  return sizes[sizes.length >> 1] < OCR_SMALL_TEXT_PT;
}

/**
 * Text size (median OCR font size, in pixels of the reading) under which an image scan is read
 * again larger: the pixels of OCR_SMALL_TEXT_PT in a PDF page's first reading (OCR_FAST_DPI).
 * Tesseract's line finder and word spacing fail on small glyphs (a 6 pt statistics table scanned
 * at 150 dpi read 39 % of its words exactly, 72 % read again at 2x).
 */
export const OCR_SMALL_TEXT_PX = (OCR_SMALL_TEXT_PT * OCR_FAST_DPI) / 72;
/** The size small print is enlarged to (at most twice): ~7 pt at 200 dpi. */
export const OCR_TARGET_TEXT_PX = 20;

/**
 * The resolution to read an image scan again at when its print is small in pixels (a low
 * resolution scan, or small print), or 0 when the first reading at `dpi` stands.
 */
export function finerImageDpi(runs: TextRun[], dpi: number): number {
  if (runs.length === 0) return 0;
  const sizes = runs.map((r) => r.fontSize).sort((a, b) => a - b);
  const px = (sizes[sizes.length >> 1] * dpi) / 72;
  return px < OCR_SMALL_TEXT_PX ? Math.round(dpi * Math.min(2, OCR_TARGET_TEXT_PX / px)) : 0;
}

/**
 * A finer reading replaces the first only when it reads no worse (confident words: count × mean
 * confidence): on a noisy or blurred scan the larger image can read nothing at all where the
 * first reading had the words (a 6 pt table, JPEG, noise: 67 words at 150 dpi, none at 200).
 */
export function betterReading<T extends { runs: TextRun[]; meanConfidence: number }>(first: T, finer: T): T {
  return finer.runs.length * finer.meanConfidence >= first.runs.length * first.meanConfidence ? finer : first;
}
