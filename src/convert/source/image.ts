// The image PageSource (PNG, JPEG, TIFF frames, WebP…): every page is read by OCR.
import { decodeImagePageGray, imagePageCount } from '../images.js';
import { ocrImage } from '../ocr/index.js';
import type { OcrOptions } from './pdf.js';
import { betterReading, finerImageDpi, OCR_IMAGE_FAST_DPI } from './ocr-rules.js';
import type { PageSource } from './types.js';

export async function imagePageSource(bytes: Uint8Array, ocrOpts: OcrOptions): Promise<PageSource> {
  return {
    pageCount: await imagePageCount(bytes),
    async page(index) {
      // Scans above OCR_IMAGE_FAST_DPI are first read scaled down to it.
      const opts = { ...ocrOpts, straighten: true };
      const first = await decodeImagePageGray(bytes, index, OCR_IMAGE_FAST_DPI);
      let ocr = await ocrImage(first, opts);
      // Small print in pixels: read again at the resolution that makes it readable, from the source.
      const finer = finerImageDpi(ocr.runs, 72 / first.pointsPerPixel);
      if (finer > 0) ocr = betterReading(ocr, await ocrImage(await decodeImagePageGray(bytes, index, finer, finer), opts));
      return { index, width: ocr.width, height: ocr.height, runs: ocr.runs, rules: ocr.rules, images: [], fromOcr: true };
    },
  };
}
