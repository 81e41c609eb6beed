// Rasterising PDF pages with pdf.js onto @napi-rs/canvas, within the pixel budget (DECISIONS §2).
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { ParseError } from '../errors.js';
import { MAX_RENDER_PIXELS } from '../limits.js';

/** Lowest resolution a page may be scaled down to in order to fit the pixel budget. */
export const MIN_RENDER_DPI = 72;

export interface GrayImage {
  /** One byte per pixel, row-major. */
  data: Uint8Array;
  width: number;
  height: number;
  /** PDF points per pixel (72 / dpi), to scale OCR boxes back to page coordinates. */
  pointsPerPixel: number;
}

/**
 * The resolution to render a page of `widthPt` × `heightPt` points at: `dpi`, lowered to fit
 * MAX_RENDER_PIXELS; a page that would need less than MIN_RENDER_DPI → `page_too_large`.
 */
export function fitDpi(widthPt: number, heightPt: number, dpi: number): number {
  const pixelsAt = (d: number) => (widthPt * d / 72) * (heightPt * d / 72);
  if (!(widthPt > 0 && heightPt > 0)) throw new ParseError('malformed_document');
  if (pixelsAt(dpi) <= MAX_RENDER_PIXELS) return dpi;
  const fitted = Math.floor(dpi * Math.sqrt(MAX_RENDER_PIXELS / pixelsAt(dpi)));
  if (fitted < MIN_RENDER_DPI) throw new ParseError('page_too_large');
  return fitted;
}

/** Renders a page on a white background; the caller owns the canvas. */
export async function renderPageToCanvas(page: PDFPageProxy, dpi: number): Promise<{ canvas: Canvas; dpi: number }> {
  const base = page.getViewport({ scale: 1 });
  const used = fitDpi(base.width, base.height, dpi);
  const viewport = page.getViewport({ scale: used / 72 });
  const width = Math.max(1, Math.ceil(viewport.width));
  const height = Math.max(1, Math.ceil(viewport.height));
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  try {
    // pdf.js types name DOM classes; @napi-rs/canvas implements the same drawing API.
    type RenderParams = Parameters<PDFPageProxy['render']>[0];
    await page.render({ canvas, canvasContext: ctx, viewport } as unknown as RenderParams).promise;
  } catch (err) {
    if (err instanceof ParseError) throw err;
    throw new ParseError('malformed_document');
  }
  return { canvas, dpi: used };
}

/** Renders a page to 8-bit grey pixels (the OCR input). */
export async function renderPageGray(page: PDFPageProxy, dpi: number): Promise<GrayImage> {
  const { canvas, dpi: used } = await renderPageToCanvas(page, dpi);
  const { width, height } = canvas;
  const rgba = canvas.getContext('2d').getImageData(0, 0, width, height).data;
  const data = new Uint8Array(width * height);
  for (let i = 0, j = 0; j < data.length; i += 4, j++) {
    // ITU-R BT.601 luma, integer arithmetic.
    data[j] = (rgba[i] * 299 + rgba[i + 1] * 587 + rgba[i + 2] * 114) / 1000;
  }
  return { data, width, height, pointsPerPixel: 72 / used };
}

/** Renders a page to PNG bytes (GPU adapters send page images). */
export async function renderPagePng(page: PDFPageProxy, dpi: number): Promise<Uint8Array> {
  const { canvas } = await renderPageToCanvas(page, dpi);
  return new Uint8Array(await canvas.encode('png'));
}
