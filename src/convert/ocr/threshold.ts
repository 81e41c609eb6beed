// Ink against paper on a grey scan: one global threshold, as Tesseract's own binarization takes it.
import type { GrayImage } from '../pdf/render.js';

/** Histogram of an image's grey levels. */
export function greyHistogram(img: GrayImage): Uint32Array {
  const hist = new Uint32Array(256);
  for (let i = 0; i < img.data.length; i++) hist[img.data[i]]++;
  return hist;
}

/** Otsu's threshold of a grey histogram: the split with the largest between-class variance. */
export function otsu(hist: Uint32Array, total: number): number {
  let sum = 0;
  for (let i = 0; i < 256; i++) sum += i * hist[i];
  let sumB = 0;
  let wB = 0;
  let best = 0;
  let threshold = 128;
  for (let t = 0; t < 256; t++) {
    wB += hist[t];
    if (wB === 0) continue;
    const wF = total - wB;
    if (wF === 0) break;
    sumB += t * hist[t];
    const between = wB * wF * (sumB / wB - (sum - sumB) / wF) ** 2;
    if (between > best) {
      best = between;
      threshold = t;
    }
  }
  return threshold;
}

/** The most common grey lighter than the threshold: the paper. */
export function paperGrey(hist: Uint32Array, threshold: number): number {
  let paper = 255;
  for (let v = threshold + 1; v < 256; v++) if (hist[v] > hist[paper]) paper = v;
  return paper;
}

/** A page's greys: its histogram, Otsu's threshold between ink and paper, and the paper's grey. */
export interface PageGreys {
  hist: Uint32Array;
  threshold: number;
  paper: number;
}

export function pageGreys(img: GrayImage): PageGreys {
  const hist = greyHistogram(img);
  const threshold = otsu(hist, img.data.length);
  return { hist, threshold, paper: paperGrey(hist, threshold) };
}
