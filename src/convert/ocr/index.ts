// OCR of a grey image into positioned words (TextRun[], in points) for the layout stage.
import type { RuleLine, TextRun } from '../layout/types.js';
import type { GrayImage } from '../pdf/render.js';
import { OCR_MIN_WORD_CONFIDENCE, OCR_ROTATION_RETRY_CONFIDENCE } from '../limits.js';
import { cliHasOrientationData, cliReadsTiff, cliSupports, detectOrientationWithCli, recognizeWithCli } from './cli-engine.js';
import { gaussianBlur, NOISY_PAGE_MIN_LEVEL, noiseLevel } from './denoise.js';
import { deskew } from './deskew.js';
import { halfSize, rotateGray, scaleUp, toPgm, type Rotation } from './image.js';
import { lostLines, unreadInk, type LostLine } from './lost-lines.js';
import { dropRuleGlyphs, findScanRules } from './rule-lines.js';
import { LIST_LABEL, lostMarks } from './lost-marks.js';
import { toMultipageTiff } from './tiff.js';
import { parseTesseractTsv, splitTsvByPage, type OcrWords } from './tsv.js';
import { markBoldLines } from './stroke-weight.js';
import { pageGreys } from './threshold.js';

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

export interface OcrPageOptions extends OcrOptions {
  /**
   * Straighten a skewed scan first (deskew.ts). Off where the words must land on the page's own
   * frame: a page whose text-layer runs are kept beside the OCR words. Default: off.
   */
  straighten?: boolean;
}

export interface OcrPage {
  runs: TextRun[];
  /** Page size in points, upright (after any rotation OCR applied). */
  width: number;
  height: number;
  rotation: Rotation;
  meanConfidence: number;
  /** Ruling lines found in the scan (rule-lines.ts), in points on the upright page. */
  rules: RuleLine[];
}

async function useCliFor(opts: OcrOptions): Promise<boolean> {
  const engine = opts.engine ?? 'auto';
  return engine === 'cli' || (engine === 'auto' && (await cliSupports(opts.langs)));
}

async function recognize(img: GrayImage, opts: OcrOptions, useCli: boolean, psm: 3 | 6 = 3): Promise<OcrWords> {
  const dpi = 72 / img.pointsPerPixel;
  const pgm = toPgm(img);
  const tsv = useCli ? await recognizeWithCli(pgm, opts.langs, dpi, opts.signal, psm) : await recognizeWithWasm(pgm, opts.langs, dpi, psm);
  return parseTesseractTsv(tsv, img.pointsPerPixel, OCR_MIN_WORD_CONFIDENCE);
}

/** Higher is better: confident, language-like words. */
const score = (w: OcrWords) => w.meanConfidence + 2 * w.wordlike;

/** Orientation is judged on a half-size copy of large pages: a quarter of the OCR cost per try… */
const ORIENTATION_PROBE_MIN_WIDTH = 1000;
/**
 * …read at this resolution at least (dpi, halved): a 120 dpi scan probed at 60 dpi read its right
 * turn as sideways noise and a wrong one as text, and the page came out upside down.
 */
const ORIENTATION_PROBE_MIN_DPI = 150;
/**
 * Tesseract orientation confidence from which its suggested turn is worth one reading. Measured:
 * printed pages turned 90/180/270° score 11-24, handwriting 0.3-4.3 (often with a wrong turn);
 * low on purpose, since the turned reading must still read clearly and better to be kept.
 */
const OSD_MIN_CONFIDENCE = 2;
/**
 * Detection costs ~0.6 CPU-s even on a small image (loading the orientation model), twice a reading
 * of one (phototest, 0.3 MP: 0.3 CPU-s), and re-reading stops at the first clear turn: below this
 * size, re-read instead.
 */
const ORIENTATION_DETECTION_MIN_PIXELS = 1_000_000;

const needsRetry = (w: OcrWords) => w.runs.length >= 3 && w.meanConfidence < OCR_ROTATION_RETRY_CONFIDENCE;

/** Words of this many characters or more are wider than tall when their line runs across. */
const SHAPED_WORD_MIN_CHARS = 3;
const SIDEWAYS_MIN_WORDS = 5;
const SIDEWAYS_WORD_SHARE = 0.6;

/**
 * Tesseract takes the lines of a page turned 90° clockwise for vertical text and reads them
 * confidently, but its word boxes stay in the turned frame, where the layout stage finds no line
 * (the page came out as a heap of words). Such a reading shows as words taller than wide.
 */
