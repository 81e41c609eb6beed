// The PDF text layer → PageLayoutInput: positioned runs (with font styles and links), ruling
// lines and image placements, in top-left page coordinates.
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Box, PageLayoutInput, TextRun } from '../layout/types.js';
import { composeSpacingAccents } from './accents.js';
import { collectGraphics, multiply, transformRect, type Matrix, type PageGraphics } from './graphics.js';
import { pageTurn } from './page-turn.js';
import { DETAIL_MAX_CHARS, DETAIL_MIN_COLUMN_LINES } from '../layout/limits.js';
import { hasSetApartLines, type LinePiece } from './set-apart.js';
import { drawnBulletRuns, hasUnmarkedIndentedLines } from './drawn-bullets.js';
import { checkBoxes } from './check-boxes.js';
import { cmexGlyphs, cmexInk, cmexIsRaw, cmexNamedInk, cmexPieces, cmexPiecesInk, cmexText, cmsyInk, isCmexFont } from './cmex.js';
import { hasStackedMath } from './math-cue.js';
import { dingbatsText, isDingbatsFont } from './dingbats.js';
import { isSymbolFont, symbolFontText } from './symbol-font.js';
import { resolveFontStyle, type FontStyle } from './fonts.js';
import { visualToLogical } from '../layout/bidi.js';
import { placementsOnly } from './pdfjs-worker.js';
import { formFieldRuns, type AnnotationLike } from './form-fields.js';
import { usableTextLayer } from './usable.js';
export { usableTextLayer };

/** Shear (tan of the lean) up to which a run is oblique type rather than rotated text (~27°). */
const MAX_SHEAR = 0.5;

interface TextItemLike {
  str: string;
  dir: string;
  transform: number[];
  width: number;
  height: number;
  fontName: string;
  /** [offset of a space pdf.js put in, gap start, gap end, ...] from the item's origin (pdf/pdfjs-worker.ts). */
  gaps?: number[];
}

interface TextStyleLike {
  fontFamily?: string;
  ascent?: number;
  descent?: number;
  vertical?: boolean;
}

interface LinkAnnotation {
  subtype?: string;
  url?: string;
  unsafeUrl?: string;
  rect?: number[];
}

export interface ExtractOptions {
  /**
   * 'auto' (default): rules, images and links are read only when the page may need them — a
   * sparse page (figures, scans, forms), aligned columns (tables), a text layer that is not usable,
   * or a scanned document (`scanned`). Plain prose pages skip them: the operator list costs about
   * as much as the text itself. 'full': always.
   */
  detail?: 'auto' | 'full';
  /**
   * The document has form fields (AcroForm): read every page's annotations for their values. A
   * cheap reading skips them otherwise (pdf.js parses all of a page's annotations, links
   * included, at about half the cost of its text); a full reading always reads them.
   */
  forms?: boolean;
  /**
   * The document's producer draws list bullets as shapes (drawn-bullets.ts): a page whose lines
   * sit indented under the line above with no marker gets the full reading, to see them.
   */
  drawnBullets?: boolean;
  /**
   * Whether the document is a scan with a text layer, decided once per document from its first
   * pages (scan-sample.ts); its pages then keep full readings. `seen` passes on what this page's
   * own reading already showed, so that sample page is not read twice.
   */
  scanned?: (seen?: { index: number; backdrop: boolean }) => Promise<boolean>;
}

