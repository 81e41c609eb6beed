// Ruling lines and image placements from a pdf.js operator list. Paths arrive as
// `constructPath [paintOp, [Float32Array of DrawOPS], minMax]` in user space; we track the current
// transform through save/restore/transform/form XObjects and map everything to top-left page space.
import { OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Box, RuleLine } from '../layout/types.js';
import { MAX_INSPECTED_OPS, MAX_RULES_PER_PAGE, RULE_MAX_THICKNESS, RULE_MIN_LENGTH } from '../layout/limits.js';

export type Matrix = [number, number, number, number, number, number];

// pdf.js DrawOPS (src/shared/util.js): the path buffer's segment codes.
const DRAW_MOVE = 0;
const DRAW_LINE = 1;
const DRAW_CURVE = 2;
const DRAW_QUAD = 3;
const DRAW_CLOSE = 4;

/**
 * A mark (a drawn bullet) is 1–8 pt across and no more than 1.6 times as wide as tall: bullets
 * are 0.25–0.5 em of text set at 6–16 pt; dashes, rules and underlines are far longer than tall.
 */
const MARK_MIN = 1;
const MARK_MAX = 8;
const MARK_ASPECT = 1.6;

export function multiply(m1: Matrix, m2: Matrix): Matrix {
  return [
    m1[0] * m2[0] + m1[2] * m2[1],
    m1[1] * m2[0] + m1[3] * m2[1],
    m1[0] * m2[2] + m1[2] * m2[3],
    m1[1] * m2[2] + m1[3] * m2[3],
    m1[0] * m2[4] + m1[2] * m2[5] + m1[4],
    m1[1] * m2[4] + m1[3] * m2[5] + m1[5],
  ];
}

function apply(m: Matrix, x: number, y: number): [number, number] {
  return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
}

