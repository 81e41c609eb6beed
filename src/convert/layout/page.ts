// One page: PageLayoutInput → PageModel (typed blocks with boxes, in reading order). Ruled tables
// are cut out first, margin lines set aside as furniture, then the rest is ordered (columns,
// full-width blocks, whitespace tables) and classified block by block. The page's Markdown is
// rendered from the blocks (markdown/render.ts).
import type { Box, PageLayoutInput, TextRun } from './types.js';
import { buildSegments, type Segment, type TextSpan } from './lines.js';
import { isCaptionLine, splitMarginLines } from './margins.js';
import { findRuledRegions } from './ruled-tables.js';
import { isWhitespaceTable, projectGutters, tableFromGrid, tableFromWhitespace } from './tables.js';
import { assembleTableBlocks } from './table-blocks.js';
import { monospaceShare, orderRegion, splitBands, type Item, type RegionBlock } from './regions.js';
import { flowLines, groupParagraphs } from './paragraphs.js';
import { dominantSize } from './headings.js';
import { MIN_PAGE_CHARS_FOR_BODY, recordSizes, type LayoutContext } from './context.js';
import type { TableModel } from './table-model.js';
import { IMAGE_MIN_PAGE_SHARE, MAX_RUNS_PER_PAGE, OCR_SEGMENT_GAP_EM, SEGMENT_GAP_EM } from './limits.js';
import { groupLines } from './lines.js';
import { joinDropCaps } from './dropcap.js';
import { splitFootnotes } from './footnotes.js';
import { applyTexFontStyles } from './tex-fonts.js';
import { unrotateHeadingRows } from './rotated.js';
import { assembleMath } from './math2d.js';
import { renderTable } from '../markdown/table.js';
import { classifyParagraph } from '../markdown/blocks.js';
import { renderPageMarkdown } from '../markdown/render.js';
import { unionBBox, type BBox, type Block, type PageModel } from '../model.js';
import { keepContentFurniture } from './furniture.js';
import { joinContinuations } from './continuations.js';

interface Atom {
  box: Box;
  blocks: Block[];
}

function boxBBox(b: Box): BBox {
  return [b.x, b.y, b.x + b.width, b.y + b.height];
}

function spanBBox(s: { x0: number; x1: number; top: number; bottom: number }): BBox {
  return [s.x0, s.top, s.x1, s.bottom];
}

function tableBlock(bbox: BBox, table: TableModel): Block {
  return { type: 'table', bbox, markdown: renderTable(table), lines: [] };
}

function textLines(spans: TextSpan[]): Block['lines'] {
  return spans.map((s) => ({ text: s.text, bbox: spanBBox(s) }));
}

function sizeSamples(runs: TextRun[]): Map<number, number> {
  const m = new Map<number, number>();
  for (const r of runs) {
    const k = Math.round(r.fontSize * 2) / 2;
    m.set(k, (m.get(k) ?? 0) + r.text.replace(/\s/g, '').length);
  }
  return m;
}

function bodySizeFor(runs: TextRun[], ctx: LayoutContext): number {
  const samples = sizeSamples(runs);
  let chars = 0;
  for (const n of samples.values()) chars += n;
  recordSizes(ctx, samples);
  if (chars >= MIN_PAGE_CHARS_FOR_BODY || ctx.sizeChars.size === 0) return dominantSize(samples) || 10;
  return dominantSize(ctx.sizeChars) || dominantSize(samples) || 10;
}

function usableTable(t: TableModel): boolean {
  const cols = Math.max(0, ...t.rows.map((r) => r.length));
  const filled = t.rows.reduce((n, r) => n + r.filter((c) => c && c.text).length, 0);
  return t.rows.length >= 2 && cols >= 2 && filled >= 3;
}

/**
 * Fake bold: the same text drawn twice (or more) a fraction of a point apart. The copies go, the
 * survivor is bold.
 */
