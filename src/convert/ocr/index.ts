// OCR of a grey image into positioned words (TextRun[], in points) for the layout stage.
import type { TextRun } from '../layout/types.js';
import type { GrayImage } from '../pdf/render.js';
import { OCR_MIN_WORD_CONFIDENCE, OCR_ROTATION_RETRY_CONFIDENCE } from '../limits.js';
import { cliSupports, recognizeWithCli } from './cli-engine.js';
import { halfSize, rotateGray, toPgm, type Rotation } from './image.js';
import { parseTesseractTsv, type OcrWords } from './tsv.js';

export type { OcrWords } from './tsv.js';
import { recognizeWithWasm } from './wasm-engine.js';

export { availableOcrLanguages, resolveOcrLanguages } from './languages.js';
export { terminateWasmEngine } from './wasm-engine.js';

export type OcrEngine = 'auto' | 'cli' | 'wasm';

export interface OcrOptions {
  /** Tesseract codes, already resolved (resolveOcrLanguages). */
  langs: string[];
  engine?: OcrEngine;
  signal?: AbortSignal;
}

export interface OcrPage {
  runs: TextRun[];
  /** Page size in points, upright (after any rotation OCR applied). */
  width: number;
  height: number;
  rotation: Rotation;
  meanConfidence: number;
}

async function recognize(img: GrayImage, opts: OcrOptions): Promise<OcrWords> {
  const dpi = 72 / img.pointsPerPixel;
  const pgm = toPgm(img);
  const engine = opts.engine ?? 'auto';
  const useCli = engine === 'cli' || (engine === 'auto' && (await cliSupports(opts.langs)));
  const tsv = useCli ? await recognizeWithCli(pgm, opts.langs, dpi, opts.signal) : await recognizeWithWasm(pgm, opts.langs, dpi);
  return parseTesseractTsv(tsv, img.pointsPerPixel, OCR_MIN_WORD_CONFIDENCE);
}

/** Higher is better: confident, language-like words. */
const score = (w: OcrWords) => w.meanConfidence + 2 * w.wordlike;

/** Orientation is judged on a half-size copy of large pages: a quarter of the OCR cost per try. */
const ORIENTATION_PROBE_MIN_WIDTH = 1000;

/**
 * OCR with automatic orientation: Tesseract's OSD data is not shipped with tesseract.js, so a page
 * that reads poorly upright (low mean confidence) is read again turned 180°, then 90° and 270° (on a
 * half-size copy), and a turn is kept only when it reads clearly and better; the page is then read
 * at full size that way. Blank or nearly blank pages are not retried.
 */
export async function ocrImage(img: GrayImage, opts: OcrOptions): Promise<OcrPage> {
  // A perfectly uniform image (a blank page, a page whose only content is invisible) has no words:
  // Tesseract would spend seconds finding that out.
  if (isUniform(img)) return { runs: [], width: img.width * img.pointsPerPixel, height: img.height * img.pointsPerPixel, rotation: 0, meanConfidence: 0 };
  const upright = await recognize(img, opts);
  const needsRetry = (w: OcrWords) => w.runs.length >= 3 && w.meanConfidence < OCR_ROTATION_RETRY_CONFIDENCE;
  let rotation: Rotation = 0;
  if (needsRetry(upright)) {
    const probe = img.width >= ORIENTATION_PROBE_MIN_WIDTH ? halfSize(img) : img;
    let best = probe === img ? upright : await recognize(probe, opts);
    for (const turn of [180, 90, 270] as const) {
      opts.signal?.throwIfAborted();
      const words = await recognize(rotateGray(probe, turn), opts);
      // A turn must read clearly better, not just less badly (a page in another script reads as
      // noise whichever way it is turned: keep it upright).
      if (words.meanConfidence >= OCR_ROTATION_RETRY_CONFIDENCE && score(words) > score(best)) {
        best = words;
        rotation = turn;
      }
      if (!needsRetry(best)) break;
    }
  }
  const finalImg = rotateGray(img, rotation);
  const words = rotation === 0 ? upright : await recognize(finalImg, opts);
  return {
    runs: words.runs,
    width: finalImg.width * finalImg.pointsPerPixel,
    height: finalImg.height * finalImg.pointsPerPixel,
    rotation,
    meanConfidence: words.meanConfidence,
  };
}

/**
 * One upright reading of a picture inside a page (source/image-text.ts): no orientation retries,
 * since a photograph reads poorly every way up and would cost four readings for nothing.
 */
export async function ocrPicture(img: GrayImage, opts: OcrOptions): Promise<OcrWords> {
  if (isUniform(img)) return { runs: [], meanConfidence: 0, wordlike: 0 };
  return recognize(img, opts);
}

/** Every pixel has the same value. */
export function isUniform(img: GrayImage): boolean {
  const d = img.data;
  const first = d[0];
  for (let i = 1; i < d.length; i++) if (d[i] !== first) return false;
  return true;
}