export async function extractPageLayout(page: PDFPageProxy, index: number, opts: ExtractOptions = {}): Promise<PageLayoutInput> {
  const viewport = page.getViewport({ scale: 1 });
  const content = await page.getTextContent();
  let base = viewport.transform as Matrix;
  let width = viewport.width;
  let height = viewport.height;
  // Text set sideways in the content (page-turn.ts): read the page in the text's own frame.
  const turn = pageTurn(content.items as TextItemLike[], base, width, height);
  if (turn) {
    base = multiply(turn.matrix, base);
    width = turn.width;
    height = turn.height;
  }
  const items = content.items as TextItemLike[];
  // What the page keeps (rules, images, links) is decided by the page alone (pageWantsDetail) or
  // by the document (a scan with a text layer): never by what this worker happened to read
  // before, so a document converts to the same output however its pages were spread over the
  // pool. A font this worker has not loaded yet still needs the operator list (pdf.js loads
  // fonts there, and bold/italic come from them); that reading is then used for fonts only.
  const ownDetail = opts.detail === 'full' || pageWantsDetail(items, base, opts.drawnBullets);
  const readGraphics = async (): Promise<PageGraphics> => {
    // AnnotationMode.DISABLE: annotation appearance streams are not page content.
    // Placements only: images are not decoded, glyph outlines not built (pdf/pdfjs-worker.ts).
    const opList = await placementsOnly(() => page.getOperatorList({ annotationMode: 0 }));
    return collectGraphics(opList.fnArray, opList.argsArray, base, width, height);
  };
  let read: PageGraphics | null = ownDetail || hasUnloadedFont(page, items) ? await readGraphics() : null;
  const styles = content.styles as Record<string, TextStyleLike>;
  const fontCache = new Map<string, FontStyle>();
  const fontStyle = (loadedName: string): FontStyle => {
    let s = fontCache.get(loadedName);
    if (!s) {
      let font: { name?: string; bold?: boolean; black?: boolean; italic?: boolean } | undefined;
      try {
        if (page.commonObjs.has(loadedName)) font = page.commonObjs.get(loadedName) as typeof font;
      } catch {
        font = undefined;
      }
      s = resolveFontStyle(font, styles[loadedName]?.fontFamily);
      fontCache.set(loadedName, s);
    }
    return s;
  };

  // TeX's math extension fonts without a ToUnicode map: decided per font from all its text on
  // the page (pdf/cmex.ts).
  const cmexTexts = new Map<string, string[]>();
  for (const it of items) {
    if (typeof it.str !== 'string' || !it.fontName || !isCmexFont(fontStyle(it.fontName).name)) continue;
    const texts = cmexTexts.get(it.fontName);
    if (texts) texts.push(it.str);
    else cmexTexts.set(it.fontName, [it.str]);
  }
  const rawCmex = new Set([...cmexTexts].filter(([, texts]) => cmexIsRaw(texts)).map(([name]) => name));

  const runs: TextRun[] = [];
  for (const raw of content.items) {
    const item = raw as TextItemLike;
    if (typeof item.str !== 'string' || item.str.length === 0 || !item.transform) continue;
    // A space drawn in TeX's extension font is a glyph (code 0x20, pdf/cmex.ts).
    const cmexGlyph = rawCmex.has(item.fontName) && item.str === ' ' && item.height > 0;
    if (item.str.trim().length === 0 && !cmexGlyph) continue;
    const m = multiply(base, item.transform as Matrix);
    // Oblique type (a slanted font faked by a shear, [a 0 c d] with c ≠ 0): the baseline runs
    // left to right, only the glyphs lean. It is horizontal, italic text of height |d|.
    const oblique = Math.abs(m[1]) <= 0.01 * Math.abs(m[0]) && m[0] > 0 && Math.abs(m[2]) > 0.01 * Math.abs(m[3]) && Math.abs(m[2]) <= MAX_SHEAR * Math.abs(m[3]);
    const size = oblique ? Math.abs(m[3]) : Math.hypot(m[2], m[3]);
    if (!(size > 0.5)) continue;
    // Rotated or vertical text (side stamps like "Downloaded from …", axis labels) is kept but
    // marked so the layout can leave it out of the reading flow.
    const rotated = !oblique && (Math.abs(m[1]) > 0.01 * size || Math.abs(m[2]) > 0.01 * size || m[0] < 0);
    const style = styles[item.fontName] ?? {};
    // pdf.js gives NaN for a standard-14 font set without its metrics (Times, Helvetica not
    // embedded): the usual ascent and descent then, not the clamp's floor (half-height boxes made
    // every line gap look like a paragraph break, issue 9).
    const ascent = clamp(finiteOr(style.ascent, 0.8), 0.5, 1.1);
    const descent = clamp(Math.abs(finiteOr(style.descent, 0.2)), 0, 0.5);
    const fs = fontStyle(item.fontName);
    const cmex = isCmexFont(fs.name);
    const read = isDingbatsFont(fs.name) ? dingbatsText(item.str) : rawCmex.has(item.fontName) ? cmexText(item.str, item.height > 0) : cmex ? cmexPieces(item.str) : bulletGlyph(item.dir === 'rtl' ? item.str : visualToLogical(item.str));
    const text = isSymbolFont(fs.name) ? symbolFontText(read) : read;
    if (text.trim().length === 0) continue;
    let x = m[4];
    let y = m[5] - ascent * size;
    let w = item.width;
    let h = (ascent + descent) * size;
    // TeX's extension glyphs hang from the baseline: their box from the font's table.
    const named = cmex && [...text].length === 1 ? cmexNamedInk(text, item.width / size) : null;
    const ink = rotated ? null : rawCmex.has(item.fontName) ? cmexInk(item.str) : cmex ? (cmexPiecesInk(item.str) ?? named) : cmsyInk(fs.name, text);
    if (ink) {
      y = m[5] - ink.above * size;
      h = (ink.above + ink.below) * size;
    }
    let path: TextRun['path'];
    if (rotated) {
      // Bounding box of the rotated run.
      const dx = (m[0] / Math.hypot(m[0], m[1]) || 0) * item.width;
      const dy = (m[1] / Math.hypot(m[0], m[1]) || 0) * item.width;
      const x2 = m[4] + dx;
      const y2 = m[5] + dy;
      path = [m[4], m[5], x2, y2];
      x = Math.min(m[4], x2) - size / 2;
      y = Math.min(m[5], y2) - size / 2;
      w = Math.abs(dx) + size;
      h = Math.abs(dy) + size;
    }
    // Glyphs of the extension font given as one item are runs of their own, each with its box.
    const glyphs = !rotated && rawCmex.has(item.fontName) && [...item.str].length > 1 ? cmexGlyphs(item.str) : null;
    if (glyphs) {
      const scale = item.width / Math.max(1e-6, glyphs.reduce((sum, g) => sum + g.advance, 0) * size);
      let gx = x;
      for (const g of glyphs) {
        const gw = g.advance * size * scale;
        runs.push({ text: g.text, x: gx, y: m[5] - g.ink.above * size, width: gw, height: (g.ink.above + g.ink.below) * size, fontSize: round2(size), bold: fs.bold, italic: fs.italic, monospace: false, fontName: fs.name || undefined, baseline: m[5] });
        gx += gw;
      }
      continue;
    }
    runs.push({
      // pdf.js put RTL items into logical order already; mixed items keep RTL words visual.
      text,
      x,
      y,
      width: Math.max(0, w),
      height: h,
      fontSize: round2(size),
      bold: fs.bold,
      italic: fs.italic || oblique,
      monospace: fs.monospace,
      fontName: fs.name || undefined,
      baseline: m[5],
      rotated: rotated || undefined,
      ...(path ? { path } : {}),
      rtl: item.dir === 'rtl' || undefined,
      ...(item.gaps && !rotated && item.dir !== 'rtl' && text === item.str ? { shownGaps: { text, x, gaps: item.gaps.map((g, i) => (i % 3 === 0 ? g : x + g)) } } : {}),
    });
  }
  // Accents set as glyphs of their own (TeX's OT1 fonts: "st¨oren") are their letters' (accents.ts).
  // Copied back one by one: a page's runs are too many to spread as call arguments.
  const composed = composeSpacingAccents(runs);
  runs.length = 0;
  for (const r of composed) runs.push(r);
  let full = ownDetail;
  if (!full && opts.scanned) {
    // A scanned document (page images with an OCR text layer) keeps full readings: the
    // backdrop image is what tells the layout stage the text is OCR.
    const seen = read ? { index, backdrop: hasScanBackdrop(read, width, height) } : undefined;
    full = await opts.scanned(seen);
  }
  // A text layer that is not usable may need OCR, which looks at the page's images.
  if (!full) full = !usableTextLayer({ index, width, height, runs, rules: [], images: [], fromOcr: false });
  // A page setting fractions keeps its rules, their bars (pdf/math-cue.ts).
  const mathRules = !full && hasStackedMath(runs);
  if (full || mathRules) read ??= await readGraphics();
  const none: PageGraphics = { rules: [], fills: [], frames: [], images: [], marks: [], truncated: false };
  const graphics: PageGraphics = full && read ? read : mathRules && read ? { ...none, rules: read.rules } : none;
  // Drawn check boxes first: strokes ticking a box are no list bullets (check-boxes.ts).
  const boxes = graphics.frames.length > 0 ? checkBoxes(graphics.frames, graphics.marks, runs) : null;
  if (boxes && boxes.runs.length > 0) {
    for (let k = runs.length - 1; k >= 0; k--) if (boxes.ticks.has(runs[k])) runs.splice(k, 1);
    runs.push(...boxes.runs);
  }
  const marks = boxes ? graphics.marks.filter((m) => !boxes.marks.has(m)) : graphics.marks;
  if (marks.length > 0) runs.push(...drawnBulletRuns(marks, runs));
  const annotations = full || opts.forms ? await readAnnotations(page) : [];
  // Form field values and typed-on annotations are the user's text (form-fields.ts).
  runs.push(...formFieldRuns(annotations, base, runs));
  if (full) attachLinks(annotations as LinkAnnotation[], base, runs);
  const shapes = [...graphics.frames.map((b) => ({ ...b, kind: 'frame' as const })), ...graphics.fills.map((b) => ({ ...b, kind: 'fill' as const }))];
  return { index, width, height, runs, rules: graphics.rules, images: mergeImages(graphics.images), ...(shapes.length ? { shapes } : {}), fromOcr: false };
}