export function readsSideways(w: OcrWords): boolean {
  const shaped = w.runs.filter((r) => [...r.text].length >= SHAPED_WORD_MIN_CHARS);
  if (shaped.length < SIDEWAYS_MIN_WORDS) return false;
  return shaped.filter((r) => r.height > r.width).length >= SIDEWAYS_WORD_SHARE * shaped.length;
}

/** The page's first reading, as it lies, and whether Tesseract read it sideways. */
interface Upright {
  words: OcrWords;
  sideways: boolean;
}

/**
 * A turn is kept when it reads clearly and across; against an upright reading that read across,
 * it must also read better, not just less badly (a page in another script reads as noise whichever
 * way it is turned: keep it upright).
 */
const turnReadsBetter = (turned: OcrWords, than: Upright) =>
  turned.meanConfidence >= OCR_ROTATION_RETRY_CONFIDENCE && !readsSideways(turned) && (than.sideways || score(turned) > score(than.words));

/**
 * Without orientation data (tesseract.js ships none) the page is read again turned 180°, then 90°
 * and 270° (270° then 90° only when it read sideways: that undoes a quarter turn clockwise) on a
 * half-size copy of a large page, keeping a turn that reads better; the page is then read at full
 * size that way.
 */
async function turnByRereading(img: GrayImage, upright: Upright, opts: OcrOptions, useCli: boolean): Promise<{ rotation: Rotation; words: OcrWords }> {
  const probe = img.width >= ORIENTATION_PROBE_MIN_WIDTH && 72 / img.pointsPerPixel / 2 >= ORIENTATION_PROBE_MIN_DPI ? halfSize(img) : img;
  let best: Upright = probe === img ? upright : { words: await recognize(probe, opts, useCli), sideways: upright.sideways };
  let rotation: Rotation = 0;
  // A page read sideways lies a quarter turned: half a turn leaves its lines running down.
  for (const turn of upright.sideways ? ([270, 90] as const) : ([180, 90, 270] as const)) {
    opts.signal?.throwIfAborted();
    const words = await recognize(rotateGray(probe, turn), opts, useCli);
    if (turnReadsBetter(words, best)) {
      best = { words, sideways: false };
      rotation = turn;
    }
    if (!needsRetry(best.words) && !best.sideways) break;
  }
  return { rotation, words: rotation === 0 ? upright.words : await recognize(rotateGray(img, rotation), opts, useCli) };
}

/**
 * With the CLI's orientation data, Tesseract's own detector (one cheap pass, at full size: on a
 * half-size copy its confidence collapses) names the turn, and only that turn is read. It replaces
 * four more recognitions on every page that reads poorly upright (handwriting, faint scans), the
 * dearest OCR pages. Measured: docs/architecture.md, OCR. A sideways reading with no verdict
 * falls back to re-reading.
 */
async function turnByDetection(img: GrayImage, upright: Upright, opts: OcrOptions): Promise<{ rotation: Rotation; words: OcrWords }> {
  const verdict = await detectOrientationWithCli(toPgm(img), 72 / img.pointsPerPixel, opts.signal);
  if (!verdict || verdict.rotate === 0 || verdict.confidence < OSD_MIN_CONFIDENCE) {
    return upright.sideways ? turnByRereading(img, upright, opts, true) : { rotation: 0, words: upright.words };
  }
  opts.signal?.throwIfAborted();
  const turned = await recognize(rotateGray(img, verdict.rotate), opts, true);
  return turnReadsBetter(turned, upright) ? { rotation: verdict.rotate, words: turned } : { rotation: 0, words: upright.words };
}

/**
 * Tesseract reads as vertical text only lines that run downwards (lines running upwards read as
 * noise), so a confident sideways reading names its turn: a quarter back (270°). That one reading
 * is tried first (no detection, no probes); null when it does not read clearly across.
 */
async function turnQuarterBack(img: GrayImage, upright: Upright, opts: OcrOptions, useCli: boolean): Promise<{ rotation: Rotation; words: OcrWords } | null> {
  opts.signal?.throwIfAborted();
  const turned = await recognize(rotateGray(img, 270), opts, useCli);
  return turnReadsBetter(turned, upright) ? { rotation: 270, words: turned } : null;
}

/** A page that reads fewer language-like words than this reads almost nothing. */
const ALMOST_NOTHING_WORDS = 10;