/** A PDF rectangle [x0, y0, x1, y1] (user space) as a box in the space `m` maps to. */
export function transformRect(rect: readonly number[], m: Matrix): Box {
  const pts = [apply(m, rect[0], rect[1]), apply(m, rect[2], rect[3]), apply(m, rect[0], rect[3]), apply(m, rect[2], rect[1])];
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

export interface PageGraphics {
  rules: RuleLine[];
  /** Filled rectangles (cell shading, backgrounds): their edges count as rules only where no drawn rule is near. */
  fills: Box[];
  /** Stroked rectangles (framed boxes, cells): their edges are also in `rules`. */
  frames: Box[];
  images: Box[];
  /**
   * Small closed shapes, filled or stroked, about as wide as tall (drawn-bullets.ts: a list bullet
   * a browser or word processor draws as a disc, circle or square instead of a glyph).
   */
  marks: Box[];
  /** Operators left uninspected because of the budget. */
  truncated: boolean;
}

const STROKE_OPS = new Set<number>([OPS.stroke, OPS.closeStroke, OPS.fillStroke, OPS.eoFillStroke, OPS.closeFillStroke, OPS.closeEOFillStroke]);
const FILL_OPS = new Set<number>([OPS.fill, OPS.eoFill, OPS.fillStroke, OPS.eoFillStroke, OPS.closeFillStroke, OPS.closeEOFillStroke]);
const IMAGE_OPS = new Set<number>([OPS.paintImageXObject, OPS.paintInlineImageXObject, OPS.paintImageMaskXObject, OPS.paintSolidColorImageMask, OPS.paintInlineImageXObjectGroup, OPS.paintImageXObjectRepeat]);

/**
 * Walks at most MAX_INSPECTED_OPS operators. `base` maps PDF user space to top-left page space
 * (the scale-1 viewport transform).
 */
export function collectGraphics(fnArray: ArrayLike<number>, argsArray: ArrayLike<unknown>, base: Matrix, pageW: number, pageH: number): PageGraphics {
  const rules: RuleLine[] = [];
  const images: Box[] = [];
  const fills: Box[] = [];
  const frames: Box[] = [];
  const marks: Box[] = [];
  // The graphics state: transform and clip. The clip is the bounding box of the clipping paths
  // set so far (page space), or null: a rule is kept only where it can show (issue 9: KaTeX
  // draws a radical's overbar as a path 400 em long inside a clip as wide as the root).
  const stack: Array<{ ctm: Matrix; clip: Clip | null }> = [];
  let ctm: Matrix = base;
  let clip: Clip | null = null;
  let pendingClip = false;
  const n = Math.min(fnArray.length, MAX_INSPECTED_OPS);
  const pageArea = pageW * pageH;
  const addRule = (ax0: number, ay0: number, ax1: number, ay1: number): void => {
    if (rules.length >= MAX_RULES_PER_PAGE) return;
    const cut = clipLine(ax0, ay0, ax1, ay1, clip);
    if (!cut) return;
    const [x0, y0, x1, y1] = cut;
    if (Math.hypot(x1 - x0, y1 - y0) < RULE_MIN_LENGTH) return;
    rules.push({ x0: Math.min(x0, x1), y0: Math.min(y0, y1), x1: Math.max(x0, x1), y1: Math.max(y0, y1) });
  };
  let strokedNow = false;
  const addBox = (minX: number, minY: number, maxX: number, maxY: number, filled: boolean): void => {
    const w = maxX - minX;
    const h = maxY - minY;
    if (h <= RULE_MAX_THICKNESS && w > RULE_MIN_LENGTH) addRule(minX, (minY + maxY) / 2, maxX, (minY + maxY) / 2);
    else if (w <= RULE_MAX_THICKNESS && h > RULE_MIN_LENGTH) addRule((minX + maxX) / 2, minY, (minX + maxX) / 2, maxY);
    else if (w * h >= pageArea * 0.5) return;
    else if (filled && !strokedNow) {
      if (fills.length < MAX_RULES_PER_PAGE) fills.push({ x: minX, y: minY, width: w, height: h });
    } else {
      // Edges of a framed box or cell.
      if (frames.length < MAX_RULES_PER_PAGE) frames.push({ x: minX, y: minY, width: w, height: h });
      addRule(minX, minY, maxX, minY);
      addRule(minX, maxY, maxX, maxY);
      addRule(minX, minY, minX, maxY);
      addRule(maxX, minY, maxX, maxY);
    }
  };
  for (let i = 0; i < n; i++) {
    const fn = fnArray[i];
    const args = argsArray[i] as unknown[] | null;
    switch (fn) {
      case OPS.save:
        if (stack.length < 256) stack.push({ ctm, clip });
        break;
      case OPS.restore: {
        const top = stack.pop();
        if (top) ({ ctm, clip } = top);
        break;
      }
      case OPS.clip:
      case OPS.eoClip:
        pendingClip = true;
        break;
      case OPS.transform:
        if (args && args.length >= 6) ctm = multiply(ctm, args as unknown as Matrix);
        break;
      case OPS.paintFormXObjectBegin: {
        stack.push({ ctm, clip });
        const m = args?.[0] as number[] | null | undefined;
        if (m && m.length >= 6) ctm = multiply(ctm, Array.from(m) as Matrix);
        break;
      }
      case OPS.paintFormXObjectEnd: {
        const top = stack.pop();
        if (top) ({ ctm, clip } = top);
        break;
      }
      case OPS.constructPath: {
        if (!args) break;
        if (pendingClip) {
          pendingClip = false;
          const mm = args[2] as ArrayLike<number> | null | undefined;
          if (mm && mm.length >= 4 && Number.isFinite(mm[0])) clip = intersectClip(clip, transformRect([mm[0], mm[1], mm[2], mm[3]], ctm));
        }
        const paint = args[0] as number;
        const stroked = STROKE_OPS.has(paint);
        const filled = FILL_OPS.has(paint);
        if (!stroked && !filled) break;
        const buffers = args[1] as (Float32Array | number[] | null)[] | undefined;
        const buf = buffers?.[0];
        strokedNow = stroked;
        if (buf) walkPath(buf, ctm, stroked, filled, addRule, addBox, (b) => marks.length < MAX_RULES_PER_PAGE && marks.push(b));
        break;
      }
      default:
        if (IMAGE_OPS.has(fn)) {
          const corners = [apply(ctm, 0, 0), apply(ctm, 1, 0), apply(ctm, 0, 1), apply(ctm, 1, 1)];
          const xs = corners.map((c) => c[0]);
          const ys = corners.map((c) => c[1]);
          const x = Math.max(0, Math.min(...xs));
          const y = Math.max(0, Math.min(...ys));
          const w = Math.min(pageW, Math.max(...xs)) - x;
          const h = Math.min(pageH, Math.max(...ys)) - y;
          if (w > 1 && h > 1 && images.length < 1000) images.push({ x, y, width: w, height: h });
        }
    }
  }
  // Fill edges are not rules: shaded rows and cells abut and are inset from borders, so their
  // edges invent columns. Tables drawn only with fills are found from whitespace instead.
  return { rules, fills, frames, images, marks, truncated: fnArray.length > n };
}

/** A clipping region's bounding box in page space. */
type Clip = [number, number, number, number];

function intersectClip(clip: Clip | null, b: Box): Clip {
  const next: Clip = [b.x, b.y, b.x + b.width, b.y + b.height];
  if (!clip) return next;
  return [Math.max(clip[0], next[0]), Math.max(clip[1], next[1]), Math.min(clip[2], next[2]), Math.min(clip[3], next[3])];
}

/** An axis-parallel line cut to the clip; null when nothing of it shows. Slanted lines pass as drawn. */
function clipLine(x0: number, y0: number, x1: number, y1: number, clip: Clip | null): [number, number, number, number] | null {
  if (!clip) return [x0, y0, x1, y1];
  const tol = 0.5;
  if (Math.abs(y0 - y1) < tol) {
    if (y0 < clip[1] - tol || y0 > clip[3] + tol) return null;
    const a = Math.max(Math.min(x0, x1), clip[0]);
    const b = Math.min(Math.max(x0, x1), clip[2]);
    return b > a ? [a, y0, b, y1] : null;
  }
  if (Math.abs(x0 - x1) < tol) {
    if (x0 < clip[0] - tol || x0 > clip[2] + tol) return null;
    const a = Math.max(Math.min(y0, y1), clip[1]);
    const b = Math.min(Math.max(y0, y1), clip[3]);
    return b > a ? [x0, a, x1, b] : null;
  }
  return [x0, y0, x1, y1];
}

function walkPath(
  buf: ArrayLike<number>,
  ctm: Matrix,
  stroked: boolean,
  filled: boolean,
  addRule: (x0: number, y0: number, x1: number, y1: number) => void,
  addBox: (minX: number, minY: number, maxX: number, maxY: number, filled: boolean) => void,
  addMark: (box: Box) => void,
): void {
  // Each subpath: if all its segments are axis-parallel lines it is a polyline/rectangle.
  let k = 0;
  let cx = 0;
  let cy = 0;
  let sx = 0;
  let sy = 0;
  let pts: [number, number][] = [];
  let straight = true;
  // Every point of the subpath, curve control points included: its extent (numbers, not an
  // object per point: pages of charts have tens of thousands of points).
  let ex0 = Infinity, ey0 = Infinity, ex1 = -Infinity, ey1 = -Infinity;
  const extend = (px: number, py: number): void => {
    if (px < ex0) ex0 = px;
    if (px > ex1) ex1 = px;
    if (py < ey0) ey0 = py;
    if (py > ey1) ey1 = py;
  };
  const extendUser = (x: number, y: number): void => extend(ctm[0] * x + ctm[2] * y + ctm[4], ctm[1] * x + ctm[3] * y + ctm[5]);
  const flush = (): void => {
    const w = ex1 - ex0;
    const h = ey1 - ey0;
    // A stroked square is a check box, not a bullet.
    if ((filled || !straight) && w >= MARK_MIN && h >= MARK_MIN && w <= MARK_MAX && h <= MARK_MAX && w <= MARK_ASPECT * h && h <= MARK_ASPECT * w) addMark({ x: ex0, y: ey0, width: w, height: h });
    ex0 = ey0 = Infinity;
    ex1 = ey1 = -Infinity;
    if (pts.length >= 2 && straight) {
      let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
      for (const [x, y] of pts) {
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
      }
      if (pts.length >= 4 && maxX - minX > 0.1 && maxY - minY > 0.1) addBox(minX, minY, maxX, maxY, filled);
      else if (stroked || filled) {
        for (let j = 1; j < pts.length; j++) {
          const [ax, ay] = pts[j - 1];
          const [bx, by] = pts[j];
          if (Math.abs(ay - by) < 0.5 || Math.abs(ax - bx) < 0.5) addRule(ax, ay, bx, by);
        }
      }
    }
    pts = [];
    straight = true;
  };
  while (k < buf.length) {
    const op = buf[k++];
    if (op === DRAW_MOVE) {
      flush();
      cx = sx = buf[k++];
      cy = sy = buf[k++];
      const p = apply(ctm, cx, cy);
      pts.push(p);
      extend(p[0], p[1]);
    } else if (op === DRAW_LINE) {
      cx = buf[k++];
      cy = buf[k++];
      const p = apply(ctm, cx, cy);
      extend(p[0], p[1]);
      const prev = pts[pts.length - 1];
      if (prev && Math.abs(prev[0] - p[0]) > 0.5 && Math.abs(prev[1] - p[1]) > 0.5) straight = false;
      pts.push(p);
    } else if (op === DRAW_CURVE) {
      for (let j = 0; j < 6; j += 2) extendUser(buf[k + j], buf[k + j + 1]);
      k += 6;
      straight = false;
    } else if (op === DRAW_QUAD) {
      for (let j = 0; j < 4; j += 2) extendUser(buf[k + j], buf[k + j + 1]);
      k += 4;
      straight = false;
    } else if (op === DRAW_CLOSE) {
      cx = sx;
      cy = sy;
      pts.push(apply(ctm, cx, cy));
    } else {
      break; // unknown code: stop rather than misread the buffer
    }
  }
  flush();
}

