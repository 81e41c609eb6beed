// Image inputs (PNG, JPEG, TIFF with several frames, WebP) decoded with sharp, in memory only.
import type { Sharp } from 'sharp';
import { ParseError } from './errors.js';
import { MAX_DECODE_PIXELS, MAX_RENDER_PIXELS } from './limits.js';
import type { GrayImage } from './pdf/render.js';

// sharp is loaded on first use (a worker that only sees PDFs never needs it: ~20 MB each).
type SharpFn = typeof import('sharp');
let lib: Promise<SharpFn> | undefined;
export function sharpLib(): Promise<SharpFn> {
  return (lib ??= import('sharp').then((m) => {
    const sharp = ((m as { default?: SharpFn }).default ?? m) as SharpFn;
    // Zero retention and predictable memory: no decoded-image cache across documents.
    sharp.cache(false);
    return sharp;
  }));
}

function failure(err: unknown): ParseError {
  if (err instanceof ParseError) return err;
  const msg = err instanceof Error ? err.message : '';
  // sharp/libvips: "Input image exceeds pixel limit"
  if (/pixel limit/i.test(msg)) return new ParseError('page_too_large');
  return new ParseError('malformed_document');
}

const open = async (bytes: Uint8Array, page = 0): Promise<Sharp> =>
  (await sharpLib())(bytes, { page, limitInputPixels: MAX_DECODE_PIXELS, failOn: 'error', sequentialRead: true });

/** Frames of an image (TIFF pages, animated WebP frames); 1 for single images. */
export async function imagePageCount(bytes: Uint8Array): Promise<number> {
  try {
    const meta = await (await sharpLib())(bytes, { limitInputPixels: MAX_DECODE_PIXELS }).metadata();
    if (!meta.width || !meta.height) throw new ParseError('malformed_document');
    if (meta.width * meta.height > MAX_DECODE_PIXELS) throw new ParseError('page_too_large');
    return Math.max(1, meta.pages ?? 1);
  } catch (err) {
    throw failure(err);
  }
}

/**
 * The resolution of a scan: its own density when recorded, else a guess from its size (scans are
 * usually 200–300 dpi, screenshots 72–96), so OCR boxes land on a page of plausible size in points.
 */
export function assumedDpi(width: number, height: number, density?: number): number {
  const longSide = Math.max(width, height);
  // 72 and 96 are what most encoders write by default: meaningful only for small images.
  const placeholder = density === 72 || density === 96;
  if (density && density >= 50 && density <= 1200 && !(placeholder && longSide >= 1400)) return density;
  if (longSide >= 2400) return 300;
  if (longSide >= 1400) return 200;
  return 96;
}

/**
 * One frame as grey pixels, upright per its EXIF orientation; with `maxDpi`, a scan of a higher
 * resolution is scaled down to it (OCR's first reading: fewer pixels, the same words for normal print);
 * with `minDpi`, one of a lower resolution is enlarged to it (small print of a low-resolution scan),
 * within MAX_RENDER_PIXELS.
 */
export async function decodeImagePageGray(bytes: Uint8Array, index: number, maxDpi?: number, minDpi?: number): Promise<GrayImage> {
  try {
    const meta = await (await open(bytes, index)).metadata();
    let pipeline = (await open(bytes, index))
      .rotate() // honours EXIF orientation
      .flatten({ background: '#ffffff' })
      .greyscale();
    const sourceDpi = assumedDpi(meta.width ?? 0, meta.height ?? 0, meta.density);
    const pixels = (meta.width ?? 0) * (meta.height ?? 0);
    const scale = maxDpi && sourceDpi > maxDpi
      ? maxDpi / sourceDpi
      : minDpi && sourceDpi < minDpi && pixels > 0 ? Math.max(1, Math.min(minDpi / sourceDpi, Math.sqrt(MAX_RENDER_PIXELS / pixels))) : 1;
    if (scale !== 1 && meta.width && meta.height) {
      // EXIF orientations 5–8 swap the axes; scaling both by the same factor needs no care here.
      const upright = (meta.orientation ?? 1) >= 5;
      const w = upright ? meta.height : meta.width;
      const h = upright ? meta.width : meta.height;
      pipeline = pipeline.resize({ width: Math.max(1, Math.round(w * scale)), height: Math.max(1, Math.round(h * scale)), fit: 'fill', kernel: 'lanczos3' });
    }
    const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
    const channels = info.channels;
    let gray = new Uint8Array(data.buffer, data.byteOffset, data.length);
    if (channels !== 1) {
      gray = new Uint8Array(info.width * info.height);
      for (let i = 0; i < gray.length; i++) gray[i] = data[i * channels];
    }
    if (scale !== 1) {
      // Points per pixel from the source size: the page keeps its size in points.
      const longSrc = Math.max(meta.width ?? 1, meta.height ?? 1);
      const longOut = Math.max(info.width, info.height);
      return { data: gray, width: info.width, height: info.height, pointsPerPixel: (72 / sourceDpi) * (longSrc / longOut) };
    }
    const dpi = assumedDpi(info.width, info.height, meta.density);
    return { data: gray, width: info.width, height: info.height, pointsPerPixel: 72 / dpi };
  } catch (err) {
    throw failure(err);
  }
}

/** One frame re-encoded as PNG (GPU adapters), upright, within the render pixel budget. */
export async function imagePagePng(bytes: Uint8Array, index: number): Promise<Uint8Array> {
  try {
    const meta = await (await open(bytes, index)).metadata();
    let img = (await open(bytes, index)).rotate();
    const pixels = (meta.width ?? 0) * (meta.height ?? 0);
    if (pixels > MAX_RENDER_PIXELS) {
      // GPU servers get at most what a rendered PDF page may have.
      const f = Math.sqrt(MAX_RENDER_PIXELS / pixels);
      img = img.resize({ width: Math.floor((meta.width ?? 0) * f), height: Math.floor((meta.height ?? 0) * f), fit: 'fill' });
    }
    const png = await img.png({ compressionLevel: 6 }).toBuffer();
    return new Uint8Array(png.buffer, png.byteOffset, png.length);
  } catch (err) {
    throw failure(err);
  }
}
