// The PDF PageSource: pdf.js's text layer, rules and images per page (pdf/extract.ts); a page
// without a usable text layer is rendered and read by OCR, keeping the text layer's exact words.
import { OCR_RENDER_DPI } from '../limits.js';
import type { Box, PageLayoutInput, TextRun } from '../layout/types.js';
import { ocrImage, ocrPictures, type OcrEngine } from '../ocr/index.js';
import type { PdfPages } from '../pdf/document.js';
import { extractPageLayout } from '../pdf/extract.js';
import { runsBesideOcr } from '../pdf/usable.js';
import { formFieldsCheck } from '../pdf/form-fields.js';
import { drawnBulletsCheck } from '../pdf/drawn-bullets.js';
import { scannedDocumentCheck, type ScannedCheck } from '../pdf/scan-sample.js';
import type { PDFPageProxy } from '../pdf/open.js';
import { renderPageGray, type GrayImage } from '../pdf/render.js';
import { readPageScan, scanGray, type PageScan } from '../pdf/scan-image.js';
import { cropGray, pictureWords, picturesToRead, placeRuns } from './image-text.js';
import { betterReading, mergeTextLayer, needsFinerOcr, OCR_FAST_DPI, pageNeedsOcr } from './ocr-rules.js';
import type { PageSource } from './types.js';

export interface OcrOptions {
  langs: string[];
  engine?: OcrEngine;
  signal?: AbortSignal;
}

/** Placed images covering more than this share of an OCR'd page are the scan itself, not figures. */
const SCAN_IMAGE_PAGE_SHARE = 0.5;

/**
 * The page's pixels for OCR at `dpi`: a scanned page (one image, nothing else shown) from its image
 * stream (pdf/scan-image.ts, issue 11: no pdf.js render), any other page rendered.
 */
function pagePixels(page: PDFPageProxy, input: PageLayoutInput): (dpi: number) => Promise<GrayImage> {
  let scan: Promise<PageScan | null> | undefined;
  // The layout stage saw one image and no rules: worth reading its operators once more for the
  // image stream; a drawn page (no image) goes straight to the render.
  const candidate = input.images.length === 1 && input.rules.length === 0;
  return async (dpi) => {
    scan ??= candidate ? readPageScan(page).catch(() => null) : Promise.resolve(null);
    const s = await scan;
    return (s && (await scanGray(page, s, dpi))) ?? renderPageGray(page, dpi);
  };
}

async function ocrPdfPage(page: PDFPageProxy, input: PageLayoutInput, ocrOpts: OcrOptions): Promise<PageLayoutInput> {
  // A garbled layer's unreadable runs say nothing: OCR reads what they show (only legible runs stay).
  const layer = runsBesideOcr(input);
  // Text-layer runs kept beside the OCR words need the words in the page's own frame.
  const opts = { ...ocrOpts, straighten: !layer.some((r) => !r.rotated) };
  const pixels = pagePixels(page, input);
  let ocr = await ocrImage(await pixels(OCR_FAST_DPI), opts);
  if (needsFinerOcr(ocr.runs)) ocr = betterReading(ocr, await ocrImage(await pixels(OCR_RENDER_DPI), opts));
  const pageArea = input.width * input.height;
  return {
    ...input,
    width: ocr.width,
    height: ocr.height,
    runs: ocr.rotation === 0 ? mergeTextLayer(layer, ocr.runs) : ocr.runs,
    // Rules as found in the pixels OCR read (ocr/rule-lines.ts), in the words' frame: the page's
    // drawn rules are among them, and a straightened or turned page has no other frame.
    rules: ocr.rules,
    // Figures are in the unrotated frame; kept only when OCR kept the orientation.
    images: ocr.rotation === 0 ? input.images.filter((b) => b.width * b.height < SCAN_IMAGE_PAGE_SHARE * pageArea) : [],
    fromOcr: true,
  };
}

/**
 * A text-layer page with pictures big enough to hold lettering and no text over them: the page is
 * rendered once and its pictures are read by OCR together (image-text.ts); the words that read as language
 * join the page's runs where the picture is.
 */
async function readPictures(page: PDFPageProxy, input: PageLayoutInput, ocrOpts: OcrOptions): Promise<PageLayoutInput> {
  const pictures = picturesToRead(input);
  if (pictures.length === 0) return input;
  const rendered = await renderPageGray(page, OCR_FAST_DPI);
  const crops = pictures.flatMap((box) => {
    const crop = cropGray(rendered, box);
    return crop ? [{ box, crop }] : [];
  });
  // One OCR call for all of the page's pictures (one Tesseract process: ocr/index.ts ocrPictures).
  const readings = await ocrPictures(crops.map((c) => c.crop), ocrOpts);
  const added: TextRun[] = [];
  const read: Box[] = [];
  crops.forEach(({ box, crop }, k) => {
    const words = placeRuns(pictureWords(readings[k]), crop, box);
    if (words.length === 0) return;
    added.push(...words);
    read.push(box);
  });
  return read.length === 0 ? input : { ...input, runs: [...input.runs, ...added], readPictures: read };
}

/**
 * The scan verdict per opened document in this thread: a document kept open between runs
 * (pdf/document.ts withKeptPdfPages) reads its sampled pages once, not once per run.
 */
const scanChecks = new WeakMap<PdfPages['doc'], ScannedCheck>();

/**
 * Pages of an opened PDF (withPdfPages: the page-tree repair is inside). `scanned`: the document's
 * scan verdict when the probe already reached it (pdf/scan-sample.ts).
 */
export function pdfPageSource(pdf: PdfPages, ocrOpts: OcrOptions, scanned?: boolean): PageSource {
  const hasForms = formFieldsCheck(pdf);
  const drawsBullets = drawnBulletsCheck(pdf);
  const scannedCheck = scanChecks.get(pdf.doc) ?? scannedDocumentCheck(pdf, scanned);
  scanChecks.set(pdf.doc, scannedCheck);
  return {
    pageCount: pdf.numPages,
    async page(index, checkpoint) {
      const page = await pdf.getPage(index);
      try {
        const input = await extractPageLayout(page, index, { forms: await hasForms(), drawnBullets: await drawsBullets(), scanned: scannedCheck });
        checkpoint();
        return pageNeedsOcr(input) ? await ocrPdfPage(page, input, ocrOpts) : await readPictures(page, input, ocrOpts);
      } finally {
        page.cleanup();
      }
    },
  };
}
