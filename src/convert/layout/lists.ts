// List markers: bullets (•, -, ▪, …) and enumerators (1., 2), a), (iv), A., [12]); a text block that
// starts with one is a list item, nested by its indent from the column's left edge.
import type { Block } from '../model.js';
import { sourceText, undecided, type BlockStage, type PageFacts } from './stage.js';

export interface ListMarker {
  ordered: boolean;
  /** The number for ordered lists written with digits. */
  number?: number;
  /** The marker as written (kept for letters and roman numerals, which Markdown cannot number). */
  label: string;
  /** The text after the marker. */
  rest: string;
}

const BULLET = /^([•·▪▫■□◦●○‣⁃∙➢➤►▶✓✔❖◆◇\-–—*+])\s+(.*)$/su;
const BULLET_TIGHT = /^([•▪■◦●‣➢➤►▶❖◆])(\S.*)$/su;
/**
 * A glyph with no Unicode meaning alone before the text: a bullet from a font that names none of
 * its glyphs (TeX's bitmap Type 3 fonts give \textbullet as a C1 control code, symbol fonts give
 * private-use code points). Text never starts with such a glyph set apart from its first word.
 */
const UNMAPPED_BULLET = /^([\u0080-\u009f\ufffd\ue000-\uf8ff])\s+(\S.*)$/su;
const NUMBERED = /^(\d{1,3})([.)])\s+(.*)$/su;
const LETTERED = /^(\(?[a-zA-Z]\)|[a-z]\.)\s+(.*)$/su;
/**
 * A numbered reference entry ("[12] A. Author, Title…"): the bracketed number, then a capital (an
 * author's name). A citation that happens to open a wrapped line reads "[12] showed", "[12], [13]".
 */
const BRACKETED = /^(\[\d{1,3}\])\s+(\p{Lu}.*)$/su;
const ROMAN = /^(\(?(?:i{1,3}|iv|vi{0,3}|ix|x)\)|(?:i{1,3}|iv|vi{0,3}|ix|x)\.)\s+(.*)$/su;

export function listMarker(text: string): ListMarker | null {
  let m = BULLET.exec(text) ?? BULLET_TIGHT.exec(text) ?? UNMAPPED_BULLET.exec(text);
  if (m) return m[2].length > 0 ? { ordered: false, label: m[1], rest: m[2] } : null;
  m = NUMBERED.exec(text);
  if (m) {
    // "2010. The year…" or "3) " followed by lowercase prose is rare; years are not list numbers.
    const n = Number(m[1]);
    if (m[3].length > 0) return { ordered: true, number: n, label: m[1] + m[2], rest: m[3] };
  }
  m = BRACKETED.exec(text);
  if (m) return { ordered: false, label: m[1], rest: m[2] };
  m = ROMAN.exec(text);
  if (m) return { ordered: false, label: m[1], rest: m[2] };
  m = LETTERED.exec(text);
  if (m) return { ordered: false, label: m[1], rest: m[2] };
  return null;
}

/** Deepest nesting; one level per this many body sizes of indent. */
const MAX_DEPTH = 3;
const DEPTH_STEP_EM = 1.5;

/** The label after `label` in its list: 3. after 2., c) after b), a bullet after a bullet. */
export function nextLabel(label: string): string {
  const n = /^(\d{1,3})([.)])$/.exec(label);
  if (n) return `${Number(n[1]) + 1}${n[2]}`;
  const l = /^(\(?)([a-y])([.)])$/.exec(label);
  if (l) return `${l[1]}${String.fromCharCode(l[2].charCodeAt(0) + 1)}${l[3]}`;
  return label;
}

/**
 * A text block opened by a line whose list mark OCR lost (paragraphs.ts `markLost`) is the next
 * item of the list before it: its label follows that item's, at its depth.
 */
function unreadItem(b: Block, before: Block | undefined): Block | null {
  if (!b.source![0].markLost || before?.type !== 'list_item' || before.marker === undefined) return null;
  const marker = nextLabel(before.marker);
  const item: Block = { ...b, type: 'list_item', depth: before.depth, marker, markerUnread: true };
  const n = /^\d+/.exec(marker);
  if (n && before.number !== undefined) item.number = Number(n[0]);
  return item;
}

export const listsStage: BlockStage = (blocks: Block[], page: PageFacts) => {
  const out: Block[] = [];
  for (const b of blocks) out.push(listItem(b, page, out[out.length - 1]));
  return listLevels(out, page);
};

/** Marks this close (in body sizes) stand at one level: a list's marks are set flush right ("9." and "10.", "a." and "b."). */
const LEVEL_TOL_EM = 0.6;

