// The scan fast path (issue 11): a page that is one image and nothing visible besides (a scanned
// page) gets its OCR pixels from the image stream, not from a pdf.js render. Rendering a 600 ppi
// scan through pdf.js (JavaScript inflate, grey expanded to RGBA, Skia scaling 35 MP down) cost
// 6-7× what zlib and sharp take for the same pixels. The page's own placement of the image (its
// matrix, the page's /Rotate) is applied, so the pixels land where a render puts them; anything
// this path does not read exactly (masks, transparency, vector marks, CCITT/JBIG2/JPX, CMYK)
// returns null and the page is rendered as before.
import { OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { MAX_RENDER_PIXELS } from '../limits.js';
import { multiply, type Matrix } from './graphics.js';
import { decodeImageGray, type ImageColor, type ImageStream } from './image-pixels.js';
import type { PDFPageProxy } from './open.js';
import { pdfjsSmoothResample } from './pdfjs-resample.js';
import { placementsWithImages } from './pdfjs-worker.js';
import { fitDpi, type GrayImage } from './render.js';

/** A page's one image, decoded at its own size, and where the page paints it. */
export interface PageScan {
  pixels: Uint8Array;
  width: number;
  height: number;
  /** The image matrix at the paint (unit square → PDF user space). */
  ctm: Matrix;
  /** The clip rectangle at the paint (user space), if any. */
  clip: Clip | null;
  /** The image's /Interpolate: pdf.js smooths an enlarged image only then (or below 4/3×). */
  interpolate: boolean;
}

// Operators that set state only: nothing of them shows on the page.
const STATE_OPS = new Set<number>([
  OPS.dependency, OPS.setLineWidth, OPS.setLineCap, OPS.setLineJoin, OPS.setMiterLimit, OPS.setDash, OPS.setRenderingIntent,
  OPS.setFlatness, OPS.beginText, OPS.endText, OPS.setCharSpacing, OPS.setWordSpacing, OPS.setHScale, OPS.setLeading,
  OPS.setFont, OPS.setTextRise, OPS.moveText, OPS.setLeadingMoveText, OPS.setTextMatrix, OPS.nextLine, OPS.setCharWidth,
  OPS.setCharWidthAndBounds, OPS.setStrokeColorSpace, OPS.setFillColorSpace, OPS.setStrokeColor, OPS.setStrokeColorN,
  OPS.setFillColor, OPS.setFillColorN, OPS.setStrokeGray, OPS.setFillGray, OPS.setStrokeRGBColor, OPS.setFillRGBColor,
  OPS.setStrokeCMYKColor, OPS.setFillCMYKColor, OPS.markPoint, OPS.markPointProps, OPS.beginMarkedContent,
  OPS.beginMarkedContentProps, OPS.endMarkedContent, OPS.beginCompat, OPS.endCompat, OPS.setStrokeTransparent, OPS.setFillTransparent,
]);
const SHOW_TEXT_OPS = new Set<number>([OPS.showText, OPS.showSpacedText, OPS.nextLineShowText, OPS.nextLineSetSpacingShowText]);
/** Text rendering mode 3: neither filled nor stroked (the OCR layer a scanner lays over its image). */
const INVISIBLE_TEXT = 3;
/** Operators walked at most: a scan's list is a handful; a long one is a drawn page. */
const MAX_SCAN_OPS = 5_000;
/** A clip rectangle in PDF user space. */
export interface Clip { x0: number; y0: number; x1: number; y1: number }

// pdf.js DrawOPS (src/shared/util.js): the path buffer's segment codes.
const DRAW_MOVE = 0;
const DRAW_LINE = 1;
const DRAW_CLOSE = 4;

/** A path that is one rectangle spanning its bounds `mm` (what `re` compiles to). */
function isRectangle(path: ArrayLike<number>, mm: ArrayLike<number>): boolean {
  const pts: Array<[number, number]> = [];
  for (let i = 0; i < path.length; ) {
    const op = path[i];
    if (op === DRAW_MOVE || op === DRAW_LINE) {
      if ((op === DRAW_MOVE) !== (i === 0) || pts.length >= 5) return false;
      pts.push([path[i + 1], path[i + 2]]);
      i += 3;
    } else if (op === DRAW_CLOSE && i === path.length - 1) i++;
    else return false;
  }
  if (pts.length === 5 && (pts[4][0] !== pts[0][0] || pts[4][1] !== pts[0][1])) return false;
  if (pts.length < 4) return false;
  const onX = (x: number) => x === mm[0] || x === mm[2];
  const onY = (y: number) => y === mm[1] || y === mm[3];
  for (let k = 0; k < 4; k++) {
    const [x, y] = pts[k];
    const [nx, ny] = pts[(k + 1) % 4];
    if (!onX(x) || !onY(y) || (x !== nx && y !== ny)) return false;
  }
  return true;
}

function apply(m: Matrix, x: number, y: number): [number, number] {
  return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
}

function boundsOf(m: Matrix, x0: number, y0: number, x1: number, y1: number): Clip {
  const pts = [apply(m, x0, y0), apply(m, x1, y0), apply(m, x0, y1), apply(m, x1, y1)];
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
}

const intersect = (a: Clip | null, b: Clip): Clip => (a ? { x0: Math.max(a.x0, b.x0), y0: Math.max(a.y0, b.y0), x1: Math.min(a.x1, b.x1), y1: Math.min(a.y1, b.y1) } : b);

/** An ExtGState that paints as an opaque, normal image does (no transparency, no soft mask). */
function opaqueGState(args: unknown[] | null): boolean {
  const entries = args?.[0];
  if (!Array.isArray(entries)) return true;
  for (const e of entries) {
    if (!Array.isArray(e)) continue;
    const [key, value] = e as [unknown, unknown];
    if ((key === 'ca' || key === 'CA') && value !== 1) return false;
    if (key === 'SMask' && value !== false && value !== null && value !== undefined) return false;
    // Over a white page, multiply paints what normal does.
    if (key === 'BM' && value !== 'source-over' && value !== 'multiply') return false;
  }
  return true;
}

/**
 * The one image the operator list paints, its matrix and the clip rectangle it is painted in, when
 * nothing else visible is drawn and every clip is a rectangle on the page's axes; else null.
 * Invisible text (a scanner's OCR layer) and state are allowed.
 */
export function soleImagePlacement(fnArray: ArrayLike<number>, argsArray: ArrayLike<unknown>): { id: string; ctm: Matrix; clip: Clip | null } | null {
  if (fnArray.length > MAX_SCAN_OPS) return null;
  const stack: Array<{ ctm: Matrix; clip: Clip | null; mode: number }> = [];
  let ctm: Matrix = [1, 0, 0, 1, 0, 0];
  let clip: Clip | null = null;
  let mode = 0;
  let pendingClip = false;
  let found: { id: string; ctm: Matrix; clip: Clip | null } | null = null;
  for (let i = 0; i < fnArray.length; i++) {
    const fn = fnArray[i];
    const args = argsArray[i] as unknown[] | null;
    if (STATE_OPS.has(fn)) continue;
    switch (fn) {
      case OPS.save:
        if (stack.length >= 256) return null;
        stack.push({ ctm, clip, mode });
        break;
      case OPS.restore: {
        const top = stack.pop();
        if (top) ({ ctm, clip, mode } = top);
        break;
      }
      case OPS.transform:
        if (!args || args.length < 6) return null;
        ctm = multiply(ctm, args.slice(0, 6) as Matrix);
        break;
      case OPS.setTextRenderingMode:
        mode = Number(args?.[0]);
        break;
      case OPS.setGState:
        if (!opaqueGState(args)) return null;
        break;
      case OPS.clip:
      case OPS.eoClip:
        pendingClip = true;
        break;
      case OPS.constructPath: {
        // Only a path that paints nothing (a clip, or nothing at all).
        if (!args || args[0] !== OPS.endPath) return null;
        if (pendingClip) {
          // A rectangle on the page's axes, which the pixels can be cut to exactly.
          const mm = args[2] as ArrayLike<number> | null | undefined;
          const path = (args[1] as ArrayLike<unknown> | undefined)?.[0] as ArrayLike<number> | null | undefined;
          if (!mm || mm.length < 4 || !Number.isFinite(mm[0]) || !path || !isRectangle(path, mm) || !axisAligned(ctm)) return null;
          clip = intersect(clip, boundsOf(ctm, mm[0], mm[1], mm[2], mm[3]));
        }
        pendingClip = false;
        break;
      }
      case OPS.paintFormXObjectBegin: {
        if (stack.length >= 256) return null;
        stack.push({ ctm, clip, mode });
        const m = args?.[0] as ArrayLike<number> | null | undefined;
        if (m && m.length >= 6) ctm = multiply(ctm, Array.from(m).slice(0, 6) as Matrix);
        const bbox = args?.[1] as ArrayLike<number> | null | undefined;
        if (bbox && bbox.length >= 4) {
          if (!axisAligned(ctm)) return null;
          clip = intersect(clip, boundsOf(ctm, bbox[0], bbox[1], bbox[2], bbox[3]));
        }
        break;
      }
      case OPS.paintFormXObjectEnd: {
        const top = stack.pop();
        if (top) ({ ctm, clip, mode } = top);
        break;
      }
      case OPS.paintImageXObject: {
        const id = args?.[0];
        if (found || typeof id !== 'string') return null;
        found = { id, ctm, clip };
        break;
      }
      default:
        if (SHOW_TEXT_OPS.has(fn) && mode === INVISIBLE_TEXT) break;
        return null;
    }
  }
  return found;
}

// pdf.js's own objects (worker side, same thread), read by shape: Name, Dict, streams, XRef.
interface PdfjsDict { get(...keys: string[]): unknown; has(key: string): boolean }
interface PdfjsStream { dict?: PdfjsDict; getOriginalStream?: () => unknown; getBytes?: (n?: number) => Uint8Array; reset?: () => void }
interface PdfjsXref { fetchIfRef(o: unknown): unknown; encrypt?: unknown }
interface Captured { image: PdfjsStream; resources: PdfjsDict | null; xref: PdfjsXref }

const nameOf = (v: unknown): string | null =>
  v !== null && typeof v === 'object' && typeof (v as { name?: unknown }).name === 'string' ? (v as { name: string }).name : null;
const isDict = (v: unknown): v is PdfjsDict =>
  v !== null && typeof v === 'object' && typeof (v as PdfjsDict).get === 'function' && typeof (v as PdfjsDict).has === 'function';
const isStream = (v: unknown): v is PdfjsStream & { dict: PdfjsDict } => v !== null && typeof v === 'object' && isDict((v as PdfjsStream).dict);

/** A stream's decoded bytes (small ones: an indexed palette), read from its start. */
function streamBytes(s: PdfjsStream): Uint8Array | null {
  if (typeof s.getBytes !== 'function' || typeof s.reset !== 'function') return null;
  s.reset();
  const bytes = s.getBytes();
  s.reset();
  return bytes instanceof Uint8Array ? bytes : null;
}

/** The colour space, resolved through the page's resources; null for anything but grey, RGB, indexed over them. */
function colorOf(value: unknown, c: Captured, depth = 0): ImageColor | null {
  if (depth > 4) return null;
  const v = c.xref.fetchIfRef(value);
  const name = nameOf(v);
  if (name !== null) {
    if (name === 'DeviceGray' || name === 'G') return { kind: 'gray' };
    if (name === 'DeviceRGB' || name === 'RGB') return { kind: 'rgb' };
    const named = c.resources?.get('ColorSpace');
    return isDict(named) && named.has(name) ? colorOf(named.get(name), c, depth + 1) : null;
  }
  if (!Array.isArray(v) || v.length === 0) return null;
  const family = nameOf(c.xref.fetchIfRef(v[0]));
  if (family === 'ICCBased') {
    const profile = c.xref.fetchIfRef(v[1]);
    const n = isStream(profile) ? profile.dict.get('N') : null;
    return n === 1 ? { kind: 'gray' } : n === 3 ? { kind: 'rgb' } : null;
  }
  if (family === 'Indexed' || family === 'I') {
    const base = colorOf(v[1], c, depth + 1);
    const hival = c.xref.fetchIfRef(v[2]);
    if (!base || base.kind === 'indexed' || typeof hival !== 'number' || !(hival >= 0 && hival <= 255)) return null;
    const raw = c.xref.fetchIfRef(v[3]);
    const lookup = typeof raw === 'string' ? Uint8Array.from(raw, (ch) => ch.charCodeAt(0) & 0xff) : isStream(raw) ? streamBytes(raw) : null;
    const comps = base.kind === 'rgb' ? 3 : 1;
    if (!lookup || lookup.length < (hival + 1) * comps) return null;
    return { kind: 'indexed', base: base.kind, hival: Math.floor(hival), lookup };
  }
  return null;
}

const positiveInt = (v: unknown, fallback: number): number => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : fallback);

