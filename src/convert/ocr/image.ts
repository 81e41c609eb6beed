// Grey images as the OCR engines take them: binary PGM (P5), which Tesseract's Leptonica reads
// from memory without a codec, plus the rotations tried for upside-down or sideways scans.
import type { GrayImage } from '../pdf/render.js';

export type Rotation = 0 | 90 | 180 | 270;

export function toPgm(img: GrayImage): Buffer {
  const header = Buffer.from(`P5\n${img.width} ${img.height}\n255\n`, 'latin1');
  return Buffer.concat([header, img.data]);
}

/** The image turned clockwise by `deg`. */
export function rotateGray(img: GrayImage, deg: Rotation): GrayImage {
  if (deg === 0) return img;
  const { data, width: w, height: h } = img;
  const out = new Uint8Array(data.length);
  if (deg === 180) {
    for (let i = 0, n = data.length; i < n; i++) out[n - 1 - i] = data[i];
    return { ...img, data: out };
  }
  // 90 clockwise: (x, y) → (h-1-y, x); 270: (x, y) → (y, w-1-x). New width = h.
  for (let y = 0; y < h; y++) {
    const row = y * w;
    for (let x = 0; x < w; x++) {
      const v = data[row + x];
      if (deg === 90) out[x * h + (h - 1 - y)] = v;
      else out[(w - 1 - x) * h + y] = v;
    }
  }
  return { ...img, data: out, width: h, height: w };
}

/** The image at half resolution (2×2 box filter); points per pixel double. */
export function halfSize(img: GrayImage): GrayImage {
  const w = img.width >> 1;
  const h = img.height >> 1;
  const out = new Uint8Array(w * h);
  const src = img.data;
  const stride = img.width;
  for (let y = 0; y < h; y++) {
    const r0 = 2 * y * stride;
    const r1 = r0 + stride;
    for (let x = 0; x < w; x++) {
      const c = 2 * x;
      out[y * w + x] = (src[r0 + c] + src[r0 + c + 1] + src[r1 + c] + src[r1 + c + 1]) >> 2;
    }
  }
  return { data: out, width: w, height: h, pointsPerPixel: img.pointsPerPixel * 2 };
}

/** The image enlarged `factor` times (bilinear); points per pixel shrink as much. */
export function scaleUp(img: GrayImage, factor: number): GrayImage {
  if (factor <= 1) return img;
  const { data: src, width: w, height: h } = img;
  const W = Math.round(w * factor);
  const H = Math.round(h * factor);
  const out = new Uint8Array(W * H);
  for (let Y = 0; Y < H; Y++) {
    const sy = Math.min(h - 1, Math.max(0, (Y + 0.5) / factor - 0.5));
    const y0 = Math.floor(sy);
    const y1 = Math.min(h - 1, y0 + 1);
    const fy = sy - y0;
    for (let X = 0; X < W; X++) {
      const sx = Math.min(w - 1, Math.max(0, (X + 0.5) / factor - 0.5));
      const x0 = Math.floor(sx);
      const x1 = Math.min(w - 1, x0 + 1);
      const fx = sx - x0;
      const top = src[y0 * w + x0] * (1 - fx) + src[y0 * w + x1] * fx;
      const bottom = src[y1 * w + x0] * (1 - fx) + src[y1 * w + x1] * fx;
      out[Y * W + X] = Math.round(top * (1 - fy) + bottom * fy);
    }
  }
  return { data: out, width: W, height: H, pointsPerPixel: img.pointsPerPixel / factor };
}