/**
 * A noisy scan under this resolution (dpi) is also smoothed at twice its size: its strokes are a
 * pixel or two wide, and a blur at its own size may wash them out with the grain. Enlarged, two
 * passes of the σ = 1 px blur (σ ≈ 0.7 px of the scan) part grain from strokes: a 100 dpi list page
 * with noise σ 14 read 56 % of its words (mean confidence 42) smoothed at its size, 86 % (84) so.
 * Both are read and the better kept: grey ink on grey paper at 100 dpi read 15 % at its size and
 * nothing enlarged.
 */
const SMOOTH_ENLARGED_BELOW_DPI = 150;

function smoothings(scan: GrayImage): GrayImage[] {
  const own = gaussianBlur(scan);
  return 72 / scan.pointsPerPixel >= SMOOTH_ENLARGED_BELOW_DPI ? [own] : [own, gaussianBlur(gaussianBlur(scaleUp(scan, 2)))];
}

/**
 * The page's first reading (straightened when asked), and the image it was read from. A page that
 * reads almost nothing while it carries sensor noise is read again smoothed (denoise.ts; a low
 * resolution scan twice: smoothings) and the best reading is kept: grain had made Tesseract take
 * the whole page for a picture. Pages that read, and clean ones, pay nothing.
 */
async function readThroughGrain(scan: GrayImage, opts: OcrPageOptions, useCli: boolean): Promise<{ img: GrayImage; words: OcrWords }> {
  const img = opts.straighten ? deskew(scan).image : scan;
  const words = await recognize(img, opts, useCli);
  if (words.wordlike >= ALMOST_NOTHING_WORDS || noiseLevel(scan) < NOISY_PAGE_MIN_LEVEL) return { img, words };
  let best = { img, words };
  for (const smooth of smoothings(scan)) {
    opts.signal?.throwIfAborted();
    // Skew is measured again on the smoothed ink, which grain no longer scatters.
    const smoothImg = opts.straighten ? deskew(smooth).image : smooth;
    const smoothWords = await recognize(smoothImg, opts, useCli);
    if (score(smoothWords) > score(best.words)) best = { img: smoothImg, words: smoothWords };
  }
  return best;
}

/**
 * A cut-out band reads as text when Tesseract reads it this clearly (mean confidence) with at least
 * one language-like word, or one clear figure (a row of a table: no letters): noise, a stain or a
 * picture's edge cut out reads as low-confidence fragments and adds nothing.
 */
const LOST_LINE_MIN_CONFIDENCE = 60;
const CLEAR_FIGURE_CONFIDENCE = 85;
const readsClearly = (w: OcrWords) =>
  w.meanConfidence >= LOST_LINE_MIN_CONFIDENCE && (w.wordlike > 0 || w.runs.some((r) => (r.confidence ?? 0) >= CLEAR_FIGURE_CONFIDENCE && /\p{N}{2}/u.test(r.text)));

/**
 * Words of the lines Tesseract's page reading left out (lost-lines.ts), read again as cut-out
 * blocks (page segmentation mode 6) in one process (the bands as the pages of one TIFF, as
 * ocrPictures does), in page coordinates. Only bands that read clearly count. With them, the list
 * marks it left out (lost-marks.ts): bullets as found in the pixels, labels read in the same process.
 */
export async function readLostLines(img: GrayImage, words: OcrWords, rules: RuleLine[], opts: OcrOptions, useCli: boolean): Promise<TextRun[]> {
  const page = unreadInk(img, words.runs, rules);
  const lines = lostLines(img, words.runs, page);
  // List marks left of the read lines (lost-marks.ts): bullets from their shape, labels read again.
  const marks = page ? lostMarks(img, words.runs, page) : { bullets: [], labels: [] };
  const lost = [...lines, ...marks.labels];
  if (lost.length === 0) return marks.bullets;
  const read = await readBands(lost.map((l) => l.image), opts, useCli);
  // A faint band Tesseract reads as nothing at all (a blurred grey line: no word, where the same
  // band in black and white reads) is read once more in black and white (`binarized`); what
  // reads clearly then counts. Bands that read in grey keep that reading: black and white loses
  // their letters' shapes. Only lost lines have blank bands, and only a page with unread ink
  // (`page`) has lost lines.
  const blank = read.slice(0, lines.length).flatMap((w, k) => (w.runs.length === 0 ? [k] : []));
  if (page && blank.length > 0) {
    const again = await readBands(blank.map((k) => binarized(lost[k].image, page.paper)), opts, useCli);
    blank.forEach((k, i) => {
      if (readsClearly(again[i])) read[k] = again[i];
    });
  }
  const found = read.slice(0, lines.length).flatMap((w, k) => (readsClearly(w) ? placed(w.runs, lost[k]) : []));
  const labels = listLabels(read.slice(lines.length)).flatMap((r, k) => (r ? placed([r], marks.labels[k]) : []));
  return [...marks.bullets, ...labels, ...found];
}