/** The image as its stored stream, when this path reads it (image-pixels.ts), else null. */
function imageStreamOf(c: Captured): ImageStream | null {
  if (c.xref.encrypt) return null; // the stored bytes are ciphertext
  const { image } = c;
  if (!isStream(image)) return null;
  const d = image.dict;
  // Masks, soft masks, a Decode array or optional content change what a render shows.
  if (d.get('ImageMask') === true || d.has('SMask') || d.has('Mask') || d.has('Decode') || d.has('OC') || d.has('SMaskInData')) return null;
  const width = d.get('Width');
  const height = d.get('Height');
  const bpc = d.get('BitsPerComponent');
  if (typeof width !== 'number' || typeof height !== 'number' || typeof bpc !== 'number') return null;
  let filters = d.get('Filter');
  if (!Array.isArray(filters)) filters = filters === undefined || filters === null ? [] : [filters];
  const names = (filters as unknown[]).map((f) => nameOf(c.xref.fetchIfRef(f)));
  if (names.length > 1) return null;
  const filter = names.length === 0 ? 'none' : names[0] === 'FlateDecode' ? 'flate' : names[0] === 'DCTDecode' ? 'dct' : null;
  if (!filter) return null;
  let params = c.xref.fetchIfRef(d.get('DecodeParms'));
  if (Array.isArray(params)) params = c.xref.fetchIfRef(params[0]);
  const p = isDict(params) ? params : null;
  if (filter === 'dct' && p && p.has('ColorTransform')) return null;
  const color = colorOf(d.get('ColorSpace'), c);
  if (!color) return null;
  // The bytes as stored: the raw stream under pdf.js's decoding wrappers (a view, not a copy).
  const original = (filter === 'none' ? image : image.getOriginalStream?.()) as { bytes?: unknown; start?: unknown; end?: unknown } | undefined;
  if (!original || !(original.bytes instanceof Uint8Array) || typeof original.start !== 'number' || typeof original.end !== 'number') return null;
  if (!(original.end > original.start && original.end <= original.bytes.length)) return null;
  return {
    width,
    height,
    bitsPerComponent: bpc,
    color,
    filter,
    predictor: {
      predictor: positiveInt(p?.get('Predictor'), 1),
      colors: positiveInt(p?.get('Colors'), 1),
      bitsPerComponent: positiveInt(p?.get('BitsPerComponent'), 8),
      columns: positiveInt(p?.get('Columns'), 1),
    },
    data: original.bytes.subarray(original.start, original.end),
  };
}