/**
 * A gap wider than this (in em) between two pieces of a line separates table columns: word spaces
 * are about a third of an em, while statistics tables set their columns as close as 0.9 em.
 */
const COLUMN_GAP_EM = 0.6;

/** An image covering this share of the page is the scan a text layer was laid over. */
const SCAN_BACKDROP_SHARE = 0.6;

export function hasScanBackdrop(graphics: PageGraphics, width: number, height: number): boolean {
  return graphics.images.some((b) => b.width * b.height > SCAN_BACKDROP_SHARE * width * height);
}

/** A font of the page that this worker's pdf.js has not loaded yet (only the operator list loads fonts). */
function hasUnloadedFont(page: PDFPageProxy, items: TextItemLike[]): boolean {
  const fonts = new Set<string>();
  for (const it of items) if (it.fontName) fonts.add(it.fontName);
  for (const f of fonts) if (!page.commonObjs.has(f)) return true;
  return false;
}

/** Text pieces looked at for the set-apart cue (set-apart.ts): its search is quadratic at worst. */
const MAX_CUE_PIECES = 3000;

/**
 * Whether the cheap text-only reading may miss something on this page (see ExtractOptions): little
 * text (figures, scans, forms), aligned columns (tables), or lines set apart between lines of the
 * body (sidebars, pull quotes: set-apart.ts). A function of the page's text alone.
 */
