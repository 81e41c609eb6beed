// Image resampling as pdf.js paints an image on the canvas (issue 11: the scan fast path must give
// Tesseract the pixels a render would, since its readings change with small differences). pdf.js
// (canvas.js `_scaleImage`) first halves an image drawn at less than half its size, step by step,
// then the canvas draws the rest with bilinear filtering (Skia's default 'low' smoothing); an image
// enlarged past 4/3 without /Interpolate is drawn with nearest samples instead (scan-image.ts).

const SCALE_EPSILON = 1e-6;

/** The steps pdf.js halves through, as [width, height] (heights may be fractional: its `ceil(h) / 2`). */
export function halvingSteps(width: number, height: number, widthScale: number, heightScale: number): Array<[number, number]> {
  const steps: Array<[number, number]> = [];
  let ws = widthScale;
  let hs = heightScale;
  let pw = width;
  let ph = height;
  // pdf.js compares a scale read back from the canvas's float transform: an exact 2 (a 300 dpi
  // scan read at 150) comes out a hair above and is halved, so 2 counts as more than 2 here.
  const over2 = (scale: number) => scale > 2 - SCALE_EPSILON;
  // At most ~30 halvings for any 32-bit size: bounded by the image's own size.
  while ((over2(ws) && pw > 1) || (over2(hs) && ph > 1)) {
    let nw = pw;
    let nh = ph;
    if (over2(ws) && pw > 1) {
      nw = pw >= 16384 ? Math.floor(pw / 2) - 1 || 1 : Math.ceil(pw / 2);
      ws /= pw / nw;
    }
    if (over2(hs) && ph > 1) {
      nh = ph >= 16384 ? Math.floor(ph / 2) - 1 || 1 : Math.ceil(ph) / 2;
      hs /= ph / nh;
    }
    steps.push([nw, nh]);
    pw = nw;
    ph = nh;
  }
  return steps;
}

/**
 * Source index pairs and weights of a bilinear axis: `paint` source units drawn over `span` device
 * units, of which the first `n` are kept (a canvas of fractional size keeps its whole pixels).
 */
function axis(n: number, span: number, paint: number, stored: number): { i0: Int32Array; i1: Int32Array; w1: Float32Array } {
  const i0 = new Int32Array(n);
  const i1 = new Int32Array(n);
  const w1 = new Float32Array(n);
  const scale = paint / span;
  for (let k = 0; k < n; k++) {
    const s = (k + 0.5) * scale - 0.5;
    const f = Math.floor(s);
    i0[k] = Math.max(0, Math.min(stored - 1, f));
    i1[k] = Math.max(0, Math.min(stored - 1, f + 1));
    w1[k] = s - f;
  }
  return { i0, i1, w1 };
}

/**
 * Bilinear resampling of the `paintW` × `paintH` region of a `w` × `h` grey image drawn over
 * `spanW` × `spanH` device pixels, of which `dw` × `dh` are kept (sample centres mapped onto each
 * other, edges clamped), rounded to 8 bits.
 */
export function bilinear(src: Uint8Array, w: number, h: number, paintW: number, paintH: number, dw: number, dh: number, spanW = dw, spanH = dh): Uint8Array {
  const out = new Uint8Array(dw * dh);
  const xs = axis(dw, spanW, paintW, w);
  const ys = axis(dh, spanH, paintH, h);
  // Rows interpolated across, computed once per source row as the output walks down.
  let rowA = new Float32Array(dw);
  let rowB = new Float32Array(dw);
  let haveA = -1;
  let haveB = -1;
  const across = (y: number, into: Float32Array): void => {
    const o = y * w;
    for (let x = 0; x < dw; x++) {
      const a = src[o + xs.i0[x]];
      into[x] = a + (src[o + xs.i1[x]] - a) * xs.w1[x];
    }
  };
  for (let y = 0; y < dh; y++) {
    const y0 = ys.i0[y];
    const y1 = ys.i1[y];
    if (haveA !== y0) {
      if (haveB === y0) {
        [rowA, rowB] = [rowB, rowA];
        haveA = y0;
        haveB = -1;
      } else {
        across(y0, rowA);
        haveA = y0;
      }
    }
    if (haveB !== y1) {
      across(y1, rowB);
      haveB = y1;
    }
    const f = ys.w1[y];
    const o = y * dw;
    for (let x = 0; x < dw; x++) out[o + x] = Math.round(rowA[x] + (rowB[x] - rowA[x]) * f);
  }
  return out;
}

/**
 * A `w` × `h` image drawn into `dw` × `dh` device pixels with smoothing, as pdf.js does it:
 * `widthScale` / `heightScale` are image pixels per device pixel along each axis.
 */
export function pdfjsSmoothResample(src: Uint8Array, w: number, h: number, dw: number, dh: number, widthScale: number, heightScale: number): Uint8Array {
  let img = src;
  let iw = w;
  let ih = h;
  let pw = w;
  let ph = h;
  for (const [nw, nh] of halvingSteps(w, h, widthScale, heightScale)) {
    // The step's canvas holds whole pixels (a fractional size is truncated) while its drawing
    // spans the fractional size; the next draw reads that fractional size back (edges clamp).
    const cw = Math.max(1, Math.floor(nw));
    const ch = Math.max(1, Math.floor(nh));
    img = bilinear(img, iw, ih, pw, ph, cw, ch, nw, nh);
    iw = cw;
    ih = ch;
    pw = nw;
    ph = nh;
  }
  return iw === dw && ih === dh && pw === iw && ph === ih ? img : bilinear(img, iw, ih, pw, ph, dw, dh);
}