export function dropOverprint(runs: TextRun[]): TextRun[] {
  const seen = new Map<string, TextRun[]>();
  const out: TextRun[] = [];
  const promoted = new Map<TextRun, TextRun>();
  for (const r of runs) {
    const key = `${r.text}|${Math.round(r.y)}`;
    const near = seen.get(key)?.find((o) => Math.abs(o.x - r.x) < 0.25 * r.fontSize && Math.abs(o.y - r.y) < 0.25 * r.fontSize);
    if (near) {
      promoted.set(near, { ...(promoted.get(near) ?? near), bold: true });
      continue;
    }
    const list = seen.get(key);
    if (list) list.push(r);
    else seen.set(key, [r]);
    out.push(r);
  }
  return promoted.size ? out.map((r) => promoted.get(r) ?? r) : out;
}

/** A picture covering most of the page behind the text: a scan with an OCR text layer. */
function scannedBackdrop(input: PageLayoutInput): boolean {
  const area = input.width * input.height;
  return input.images.some((b) => b.width * b.height > 0.6 * area);
}

/** Each run takes its line's median font size (rounded to 0.5 pt). */
function evenLineSizes(runs: TextRun[]): TextRun[] {
  const out: TextRun[] = [];
  for (const line of groupLines(runs)) {
    const sizes = line.map((r) => r.fontSize).sort((a, b) => a - b);
    const size = Math.round(sizes[Math.floor(sizes.length / 2)] * 2) / 2 || sizes[0];
    for (const r of line) out.push({ ...r, fontSize: size, bold: false, italic: false });
  }
  return out;
}

/** A page set entirely in a fixed-width face (typewriter, OCR layer) has no code blocks. */
function monospaceOnlyWhenDistinct(runs: TextRun[]): TextRun[] {
  let mono = 0;
  let chars = 0;
  for (const r of runs) {
    chars += r.text.length;
    if (r.monospace) mono += r.text.length;
  }
  if (chars === 0 || mono < 0.6 * chars) return runs;
  return runs.map((r) => (r.monospace ? { ...r, monospace: false } : r));
}

/** One page's Markdown (its blocks laid out, then rendered). */
export function layoutPageToMarkdown(input: PageLayoutInput, ctx: LayoutContext): string {
  return renderPageMarkdown(layoutPage(input, ctx));
}

