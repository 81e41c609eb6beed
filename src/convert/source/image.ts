// The image PageSource (PNG, JPEG, TIFF frames, WebP…): every page is read by OCR.
import { decodeImagePageGray, imagePageCount } from '../images.js';
import { ocrImage } from '../ocr/index.js';
import type { OcrOptions } from './pdf.js';
import { needsFinerOcr, OCR_IMAGE_FAST_DPI } from './ocr-rules.js';
import type { PageSource } from './types.js';

export async function imagePageSource(bytes: Uint8Array, ocrOpts: OcrOptions): Promise<PageSource> {
  return {
    pageCount: await imagePageCount(bytes),
    async page(index) {
      // Scans above OCR_IMAGE_FAST_DPI are first read scaled down to it; small print at full size.
      const opts = { ...ocrOpts, straighten: true };
      let ocr = await ocrImage(await decodeImagePageGray(bytes, index, OCR_IMAGE_FAST_DPI), opts);
      if (needsFinerOcr(ocr.runs)) ocr = await ocrImage(await decodeImagePageGray(bytes, index), opts);
      return { index, width: ocr.width, height: ocr.height, runs: ocr.runs, rules: [], images: [], fromOcr: true };
    },
  };
}
