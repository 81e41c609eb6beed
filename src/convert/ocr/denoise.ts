// Sensor noise on a scan, measured and smoothed before OCR. Tesseract binarizes a page with one
// global (Otsu) threshold: grain of a few dozen grey levels on a grey, faintly inked page turns into
// salt and pepper around every letter, and the whole page is then taken for a picture and read as
// nothing (seen on 100-150 dpi scans with noise σ 13-20: 0 words of 80-250). A slight Gaussian
// blur (σ ≈ 1 px) averages the grain away while strokes, a pixel or more wide, keep their shape:
// the same pages read 80-100 % of their words. Only a noisy page that read almost nothing is read
// smoothed (ocr/index.ts): on pages that read, smoothing lost words as often as it found them.
import type { GrayImage } from '../pdf/render.js';

/**
 * Noise (in grey levels) from which a page is smoothed before OCR. The measure is about the noise's
 * σ; paper and clean print measure 0-1, JPEG ringing on clean text 1-2.
 */
export const NOISY_PAGE_MIN_LEVEL = 5;
/** Rows sampled for the measure: every this many rows (cost ~1 ms on a letter page at 150 dpi). */
const SAMPLE_ROW_STEP = 4;

/**
 * Sensor noise of a grey image: the median absolute difference of horizontally adjacent pixels.
 * On a page most pixels are paper, so the median is the paper's grain (for Gaussian noise of σ it
 * is ~0.95 σ); edges of letters are a minority and do not move it.
 */
export function noiseLevel(img: GrayImage): number {
  const hist = new Uint32Array(256);
  let n = 0;
  for (let y = 0; y < img.height; y += SAMPLE_ROW_STEP) {
    const row = y * img.width;
    for (let x = 1; x < img.width; x++) {
      hist[Math.abs(img.data[row + x] - img.data[row + x - 1])]++;
      n++;
    }
  }
  let seen = 0;
  for (let d = 0; d < 256; d++) {
    seen += hist[d];
    if (seen * 2 >= n) return d;
  }
  return 0;
}

/** The 5-tap binomial kernel (1 4 6 4 1)/16: a Gaussian of σ = 1 px, applied along rows then columns. */
const KERNEL = [1, 4, 6, 4, 1];

function blurAxis(src: Uint8Array, width: number, height: number, horizontal: boolean): Uint8Array {
  const out = new Uint8Array(src.length);
  const along = horizontal ? width : height;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = horizontal ? x : y;
      let sum = 0;
      for (let k = -2; k <= 2; k++) {
        // Edges repeat the border pixel.
        const j = Math.min(along - 1, Math.max(0, at + k));
        sum += KERNEL[k + 2] * src[horizontal ? y * width + j : j * width + x];
      }
      out[y * width + x] = (sum + 8) >> 4;
    }
  }
  return out;
}

/** The image smoothed by a σ = 1 px Gaussian. */
export function gaussianBlur(img: GrayImage): GrayImage {
  const rows = blurAxis(img.data, img.width, img.height, true);
  return { ...img, data: blurAxis(rows, img.width, img.height, false) };
}
