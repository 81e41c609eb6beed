// Small skew of a scan (a page fed or photographed a degree or three askew), found and undone
// before OCR. Tesseract reads skewed lines, but its word and line boxes stay in the skewed frame:
// across a 6.5 in line 2° drifts 16 pt, more than a line, so the layout stage split and mixed
// lines (reading order lost) and the line heights it sizes text by doubled (headings lost).
// Measured on `npm run eval:synthetic -- --family scans`: docs/architecture.md, OCR.
import type { GrayImage } from '../pdf/render.js';
import { pageGreys } from './threshold.js';

/** Largest skew searched (degrees): beyond it a page is turned, not skewed. */
const MAX_SKEW_DEG = 5;
const COARSE_STEP_DEG = 0.2;
const FINE_STEP_DEG = 0.02;
/** Skews under this are left: 0.25° drifts ~2 pt across a 6.5 in line, less than a line's gap. */
export const MIN_DESKEW_DEG = 0.25;
/**
 * The profile at the best angle must be this much sharper than upright: a page without lines of
 * text (a photograph, a blank scan, a page turned 90°) has a flat curve whose maximum is noise.
 */
const MIN_GAIN = 1.1;
/**
 * The column profile must gain this much to take a page for one lying sideways. Measured on
 * generated prose at 150 dpi: sideways pages skewed 1.5-2.5° gain 1.7-2.5 by columns; upright
 * ones 1.1-1.3 by columns (their rows 1.1-2.9); a seeded noise image 1.18.
 */
const SIDEWAYS_MIN_GAIN = 1.3;
/** The search runs on a copy about this wide: lines stay apart, the cost stays ~20 ms a page. */
const WORK_WIDTH = 800;
/** Ink pixels sampled for the projections (evenly): bounds the search's cost on dark pages. */
const MAX_INK_SAMPLES = 60_000;

interface Ink {
  xs: Float64Array;
  ys: Float64Array;
  /** Rows of the work copy (the projection's length). */
  rows: number;
  paper: number;
}

/** Dark pixels of a reduced copy (box-sampled by `step`), centred coordinates. */
function inkOf(img: GrayImage): Ink | null {
  const { threshold, paper } = pageGreys(img);
  const step = Math.max(1, Math.round(img.width / WORK_WIDTH));
  const w = Math.floor(img.width / step);
  const h = Math.floor(img.height / step);
  // Two passes over the reduced copy instead of collecting every dark pixel: a dark cover page has
  // ~10^5-10^6 of them, and growing an array of them cost more than the search itself (issue 11).
  // The darkest of the block's corners keeps thin strokes that an average would wash out.
  const darkAt = (x: number, y: number): boolean =>
    Math.min(img.data[y * step * img.width + x * step], img.data[(y * step + step - 1) * img.width + x * step + step - 1]) <= threshold;
  let count = 0;
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) if (darkAt(x, y)) count++;
  if (count < 50 || count > 0.5 * w * h) return null;
  const stride = Math.max(1, Math.ceil(count / MAX_INK_SAMPLES));
  const n = Math.floor(count / stride);
  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  // Every stride-th dark pixel in row order, as the projections sample them.
  let seen = 0;
  let kept = 0;
  for (let y = 0; y < h && kept < n; y++) {
    for (let x = 0; x < w && kept < n; x++) {
      if (!darkAt(x, y)) continue;
      if (seen++ % stride !== 0) continue;
      xs[kept] = x - w / 2;
      ys[kept] = y - h / 2;
      kept++;
    }
  }
  return { xs, ys, rows: h + w, paper };
}

/**
 * Sharpness of the row profile with the page turned back by `deg`: sum of squared row counts. With
 * `columns`, of the column profile: the lines of a page lying sideways run down it, and turning
 * the page back by the same angle straightens them (a vertical line x = 0 skewed clockwise by a
 * lies along x + y·tan a = 0).
 */
function profileScore(ink: Ink, deg: number, bins: Float64Array, columns: boolean): number {
  const t = Math.tan((deg * Math.PI) / 180);
  bins.fill(0);
  const off = ink.rows / 2;
  if (columns) for (let i = 0; i < ink.xs.length; i++) bins[Math.round(ink.xs[i] + ink.ys[i] * t + off)]++;
  else for (let i = 0; i < ink.xs.length; i++) bins[Math.round(ink.ys[i] - ink.xs[i] * t + off)]++;
  let s = 0;
  for (let i = 0; i < bins.length; i++) s += bins[i] * bins[i];
  return s;
}