/** Cut-out bands read as blocks of text (page segmentation mode 6): in one process (the bands as the pages of one TIFF) when the CLI can. */
async function readBands(images: GrayImage[], opts: OcrOptions, useCli: boolean): Promise<OcrWords[]> {
  opts.signal?.throwIfAborted();
  if (useCli && images.length > 1 && (await cliReadsTiff())) {
    // The bands of a page share one enlargement, so one resolution.
    const ppp = images[0].pointsPerPixel;
    const dpi = 72 / ppp;
    const tsv = await recognizeWithCli(toMultipageTiff(images, dpi), opts.langs, dpi, opts.signal, 6);
    return splitTsvByPage(tsv, images.length).map((page) => parseTesseractTsv(page, ppp, OCR_MIN_WORD_CONFIDENCE));
  }
  const read: OcrWords[] = [];
  for (const image of images) {
    opts.signal?.throwIfAborted();
    read.push(await recognize(image, opts, useCli, 6));
  }
  return read;
}

/** Share of a band's pixels darker than the grey its ink is measured by (its darkest strokes). */
const INK_GREY_SHARE = 0.01;

/**
 * The band in black and white, cut halfway between its ink's grey and the paper's: the page's own
 * threshold, set by a light page's halos, swells a faint band's letters into blobs.
 */
function binarized(img: GrayImage, paper: number): GrayImage {
  const hist = new Uint32Array(256);
  for (const v of img.data) hist[v]++;
  let ink = 0;
  for (let seen = 0; ink < 255 && seen + hist[ink] < INK_GREY_SHARE * img.data.length; ink++) seen += hist[ink];
  const cut = (ink + paper) / 2;
  const data = new Uint8Array(img.data.length);
  for (let i = 0; i < data.length; i++) data[i] = img.data[i] <= cut ? 0 : 255;
  return { ...img, data };
}

/**
 * A cut-out mark counts when it reads as one list label (LIST_LABEL): clearly, or, for a number,
 * less clearly when the number before or after it in the list read clearly (Tesseract gives a
 * lone "1." 40 where "2." gets 96).
 */
const LIST_LABEL_MIN_CONFIDENCE = 50;
const LIST_LABEL_IN_SEQUENCE_CONFIDENCE = 25;
function listLabels(read: OcrWords[]): Array<TextRun | null> {
  const one = read.map((w) => (w.runs.length === 1 && LIST_LABEL.test(w.runs[0].text) ? w.runs[0] : null));
  const clear = new Set(one.filter((r) => r && (r.confidence ?? 0) >= LIST_LABEL_MIN_CONFIDENCE).map((r) => r!.text));
  const number = (r: TextRun) => /^(\d+)([.)])$/.exec(r.text);
  return one.map((r) => {
    if (!r) return null;
    if ((r.confidence ?? 0) >= LIST_LABEL_MIN_CONFIDENCE) return r;
    const n = number(r);
    if (!n || (r.confidence ?? 0) < LIST_LABEL_IN_SEQUENCE_CONFIDENCE) return null;
    return clear.has(`${Number(n[1]) + 1}${n[2]}`) || clear.has(`${Number(n[1]) - 1}${n[2]}`) ? r : null;
  });
}

/** A cut-out band's words moved to where the band lies on the page. */
const placed = (runs: TextRun[], at: LostLine): TextRun[] => runs.map((r) => ({ ...r, x: r.x + at.x, y: r.y + at.y }));

/**
 * OCR with automatic orientation, of the page straightened when asked: a page read sideways is first turned a quarter back; one that
 * reads poorly upright (low mean confidence), or still sideways, is turned by Tesseract's
 * orientation detection when the CLI has its data and the page is not small, else by re-reading
 * it turned. Blank or nearly blank pages are not retried.
 */
