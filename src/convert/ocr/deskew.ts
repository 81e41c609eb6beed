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
/**
 * The page is projected whole and in vertical strips, each strip apart. The lines of one column lie
 * on one grating, but columns side by side set their lines at their own heights: projected across
 * all of them, their gratings blur into one another at the true skew and line up at a wrong one (a
 * three-column scan skewed 2.1° was found at -2.9° with a gain of 1.09, under MIN_GAIN, and read as
 * one table; a straight one at 1.3°). Strips of a half, a third and a sixth of the page fall within
 * the columns of two- and three-column pages (searchSkew chooses among them). Each divides the
 * last (profileScores sums the finest strips into the others).
 */
const STRIP_COUNTS = [1, 2, 3, 6] as const;
/**
 * A split's angle is the page's when the finest split scores it at least this share of its own
 * best. Measured: a split misled by columns lining up scored 0.91-0.96 under the finest; true
 * angles 0.998-1.0.
 */
const SPLITS_AGREE = 0.99;
/** Ink pixels sampled for the projections (evenly): bounds the search's cost on dark pages. */
const MAX_INK_SAMPLES = 60_000;

interface Ink {
  xs: Float64Array;
  ys: Float64Array;
  /** Rows of the work copy (the projection's length). */
  rows: number;
  /** The work copy's size, which its strips are cut from (stripsOf). */
  width: number;
  height: number;
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
  return { xs, ys, rows: h + w, width: w, height: h, paper };
}

/** The finest split: every split's strips are runs of its strips (STRIP_COUNTS divide it). */
const FINEST = STRIP_COUNTS[STRIP_COUNTS.length - 1];

/**
 * The finest strip each ink sample falls in, as the offset of that strip's bins: vertical strips
 * for the row profile, horizontal ones (`columns`) for a page lying sideways, whose lines run down it.
 */
function stripsOf(ink: Ink, columns: boolean): Int32Array {
  const stride = ink.rows + 1;
  const across = columns ? ink.height : ink.width;
  const coords = columns ? ink.ys : ink.xs;
  const at = new Int32Array(coords.length);
  for (let i = 0; i < coords.length; i++) {
    const share = Math.min(0.999999, Math.max(0, (coords[i] + across / 2) / across));
    at[i] = Math.floor(share * FINEST) * stride;
  }
  return at;
}

/**
 * Sharpness of the row profile with the page turned back by `deg`, for every split at once: the
 * sum of squared row counts, each strip projected apart. Only the finest strips are counted; a
 * coarser split's row count is the sum of its strips' (one pass over the ink for all splits).
 * With `columns`, of the column profile: the lines of a page lying sideways run down it, and
 * turning the page back by the same angle straightens them (a vertical line x = 0 skewed
 * clockwise by a lies along x + y·tan a = 0).
 */
function profileScores(ink: Ink, strips: Int32Array, deg: number, bins: Int32Array, columns: boolean): Float64Array {
  const t = Math.tan((deg * Math.PI) / 180);
  bins.fill(0);
  // Non-negative, so truncating after +0.5 rounds.
  const off = ink.rows / 2 + 0.5;
  const { xs, ys } = ink;
  // The row each sample falls in: across x for a page lying sideways, else down y.
  const [along, across, sign] = columns ? [xs, ys, 1] : [ys, xs, -1];
  const slope = sign * t;
  for (let i = 0; i < along.length; i++) bins[strips[i] + ((along[i] + across[i] * slope + off) | 0)]++;
  const stride = ink.rows + 1;
  const scores = new Float64Array(STRIP_COUNTS.length);
  const row = new Float64Array(FINEST);
  for (let r = 0; r < stride; r++) {
    let any = false;
    for (let f = 0; f < FINEST; f++) any = (row[f] = bins[f * stride + r]) > 0 || any;
    if (!any) continue;
    STRIP_COUNTS.forEach((n, k) => {
      const per = FINEST / n;
      for (let g = 0; g < n; g++) {
        let v = 0;
        for (let f = g * per; f < (g + 1) * per; f++) v += row[f];
        scores[k] += v * v;
      }
    });
  }
  return scores;
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

interface Skew {
  angle: number;
  /** How much sharper the profile is at `angle` than upright. */
  gain: number;
}

/**
 * The best angle for one profile and how much it gains there. The coarse search scores every split
 * of the page into strips (STRIP_COUNTS) at once. The whole page is the most precise (its lines
 * drift furthest), but columns whose lines sit at their own heights line up across the page at a
 * wrong angle, and the whole page may sharpen most there. The finest split does not see that: its
 * strips hold one column each. So the widest split whose angle the finest split finds (nearly) as
 * sharp as its own is the page's, and that split alone is refined and its gain taken.
 */
function searchSkew(ink: Ink, bins: Int32Array, columns: boolean): Skew {
  const strips = stripsOf(ink, columns);
  const score = (deg: number) => profileScores(ink, strips, deg, bins, columns);
  const upright = score(0);
  const best = STRIP_COUNTS.map((_, k) => ({ angle: 0, score: upright[k] }));
  for (let d = -MAX_SKEW_DEG; d <= MAX_SKEW_DEG + 1e-9; d += COARSE_STEP_DEG) {
    const s = score(d);
    best.forEach((b, k) => {
      if (s[k] > b.score) [b.angle, b.score] = [d, s[k]];
    });
  }
  const finest = STRIP_COUNTS.length - 1;
  const agreed = (k: number) => k === finest || score(best[k].angle)[finest] >= SPLITS_AGREE * best[finest].score;
  const k = best.findIndex((_, i) => agreed(i));
  const centre = best[k].angle;
  for (let d = centre - COARSE_STEP_DEG; d <= centre + COARSE_STEP_DEG + 1e-9; d += FINE_STEP_DEG) {
    const s = score(d)[k];
    if (s > best[k].score) [best[k].angle, best[k].score] = [d, s];
  }
  return { angle: best[k].angle, gain: upright[k] > 0 ? best[k].score / upright[k] : 1 };
}

function skewOf(img: GrayImage): { angle: number; paper: number } {
  const ink = inkOf(img);
  if (!ink) return { angle: 0, paper: 255 };
  const bins = new Int32Array((ink.rows + 1) * FINEST);
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