export function pageWantsDetail(items: TextItemLike[], base: Matrix, drawnBullets = false): boolean {
  let chars = 0;
  const lines = new Map<number, { x: number; end: number; size: number }[]>();
  const pieces: LinePiece[] = [];
  for (const it of items) {
    if (!it.str || !it.transform) continue;
    chars += it.str.length;
    // pdf.js spans a gap with a whitespace item as wide as the gap: only inked pieces count.
    if (it.str.trim().length === 0) continue;
    // In the page's displayed frame (a landscape /Rotate page's rows run along its x axis there).
    const m = multiply(base, it.transform as Matrix);
    const size = Math.hypot(m[2], m[3]) || 1;
    const key = Math.round(m[5] / 2);
    let l = lines.get(key);
    if (!l) lines.set(key, (l = []));
    if (l.length < 64) l.push({ x: m[4], end: m[4] + it.width, size });
    if (pieces.length < MAX_CUE_PIECES) pieces.push({ x: m[4], end: m[4] + it.width, baseline: m[5], size, text: it.str });
  }
  if (chars < DETAIL_MAX_CHARS) return true;
  let columnLines = 0;
  for (const l of lines.values()) {
    if (l.length < 3) continue;
    l.sort((a, b) => a.x - b.x);
    let pieces = 1;
    for (let k = 1; k < l.length; k++) if (l[k].x - l[k - 1].end > COLUMN_GAP_EM * l[k].size) pieces++;
    if (pieces >= 3 && ++columnLines >= DETAIL_MIN_COLUMN_LINES) return true;
  }
  // A sidebar or pull quote set between lines of the body: its frame, shading or rules tell the
  // reading order it is one unit (layout/insets.ts).
  // A list whose bullets are drawn as shapes, where the producer draws them so (drawn-bullets.ts).
  return hasSetApartLines(pieces) || (drawnBullets && hasUnmarkedIndentedLines(pieces));
}