/**
 * The page's one image and its placement, decoded to grey at its own size, or null when the
 * page is not such a scan or its image is not one this path reads (then it is rendered).
 */
export async function readPageScan(page: PDFPageProxy): Promise<PageScan | null> {
  const captured = new Map<string, Captured>();
  // A list of its own ('print' intent): the layout stage's placements list ('display') is cached
  // by pdf.js, and the evaluator only hands images to the sink while it builds a list.
  const list = await placementsWithImages(() => page.getOperatorList({ intent: 'print', annotationMode: 0 }), (id, image, resources, xref) => {
    if (captured.size < 8) captured.set(id, { image: image as PdfjsStream, resources: isDict(resources) ? resources : null, xref: xref as PdfjsXref });
  });
  if (!list) return null;
  const placed = soleImagePlacement(list.fnArray, list.argsArray);
  const c = placed && captured.get(placed.id);
  if (!placed || !c) return null;
  let stream: ImageStream | null;
  try {
    stream = imageStreamOf(c);
  } catch {
    return null; // a broken object: let pdf.js render what it can
  }
  const pixels = stream && (await decodeImageGray(stream));
  if (!stream || !pixels) return null;
  return { pixels, width: stream.width, height: stream.height, ctm: placed.ctm, clip: placed.clip, interpolate: c.image.dict?.get('Interpolate') === true };
}