/**
 * The page's skew in degrees (clockwise positive: text lines fall to the right), 0 when the page
 * shows no clear lines of text or is straight within MIN_DESKEW_DEG. Projection profiles: lines of
 * text lie straight when the rows' ink counts are sharpest, or the columns' on a page lying
 * sideways (its turn is found later, by OCR: ocr/index.ts; a skew left on it broke its lines).
 */
export function estimateSkew(img: GrayImage): number {
  return skewOf(img).angle;
}

/** The best angle for one profile, and how much sharper it is there than upright. */
function searchSkew(ink: Ink, bins: Float64Array, columns: boolean): { angle: number; gain: number } {
  const upright = profileScore(ink, 0, bins, columns);
  let best = 0;
  let bestScore = upright;
  for (let d = -MAX_SKEW_DEG; d <= MAX_SKEW_DEG + 1e-9; d += COARSE_STEP_DEG) {
    const s = profileScore(ink, d, bins, columns);
    if (s > bestScore) [best, bestScore] = [d, s];
  }
  const centre = best;
  for (let d = centre - COARSE_STEP_DEG; d <= centre + COARSE_STEP_DEG + 1e-9; d += FINE_STEP_DEG) {
    const s = profileScore(ink, d, bins, columns);
    if (s > bestScore) [best, bestScore] = [d, s];
  }
  return { angle: best, gain: upright > 0 ? bestScore / upright : 1 };
}

function skewOf(img: GrayImage): { angle: number; paper: number } {
  const ink = inkOf(img);
  if (!ink) return { angle: 0, paper: 255 };
  const bins = new Float64Array(ink.rows + 1);
  const rows = searchSkew(ink, bins, false);
  // Both are searched: as a page lies, a sideways page's columns, blurred by its skew, are not
  // sharper than its rows (scans-12012, -12020), so no cheap test tells which to search.
  const columns = searchSkew(ink, bins, true);
  // The page's lines are whichever way straightening sharpens more; columns only when they sharpen
  // clearly, since an upright page's margins and a texture's grain sharpen a little too.
  const best = columns.gain >= SIDEWAYS_MIN_GAIN && columns.gain > rows.gain ? columns : rows;
  const straight = Math.abs(best.angle) < MIN_DESKEW_DEG || best.gain < MIN_GAIN;
  return { angle: straight ? 0 : Math.round(best.angle * 100) / 100, paper: ink.paper };
}

/**
 * The image turned back by `deg` (bilinear), on a canvas grown to hold all of it (no text is cut
 * at the corners), the uncovered corners filled with `fill`.
 */
export function rotateSmall(img: GrayImage, deg: number, fill: number): GrayImage {
  const a = (deg * Math.PI) / 180;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  const { width: w, height: h, data } = img;
  const W = Math.ceil(w * Math.abs(cos) + h * Math.abs(sin));
  const H = Math.ceil(w * Math.abs(sin) + h * Math.abs(cos));
  const out = new Uint8Array(W * H);
  const [cx, cy, CX, CY] = [w / 2, h / 2, W / 2, H / 2];

  for (let Y = 0; Y < H; Y++) {
    const dy = Y - CY;
    // Output pixel → source pixel: the source is the output turned by +deg (clockwise, y down);
    // along a row both source coordinates advance by constant steps.
    let sx = -CX * cos - dy * sin + cx;
    let sy = -CX * sin + dy * cos + cy;
    for (let X = 0; X < W; X++, sx += cos, sy += sin) {
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      if (x0 < 0 || y0 < 0 || x0 >= w - 1 || y0 >= h - 1) {
        out[Y * W + X] = fill;
        continue;
      }
      const fx = sx - x0;
      const fy = sy - y0;
      const i = y0 * w + x0;
      const top = data[i] + (data[i + 1] - data[i]) * fx;
      const bottom = data[i + w] + (data[i + w + 1] - data[i + w]) * fx;
      out[Y * W + X] = Math.round(top + (bottom - top) * fy);
    }
  }
  return { data: out, width: W, height: H, pointsPerPixel: img.pointsPerPixel };
}

/** The image straightened when it is skewed (estimateSkew), else itself. */
export function deskew(img: GrayImage): { image: GrayImage; angle: number } {
  const { angle, paper } = skewOf(img);
  return { image: angle === 0 ? img : rotateSmall(img, angle, paper), angle };
}
