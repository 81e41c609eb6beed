// Pages whose text is set sideways or upside down in the content itself (a landscape table on a
// portrait page, LaTeX's sidewaystable, a scan inserted turned): the page's /Rotate says nothing,
// and left as it is every run is "rotated" and out of the reading flow, so the whole page's text
// would be lost (issue 9). When most of a page's characters run in one turned direction, the page
// is read in that direction's frame: the layout sees upright text on a turned page.
import { multiply, type Matrix } from './graphics.js';

/** Share of the page's characters that must run in the one turned direction. */
const TURNED_SHARE = 0.6;
/** Fewer characters than this are a stamp or a label, not a turned page. */
const TURNED_MIN_CHARS = 40;
/** Tolerance on a direction (sine of the angle off the axis, ~3°). */
const AXIS_TOLERANCE = 0.05;

interface ItemLike {
  str: string;
  transform: number[];
}

export interface PageTurn {
  /** Maps the viewport's top-left coordinates into the turned page's. */
  matrix: Matrix;
  width: number;
  height: number;
}

/** Direction of a run's baseline in viewport coordinates: 0 upright, 1 reading upwards, 2 upside down, 3 reading downwards; -1 other. */
export function baselineDirection(m: readonly number[]): number {
  const len = Math.hypot(m[0], m[1]);
  if (!(len > 0)) return -1;
  const [dx, dy] = [m[0] / len, m[1] / len];
  if (Math.abs(dy) < AXIS_TOLERANCE) return dx > 0 ? 0 : 2;
  if (Math.abs(dx) < AXIS_TOLERANCE) return dy < 0 ? 1 : 3;
  return -1;
}

/**
 * The turn that makes most of the page's text upright, or null when it already is (or no one
 * turned direction holds most of it). `base`: PDF user space → viewport (top-left, y down).
 */
export function pageTurn(items: readonly ItemLike[], base: Matrix, width: number, height: number): PageTurn | null {
  const chars = [0, 0, 0, 0];
  let total = 0;
  for (const it of items) {
    if (!it.transform || typeof it.str !== 'string') continue;
    const n = it.str.replace(/\s/g, '').length;
    if (n === 0) continue;
    total += n;
    const d = baselineDirection(multiply(base, it.transform as Matrix));
    if (d >= 0) chars[d] += n;
  }
  const turned = [1, 2, 3].reduce((best, d) => (chars[d] > chars[best] ? d : best), 1);
  if (chars[turned] < TURNED_MIN_CHARS || chars[turned] < TURNED_SHARE * total) return null;
  // Text reading upwards, (0,-1), turns to (1,0) by (x, y) → (H − y, x); the others alike.
  if (turned === 1) return { matrix: [0, 1, -1, 0, height, 0], width: height, height: width };
  if (turned === 3) return { matrix: [0, -1, 1, 0, 0, width], width: height, height: width };
  return { matrix: [-1, 0, 0, -1, width, height], width, height };
}