/**
 * Depth is relative to the list: within a run of consecutive items, each further indent opens a
 * level and a return to an indent seen before closes the levels inside it, whatever the indents
 * measure (HTML nests by 40 px, a word processor by its tab stops; issue 9: counting fixed steps
 * put a nested item one or two levels deep by a fraction of a point). The run's first item is at
 * the top level when what comes before the run is set at its column's left edge (or nothing
 * does). Lists are set indented from their text, and an item has nothing to nest under then
 * (issue 9: every item of a Chromium-printed list came out nested one level). Text set indented
 * before the run keeps the first item's depth: it is an item whose mark OCR lost, or an item's
 * own paragraph, that the run nests under. An item set higher than the one before it opens the
 * next column (a list running on across columns): the levels move with the column's left edge.
 */
function listLevels(blocks: Block[], page: PageFacts): Block[] {
  const out = blocks.slice();
  const tol = LEVEL_TOL_EM * page.body;
  for (let k = 0; k < out.length; ) {
    if (out[k].type !== 'list_item') {
      k++;
      continue;
    }
    let end = k;
    while (end < out.length && out[end].type === 'list_item') end++;
    const before = out[k - 1];
    // The indent of each open level, outermost first. A run that opens nested (items before it
    // lost to OCR, or set as text) opens under the shallower indents its column shows later.
    let levels = outerIndents(out.slice(k, end), tol);
    // Under indented text the first item keeps its depth, those levels included.
    const base = before === undefined || indentDepth(before, page) === 0 ? 0 : Math.max(0, (out[k].depth ?? 0) - levels.length);
    for (let i = k; i < end; i++) {
      const x = out[i].source?.[0]?.x0;
      if (x === undefined) continue;
      const prev = i > k ? out[i - 1] : undefined;
      // An item whose mark OCR lost starts at its text, not at its mark: it keeps the level
      // unreadItem gave it, the one of the item before.
      if (out[i].markerUnread && prev) {
        out[i] = { ...out[i], depth: prev.depth };
        continue;
      }
      let level: number;
      if (levels.length === 0 || i === k) level = levels.length;
      else if (prev && opensColumn(prev, out[i])) {
        // A new column: the levels move with it, by the columns' left edges; an item at no
        // level's indent from its column's edge stays at the level of the one before.
        const shift = (out[i].columnLeft ?? x) - (prev.columnLeft ?? levels[0]);
        levels = levels.map((l) => l + shift);
        level = levels.findIndex((l) => Math.abs(l - x) <= tol);
        if (level < 0) level = Math.min(levels.length - 1, (prev.depth ?? base) - base);
      } else {
        level = levels.findIndex((l) => Math.abs(l - x) <= tol);
        if (level < 0) level = levels.filter((l) => l < x).length;
      }
      levels = [...levels.slice(0, level), x];
      out[i] = { ...out[i], depth: Math.min(MAX_DEPTH, base + level) };
    }
    k = end;
  }
  return out;
}

/** An item set higher than the one before it opens the next column (a list running on across columns). */
function opensColumn(before: Block, item: Block): boolean {
  return item.bbox[1] < before.bbox[1] - 1;
}

/**
 * The indents shallower than a run's first item among the items of its first column (up to the
 * first item set higher than the one before it), one per level, outermost first.
 */
function outerIndents(run: Block[], tol: number): number[] {
  const first = run[0].source?.[0]?.x0;
  if (first === undefined) return [];
  const xs: number[] = [];
  for (let i = 0; i < run.length; i++) {
    if (i > 0 && opensColumn(run[i - 1], run[i])) break;
    const x = run[i].source?.[0]?.x0;
    if (x !== undefined && !run[i].markerUnread && x < first - tol) xs.push(x);
  }
  const levels: number[] = [];
  for (const x of xs.sort((a, b) => a - b)) if (levels.length === 0 || x - levels[levels.length - 1] > tol) levels.push(x);
  return levels;
}

/** How many depth steps a text block's first line is set in from its column's left edge (0 without lines). */
function indentDepth(b: Block, page: PageFacts): number {
  const first = b.source?.[0];
  if (!first) return 0;
  return Math.max(0, Math.floor((first.x0 - (b.columnLeft ?? first.x0)) / Math.max(1, page.body * DEPTH_STEP_EM)));
}

function listItem(b: Block, page: PageFacts, before: Block | undefined): Block {
  if (!undecided(b)) return b;
  const marker = listMarker(sourceText(b));
  if (!marker) return unreadItem(b, before) ?? b;
  const depth = Math.min(MAX_DEPTH, indentDepth(b, page));
  const item: Block = { ...b, type: 'list_item', depth, marker: marker.label.trim() };
  if (marker.ordered && marker.number !== undefined) item.number = marker.number;
  return item;
}