export function layoutPage(input: PageLayoutInput, ctx: LayoutContext): PageModel {
  let all = (input.fromOcr ? input.runs : unrotateHeadingRows(input.runs)).filter((r) => !r.rotated && r.text.trim().length > 0);
  all = monospaceOnlyWhenDistinct(dropOverprint(input.fromOcr ? all : applyTexFontStyles(all)));
  // OCR words (and invisible OCR layers over a page scan) carry one size per word: even them out.
  const ocrLike = input.fromOcr || scannedBackdrop(input);
  if (ocrLike) all = evenLineSizes(all);
  let runs = all.length > MAX_RUNS_PER_PAGE ? all.slice(0, MAX_RUNS_PER_PAGE) : all;
  const body = bodySizeFor(runs, ctx);
  runs = joinDropCaps(runs, body);
  const atoms: Atom[] = [];

  // 1. Ruled grids.
  const ruled = input.fromOcr ? { grids: [], open: [] } : findRuledRegions(input.rules, input.width);
  for (const g of ruled.grids) {
    const { table, used } = tableFromGrid(g, runs);
    if (used.size === 0 || !usableTable(table)) continue;
    atoms.push({ box: g.box, blocks: [tableBlock(boxBBox(g.box), table)] });
    runs = runs.filter((r) => !used.has(r));
  }

  // 2. Lines, margins.
  let segs = buildSegments(runs, ocrLike ? OCR_SEGMENT_GAP_EM : SEGMENT_GAP_EM);
  const margins = splitMarginLines(segs, input.height, body, ocrLike);
  segs = margins.body;
  // Dot leaders and drawn-with-characters rules carry no text.
  segs = segs.filter((s) => s.text.length < 4 || /[\p{L}\p{N}]/u.test(s.text));
  if (!ocrLike) segs = assembleMath(segs);
  const foot = splitFootnotes(segs, body, input.height);
  segs = foot.body;
  let items: Item[] = segs.map((seg) => ({ x0: seg.x0, x1: seg.x1, top: seg.top, bottom: seg.bottom, seg }));

  // 3. Tables between horizontal rules (booktabs): columns from whitespace projection.
  for (const box of ruled.open) {
    const inside = items.filter((it) => it.seg && (it.x0 + it.x1) / 2 >= box.x - 2 && (it.x0 + it.x1) / 2 <= box.x + box.width + 2 && it.top >= box.y - 2 && it.bottom <= box.y + box.height + 2);
    if (inside.length < 4 || splitBands(inside).length < 2) continue;
    // Code between rules (a listing frame) is code, however its tokens line up.
    if (monospaceShare(inside) >= 0.8) continue;
    const gutters = projectGutters(inside, body * 0.6);
    if (gutters.length === 0) continue;
    const table = tableFromWhitespace(inside, gutters);
    if (!usableTable(table)) continue;
    const set = new Set(inside);
    items = items.filter((it) => !set.has(it));
    atoms.push({ box, blocks: [tableBlock(boxBBox(box), table)] });
  }

  // 4. Figures; images with text over them are backgrounds (cards, banners): what lies on one is
  // read as one block, so a grid of cards reads card by card.
  const pageArea = input.width * input.height;
  const gutterMin = Math.max(body * 0.9, 4);
  const backgrounds = input.images
    .filter((im) => im.width * im.height >= IMAGE_MIN_PAGE_SHARE * pageArea && im.width * im.height < 0.85 * pageArea)
    .sort((a, b) => a.width * a.height - b.width * b.height);
  for (const im of backgrounds) {
    const inside = (it: Item): boolean => {
      const cx = (it.x0 + it.x1) / 2;
      const cy = (it.top + it.bottom) / 2;
      return cx > im.x && cx < im.x + im.width && cy > im.y && cy < im.y + im.height;
    };
    const on = items.filter((it) => it.seg && inside(it));
    if (on.length === 0) {
      atoms.push({ box: im, blocks: [{ type: 'figure', bbox: boxBBox(im), markdown: '<!-- image -->', lines: [] }] });
      continue;
    }
    if (on.length < 2 || im.width * im.height > 0.5 * pageArea) continue;
    const set = new Set(on);
    items = items.filter((it) => !set.has(it));
    const parts: Block[] = [];
    for (const b of assembleTableBlocks(orderRegion(on, gutterMin))) renderBlock(b, atoms, body, ocrLike, parts);
    atoms.push({ box: im, blocks: parts });
  }
  atoms.forEach((a, i) => items.push({ x0: a.box.x, x1: a.box.x + a.box.width, top: a.box.y, bottom: a.box.y + a.box.height, atom: i }));

  // 5. Reading order and rendering.
  const blocks = assembleTableBlocks(orderRegion(items, gutterMin));
  const out: Block[] = [];
  for (const b of blocks) renderBlock(b, atoms, body, ocrLike, out);
  // Footnotes after the body, column by column.
  const noteItems = foot.notes.map((seg) => ({ x0: seg.x0, x1: seg.x1, top: seg.top, bottom: seg.bottom, seg }));
  const notes: Block[] = [];
  for (const b of orderRegion(noteItems, gutterMin)) renderBlock({ kind: 'flow', items: b.items }, atoms, body, ocrLike, notes);
  for (const n of notes) out.push(n.type === 'paragraph' || n.type === 'list_item' ? { type: 'footnote', bbox: n.bbox, markdown: n.markdown, lines: n.lines, marker: n.marker } : n);
  if (all.length > MAX_RUNS_PER_PAGE) {
    const rest = all.slice(MAX_RUNS_PER_PAGE);
    out.push({ type: 'paragraph', bbox: unionBBox(rest.map((r) => boxBBox(r))), markdown: rest.map((r) => r.text).join(' '), lines: [] });
  }
  const furniture = marginBlocks(margins.furniture, margins.folios, margins.numbered, input.height);
  const content = joinContinuations(out.filter((b) => b.markdown.trim().length > 0));
  const page: PageModel = {
    width: input.width,
    height: input.height,
    blocks: [...furniture.filter((f) => f.type === 'page_header'), ...content, ...furniture.filter((f) => f.type === 'page_footer')],
  };
  return keepContentFurniture(page);
}