/** The page's annotations (links, form fields), or none when pdf.js cannot read them. */
async function readAnnotations(page: PDFPageProxy): Promise<AnnotationLike[]> {
  try {
    return (await page.getAnnotations({ intent: 'display' })) as AnnotationLike[];
  } catch {
    return [];
  }
}

function attachLinks(annots: LinkAnnotation[], base: Matrix, runs: TextRun[]): void {
  const links: { box: Box; url: string }[] = [];
  for (const a of annots) {
    const url = a.url ?? a.unsafeUrl;
    if (a.subtype !== 'Link' || !url || !a.rect || !/^(https?:|mailto:)/i.test(url)) continue;
    links.push({ box: transformRect(a.rect, base), url });
    if (links.length >= 500) break;
  }
  if (links.length === 0) return;
  const out: TextRun[] = [];
  for (const r of runs) out.push(...splitAtLinks(r, links));
  runs.splice(0, runs.length, ...out);
}

/**
 * A run partly under a link annotation is cut at the link's edges (character positions estimated
 * uniformly, snapped to word boundaries) so that only the linked words carry the URL.
 */
export function splitAtLinks(r: TextRun, links: { box: Box; url: string }[]): TextRun[] {
  const cy = r.y + r.height / 2;
  const hit = links.find((l) => cy >= l.box.y - 2 && cy <= l.box.y + l.box.height + 2 && l.box.x < r.x + r.width && l.box.x + l.box.width > r.x);
  if (!hit || r.rotated || r.text.length === 0) return [r];
  const per = r.width / r.text.length;
  const clampIdx = (v: number): number => Math.max(0, Math.min(r.text.length, Math.round(v)));
  let a = clampIdx((hit.box.x - r.x) / per);
  let b = clampIdx((hit.box.x + hit.box.width - r.x) / per);
  // Snap to the nearest word boundaries (the uniform width estimate drifts).
  a = nearestBoundary(r.text, a, true);
  b = nearestBoundary(r.text, b, false);
  if (b <= a) return [r];
  const piece = (from: number, to: number, link?: string): TextRun | null =>
    to > from && r.text.slice(from, to).trim() ? { ...r, text: r.text.slice(from, to), x: r.x + from * per, width: (to - from) * per, link } : null;
  return [piece(0, a), piece(a, b, hit.url), piece(b, r.text.length)].filter((p): p is TextRun => p !== null);
}

/** Nearest index where a word starts (`start`) or ends. */
function nearestBoundary(text: string, i: number, start: boolean): number {
  const isBoundary = (k: number): boolean =>
    start ? k === 0 || (/\s/.test(text[k - 1]) && !/\s/.test(text[k] ?? ' ')) : k === text.length || (/\s/.test(text[k]) && !/\s/.test(text[k - 1] ?? ' '));
  for (let d = 0; d <= text.length; d++) {
    if (i - d >= 0 && isBoundary(i - d)) return i - d;
    if (i + d <= text.length && isBoundary(i + d)) return i + d;
  }
  return i;
}

/** Tiled images (one picture painted as strips) become one box. */
function mergeImages(images: Box[]): Box[] {
  const out: Box[] = [];
  for (const b of images) {
    const last = out[out.length - 1];
    if (last && Math.abs(last.x - b.x) < 1 && Math.abs(last.width - b.width) < 1 && Math.abs(last.y + last.height - b.y) < 2) {
      last.height = b.y + b.height - last.y;
    } else out.push({ ...b });
  }
  return out;
}

/** A lone control or private-use character is a dingbat bullet from a symbol font. */
function bulletGlyph(text: string): string {
  return /^\s*[\u0000-\u001F\uE000-\uF8FF]\s*$/u.test(text) ? '•' : text;
}

function finiteOr(v: number | null | undefined, fallback: number): number {
  return typeof v === 'number' && Number.isFinite(v) ? v : fallback;
}

function clamp(v: number, lo: number, hi: number): number {
  return Number.isFinite(v) ? Math.min(hi, Math.max(lo, v)) : lo;
}

function round2(v: number): number {
  return Math.round(v * 100) / 100;
}