export async function ocrImage(scan: GrayImage, opts: OcrPageOptions): Promise<OcrPage> {
  // A perfectly uniform image (a blank page, a page whose only content is invisible) has no words:
  // Tesseract would spend seconds finding that out.
  if (isUniform(scan)) return { runs: [], width: scan.width * scan.pointsPerPixel, height: scan.height * scan.pointsPerPixel, rotation: 0, meanConfidence: 0, rules: [] };
  const useCli = await useCliFor(opts);
  const { img, words: words0 } = await readThroughGrain(scan, opts, useCli);
  const upright: Upright = { words: words0, sideways: readsSideways(words0) };
  const quarterBack = upright.sideways ? await turnQuarterBack(img, upright, opts, useCli) : null;
  const { rotation, words } = quarterBack ?? (!needsRetry(words0) && !upright.sideways
    ? { rotation: 0 as Rotation, words: words0 }
    // The scan's size as delivered: straightening adds blank corners, not text to detect on.
    : useCli && scan.width * scan.height >= ORIENTATION_DETECTION_MIN_PIXELS && (await cliHasOrientationData())
      ? await turnByDetection(img, upright, opts)
      : await turnByRereading(img, upright, opts, useCli));
  const sideways = rotation === 90 || rotation === 270;
  // Lines the page reading left out, read again from the image the words were read from (turned as they were).
  const read = rotation === 0 ? img : rotateGray(img, rotation);
  // The page's ruling lines, in the frame its words were read in (rule-lines.ts): no unread text,
  // and the walls of the cells whose text Tesseract left out.
  const greys = pageGreys(read);
  const pageRules = findScanRules(read, greys);
  // Bold lines from their ink (stroke-weight.ts): Tesseract gives no font weight.
  markBoldLines(read, greys, words.runs, words.lineOf);
  const lost = await readLostLines(read, words, pageRules, opts, useCli);
  return {
    runs: dropRuleGlyphs(lost.length > 0 ? [...words.runs, ...lost] : words.runs, pageRules),
    width: (sideways ? img.height : img.width) * img.pointsPerPixel,
    height: (sideways ? img.width : img.height) * img.pointsPerPixel,
    rotation,
    meanConfidence: words.meanConfidence,
    rules: pageRules,
  };
}

const NO_WORDS: OcrWords = { runs: [], meanConfidence: 0, wordlike: 0, lineOf: [] };

/**
 * One upright reading of each picture inside a page (source/image-text.ts), in order: no
 * orientation retries, since a photograph reads poorly every way up and would cost four readings
 * for nothing. The CLI reads two or more in one process, as the pages of one TIFF: a Tesseract process
 * costs 0.10-0.15 CPU-s before it reads anything (model, dictionaries, ambiguity tables), more than
 * a small picture's recognition; the words are the same as one process per picture (measured in
 * docs/architecture.md, OCR). `pictures` share one resolution (crops of one render).
 */
export async function ocrPictures(pictures: GrayImage[], opts: OcrOptions): Promise<OcrWords[]> {
  const toRead = pictures.filter((img) => !isUniform(img));
  if (toRead.length === 0) return pictures.map(() => NO_WORDS);
  opts.signal?.throwIfAborted();
  const useCli = await useCliFor(opts);
  let read: OcrWords[];
  if (useCli && toRead.length > 1 && (await cliReadsTiff())) {
    const pointsPerPixel = toRead[0].pointsPerPixel;
    const dpi = 72 / pointsPerPixel;
    const tsv = await recognizeWithCli(toMultipageTiff(toRead, dpi), opts.langs, dpi, opts.signal);
    read = splitTsvByPage(tsv, toRead.length).map((page) => parseTesseractTsv(page, pointsPerPixel, OCR_MIN_WORD_CONFIDENCE));
  } else {
    // One picture (a PGM, as before), tesseract.js, or a binary whose Leptonica reads no TIFF.
    read = [];
    for (const img of toRead) {
      opts.signal?.throwIfAborted();
      read.push(await recognize(img, opts, useCli));
    }
  }
  const readings = new Map(toRead.map((img, k) => [img, read[k]]));
  return pictures.map((img) => readings.get(img) ?? NO_WORDS);
}

/** Every pixel has the same value. */
export function isUniform(img: GrayImage): boolean {
  const d = img.data;
  const first = d[0];
  for (let i = 1; i < d.length; i++) if (d[i] !== first) return false;
  return true;
}
