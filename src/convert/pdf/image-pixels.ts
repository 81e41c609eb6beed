// An image XObject's stream decoded to grey pixels at its own size, without pdf.js (issue 11: the
// scan fast path, pdf/scan-image.ts). Only what scanners and PDF writers put on a scanned page:
// Flate (raw samples, with or without PNG/TIFF predictors) or DCT (JPEG, decoded by sharp), grey,
// RGB or indexed samples. Anything else gives null and the page is rendered by pdf.js as before.
import { constants, inflateSync } from 'node:zlib';
import { sharpLib } from '../images.js';
import { MAX_DECODE_PIXELS } from '../limits.js';

export type ImageColor =
  | { kind: 'gray' }
  | { kind: 'rgb' }
  /** `lookup`: (hival + 1) entries of the base space's components, 8 bits each. */
  | { kind: 'indexed'; base: 'gray' | 'rgb'; hival: number; lookup: Uint8Array };

export interface ImageStream {
  width: number;
  height: number;
  bitsPerComponent: number;
  color: ImageColor;
  filter: 'none' | 'flate' | 'dct';
  /** DecodeParms of a Flate stream (PDF defaults: 1, 1, 8, 1). */
  predictor: { predictor: number; colors: number; bitsPerComponent: number; columns: number };
  /** The stream's bytes as stored in the file. */
  data: Uint8Array;
}

const componentsOf = (c: ImageColor): number => (c.kind === 'rgb' ? 3 : 1);

/** ITU-R BT.601 luma, as pdf/render.ts computes it from a rendered page. */
const luma = (r: number, g: number, b: number): number => (r * 299 + g * 587 + b * 114) / 1000;

/** Native-size grey pixels of the image, or null when this reader does not handle it (the caller renders). */
export async function decodeImageGray(img: ImageStream): Promise<Uint8Array | null> {
  const { width: w, height: h } = img;
  if (!(Number.isInteger(w) && Number.isInteger(h) && w > 0 && h > 0) || w * h > MAX_DECODE_PIXELS) return null;
  if (img.filter === 'dct') return decodeJpegGray(img);
  const samples = img.filter === 'flate' ? inflateSamples(img) : rawSamples(img);
  return samples && samplesToGray(samples, img);
}

/** Bytes of one row of samples. */
const rowBytes = (img: ImageStream): number => Math.ceil((img.width * componentsOf(img.color) * img.bitsPerComponent) / 8);

function rawSamples(img: ImageStream): Uint8Array | null {
  const need = rowBytes(img) * img.height;
  return img.data.length >= need ? img.data.subarray(0, need) : null;
}

/**
 * Inflated and un-predicted samples. Bounded: at most the rows the image needs (plus PNG filter
 * bytes) are inflated; a stream that ends early (a truncated scan) gives null, since pdf.js draws
 * such an image its own way.
 */
function inflateSamples(img: ImageStream): Uint8Array | null {
  const p = img.predictor;
  const stride = rowBytes(img);
  const png = p.predictor >= 10;
  if (p.predictor !== 1) {
    // The predictor's row geometry must be the image's, or the bytes mean something else.
    if (p.columns !== img.width || p.colors !== componentsOf(img.color) || p.bitsPerComponent !== img.bitsPerComponent) return null;
    if (!png && (p.predictor !== 2 || img.bitsPerComponent !== 8)) return null;
  }
  const need = (stride + (png ? 1 : 0)) * img.height;
  let out: Buffer;
  try {
    // Z_SYNC_FLUSH: a stream whose end is damaged still yields what it holds. The limit leaves room
    // for trailing bytes past the last row (some writers pad), which are ignored.
    out = inflateSync(img.data, { finishFlush: constants.Z_SYNC_FLUSH, maxOutputLength: need + 4096 });
  } catch {
    return null;
  }
  if (out.length < need) return null;
  const bytes = new Uint8Array(out.buffer, out.byteOffset, need);
  if (png) return unpredictPng(bytes, stride, img.height, Math.max(1, Math.ceil((componentsOf(img.color) * img.bitsPerComponent) / 8)));
  if (p.predictor === 2) unpredictTiff(bytes, stride, img.height, componentsOf(img.color));
  return bytes;
}