/** A matrix that maps axes onto axes (no shear or odd angle), within rounding. */
function axisAligned(t: Matrix): 'straight' | 'transposed' | null {
  const tol = 1e-6 * Math.max(Math.abs(t[0]), Math.abs(t[1]), Math.abs(t[2]), Math.abs(t[3]));
  if (Math.abs(t[1]) <= tol && Math.abs(t[2]) <= tol && t[0] !== 0 && t[3] !== 0) return 'straight';
  if (Math.abs(t[0]) <= tol && Math.abs(t[3]) <= tol && t[1] !== 0 && t[2] !== 0) return 'transposed';
  return null;
}

/**
 * pdf.js enlarges an image without smoothing (nearest neighbour) when it is scaled up more than
 * this (CSS pixels per PDF point) and the image does not ask for /Interpolate.
 */
const PDFJS_SHARP_UPSCALE = 96 / 72;
/** Samples a pixel centre may sit past a boundary and still count as on it (ties, see scanGray). */
const TIE_BELOW = 1e-6;

/**
 * The scan as a render of the page at `dpi` would give it (same resolution after the pixel
 * budget, same canvas size, the image where the page paints it, white elsewhere); null when the
 * placement is not axis-aligned (a page turned by an odd angle is rendered).
 */
export async function scanGray(page: PDFPageProxy, scan: PageScan, dpi: number): Promise<GrayImage | null> {
  const base = page.getViewport({ scale: 1 });
  const used = fitDpi(base.width, base.height, dpi);
  const viewport = page.getViewport({ scale: used / 72 });
  const W = Math.max(1, Math.ceil(viewport.width));
  const H = Math.max(1, Math.ceil(viewport.height));
  const t = multiply(viewport.transform as Matrix, scan.ctm);
  const orient = axisAligned(t);
  if (!orient) return null;
  // pdf.js paints an axis-aligned image between its corners rounded to whole device pixels
  // (drawImageAtIntegerCoords): u runs along the image's rows (its first column at 0), v up its
  // columns (sample row 0 at v = 1); straight, u follows device x and v device y, turned a quarter
  // the other way round.
  const [uScale, uOffset, vScale, vOffset] = orient === 'straight' ? [t[0], t[4], t[3], t[5]] : [t[1], t[5], t[2], t[4]];
  const uFrom = Math.round(uOffset);
  const uSpan = Math.round(uOffset + uScale) - uFrom || 1;
  const vFrom = Math.round(vOffset);
  const vSpan = Math.round(vOffset + vScale) - vFrom || 1;
  // The image's size in device pixels along its own rows and columns.
  const sw = Math.abs(uSpan);
  const sh = Math.abs(vSpan);
  if (sw * sh > 4 * MAX_RENDER_PIXELS) return null;
  // Enlarged without /Interpolate: pdf.js paints nearest samples, so the native pixels are sampled;
  // otherwise the image is first resampled to its device size as pdf.js smooths it.
  const nearest = !scan.interpolate && (sw / scan.width > PDFJS_SHARP_UPSCALE || sh / scan.height > PDFJS_SHARP_UPSCALE);
  const SW = nearest ? scan.width : sw;
  const SH = nearest ? scan.height : sh;
  const src = nearest ? scan.pixels : pdfjsSmoothResample(scan.pixels, scan.width, scan.height, SW, SH, scan.width / Math.abs(uScale), scan.height / Math.abs(vScale));
  // A centre exactly on a sample boundary (every third pixel at 1.5×, a 100 dpi scan read at 150)
  // takes the lower sample, as Skia's float inverse does in pdf.js renders.
  const sampleAt = (s: number, n: number): number => Math.max(0, Math.min(n - 1, Math.floor(s * n - TIE_BELOW)));
  const colOf = (p: number): number => {
    const u = (p + 0.5 - uFrom) / uSpan;
    return u >= 0 && u < 1 ? sampleAt(u, SW) : -1;
  };
  const rowOf = (p: number): number => {
    const v = (p + 0.5 - vFrom) / vSpan;
    return v >= 0 && v < 1 ? sampleAt(1 - v, SH) : -1;
  };
  // The painted area: within the canvas and the clip (white elsewhere, as rendered).
  const cut = scan.clip ? boundsOf(viewport.transform as Matrix, scan.clip.x0, scan.clip.y0, scan.clip.x1, scan.clip.y1) : null;
  const xFrom = Math.max(0, cut ? Math.round(cut.x0) : 0);
  const xTo = Math.min(W, cut ? Math.round(cut.x1) : W);
  const yFrom = Math.max(0, cut ? Math.round(cut.y0) : 0);
  const yTo = Math.min(H, cut ? Math.round(cut.y1) : H);
  // Per device column and row: the sample offset it contributes (-1: outside the image).
  const byX = new Int32Array(W).fill(-1);
  const byY = new Int32Array(H).fill(-1);
  for (let X = xFrom; X < xTo; X++) {
    const k = orient === 'straight' ? colOf(X) : rowOf(X);
    byX[X] = k < 0 ? -1 : orient === 'straight' ? k : k * SW;
  }
  for (let Y = yFrom; Y < yTo; Y++) {
    const k = orient === 'straight' ? rowOf(Y) : colOf(Y);
    byY[Y] = k < 0 ? -1 : orient === 'straight' ? k * SW : k;
  }
  const out = new Uint8Array(W * H).fill(255);
  for (let Y = yFrom; Y < yTo; Y++) {
    const y = byY[Y];
    if (y < 0) continue;
    const o = Y * W;
    for (let X = xFrom; X < xTo; X++) {
      const x = byX[X];
      if (x >= 0) out[o + X] = src[y + x];
    }
  }
  return { data: out, width: W, height: H, pointsPerPixel: 72 / used };
}