/** Margin lines set aside by splitMarginLines, one furniture block per line, top to bottom. */
function marginBlocks(segs: Segment[], folios: Set<number>, numbered: Set<number>, pageHeight: number): Block[] {
  const byLine = new Map<number, Segment[]>();
  for (const s of segs) {
    const l = byLine.get(s.lineId);
    if (l) l.push(s);
    else byLine.set(s.lineId, [s]);
  }
  const blocks: Block[] = [];
  for (const [id, line] of byLine) {
    line.sort((a, b) => a.x0 - b.x0);
    const text = line.map((s) => s.text).join(' ');
    const bbox = unionBBox(line.map(spanBBox));
    const type = (bbox[1] + bbox[3]) / 2 < pageHeight / 2 ? 'page_header' : 'page_footer';
    const block: Block = { type, bbox, markdown: text, lines: [{ text, bbox }], folio: folios.has(id) };
    if (numbered.has(id)) block.numbered = true;
    blocks.push(block);
  }
  return blocks.sort((a, b) => a.bbox[1] - b.bbox[1]);
}

function renderBlock(b: RegionBlock, atoms: Atom[], body: number, fromOcr: boolean, out: Block[]): void {
  if (b.kind === 'grid') {
    // A caption ("Figure 3.", "Table 2:") is never a cell: the grid stops at it, the caption's
    // line is flow, and what follows is ordered afresh (the next table, or text).
    const caption = b.items.filter((i) => i.seg && isCaptionLine(i.seg.text)).sort((p, q) => p.top - q.top)[0];
    if (caption) {
      const above = b.items.filter((i) => i.bottom <= caption.top + 1 && i !== caption);
      const line = b.items.filter((i) => !above.includes(i) && (i === caption || (i.seg && i.seg.lineId === caption.seg!.lineId)));
      const below = b.items.filter((i) => !above.includes(i) && !line.includes(i));
      if (above.length > 0) renderBlock({ kind: 'grid', items: above, gutters: b.gutters }, atoms, body, fromOcr, out);
      renderBlock({ kind: 'flow', items: line }, atoms, body, fromOcr, out);
      for (const next of assembleTableBlocks(orderRegion(below, Math.max(body * 0.9, 4)))) renderBlock(next, atoms, body, fromOcr, out);
      return;
    }
    const cells = b.items.filter((i) => i.seg);
    const table = tableFromWhitespace(cells, b.gutters);
    if (usableTable(table) && isWhitespaceTable(table)) {
      out.push(tableBlock(unionBBox(cells.map(spanBBox)), table));
      for (const it of b.items) if (it.atom !== undefined) out.push(...atoms[it.atom].blocks);
      return;
    }
  }
  // Flow: text segments between atoms, in vertical order.
  const sorted = b.items.slice().sort((p, q) => p.top - q.top || p.x0 - q.x0);
  let pending: Segment[] = [];
  const flush = (): void => {
    if (pending.length === 0) return;
    const lines = flowLines(pending);
    const left = Math.min(...lines.map((l) => l.x0));
    for (const para of groupParagraphs(lines)) {
      const r = classifyParagraph(para, { body, left, fromOcr });
      const type = r.type === 'paragraph' && isCaptionLine(para[0].text) ? 'caption' : r.type;
      const style = { size: Math.max(...para.map((l) => l.size)), bold: para.every((l) => l.bold), italic: para.every((l) => l.italic) };
      out.push({ ...r, type, bbox: unionBBox(para.map(spanBBox)), lines: textLines(para), ...style });
    }
    pending = [];
  };
  for (const it of sorted) {
    if (it.seg) pending.push(it.seg);
    else if (it.atom !== undefined) {
      flush();
      out.push(...atoms[it.atom].blocks);
    }
  }
  flush();
}