/** PNG row filters (None, Sub, Up, Average, Paeth), each row prefixed by its filter byte. */
export function unpredictPng(src: Uint8Array, stride: number, rows: number, bpp: number): Uint8Array | null {
  const out = new Uint8Array(stride * rows);
  for (let y = 0; y < rows; y++) {
    const type = src[y * (stride + 1)];
    const s = y * (stride + 1) + 1;
    const o = y * stride;
    const up = o - stride;
    for (let x = 0; x < stride; x++) {
      const a = x >= bpp ? out[o + x - bpp] : 0;
      const b = y > 0 ? out[up + x] : 0;
      const c = x >= bpp && y > 0 ? out[up + x - bpp] : 0;
      const v = src[s + x];
      switch (type) {
        case 0: out[o + x] = v; break;
        case 1: out[o + x] = v + a; break;
        case 2: out[o + x] = v + b; break;
        case 3: out[o + x] = v + ((a + b) >> 1); break;
        case 4: {
          const pa = Math.abs(b - c);
          const pb = Math.abs(a - c);
          const pc = Math.abs(a + b - 2 * c);
          out[o + x] = v + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
          break;
        }
        default: return null;
      }
    }
  }
  return out;
}

/** TIFF predictor 2 on 8-bit samples: each sample is stored as the difference from the one to its left. */
function unpredictTiff(bytes: Uint8Array, stride: number, rows: number, comps: number): void {
  for (let y = 0; y < rows; y++) {
    const o = y * stride;
    for (let x = comps; x < stride; x++) bytes[o + x] = bytes[o + x] + bytes[o + x - comps];
  }
}

/** Unpacked samples (1, 2, 4 or 8 bits) to grey: scaled for a grey image, looked up for an indexed one. */
function samplesToGray(samples: Uint8Array, img: ImageStream): Uint8Array | null {
  const { width: w, height: h, bitsPerComponent: bpc, color } = img;
  if (![1, 2, 4, 8].includes(bpc) || (color.kind === 'rgb' && bpc !== 8)) return null;
  const out = new Uint8Array(w * h);
  const stride = rowBytes(img);
  if (color.kind === 'rgb') {
    for (let y = 0; y < h; y++) {
      for (let x = 0, s = y * stride, o = y * w; x < w; x++, s += 3, o++) out[o] = luma(samples[s], samples[s + 1], samples[s + 2]);
    }
    return out;
  }
  if (color.kind === 'gray' && bpc === 8) return samples;
  // One table from sample value to grey: 2^bpc entries.
  const levels = 1 << bpc;
  const table = new Uint8Array(levels);
  for (let v = 0; v < levels; v++) {
    if (color.kind === 'gray') table[v] = Math.round((v * 255) / (levels - 1));
    else {
      const i = Math.min(v, color.hival);
      table[v] = color.base === 'gray' ? color.lookup[i] : luma(color.lookup[3 * i], color.lookup[3 * i + 1], color.lookup[3 * i + 2]);
    }
  }
  const mask = levels - 1;
  for (let y = 0; y < h; y++) {
    const row = y * stride;
    const o = y * w;
    if (bpc === 8) {
      for (let x = 0; x < w; x++) out[o + x] = table[samples[row + x]];
      continue;
    }
    for (let x = 0; x < w; x++) {
      const bit = x * bpc;
      out[o + x] = table[(samples[row + (bit >> 3)] >> (8 - bpc - (bit & 7))) & mask];
    }
  }
  return out;
}

/** A JPEG through sharp (libjpeg), grey or RGB as the PDF says; CMYK and mismatches give null. */
async function decodeJpegGray(img: ImageStream): Promise<Uint8Array | null> {
  if (img.color.kind === 'indexed' || img.bitsPerComponent !== 8) return null;
  try {
    const sharp = await sharpLib();
    const open = () => sharp(img.data, { limitInputPixels: MAX_DECODE_PIXELS, failOn: 'truncated' });
    // The JPEG's own components must be the PDF's (a CMYK JPEG, or one that disagrees, is rendered).
    const meta = await open().metadata();
    const comps = componentsOf(img.color);
    if (meta.channels !== comps || meta.width !== img.width || meta.height !== img.height) return null;
    // No .rotate(): a PDF draws the JPEG's samples as stored, whatever its EXIF orientation says.
    const { data, info } = await open().raw().toBuffer({ resolveWithObject: true });
    const n = info.channels;
    if (info.width !== img.width || info.height !== img.height || n < comps) return null;
    if (n === 1) return new Uint8Array(data.buffer, data.byteOffset, img.width * img.height);
    // libvips hands a grey JPEG out as sRGB (three equal channels): one of them is the grey.
    const out = new Uint8Array(img.width * img.height);
    if (comps === 1) for (let i = 0, s = 0; i < out.length; i++, s += n) out[i] = data[s];
    else for (let i = 0, s = 0; i < out.length; i++, s += n) out[i] = luma(data[s], data[s + 1], data[s + 2]);
    return out;
  } catch {
    return null;
  }
}
