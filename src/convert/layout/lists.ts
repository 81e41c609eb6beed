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
  return fromTopLevel(out, page);
};

/**
 * Depth is relative to the list: the shallowest item of a run of consecutive items is at the top
 * level when what comes before the run is set at its column's left edge (or nothing does). Lists
 * are set indented from their text (HTML's default 40 px, a word processor's hanging indent), and
 * an item has nothing to nest under then (issue 9: every item of a Chromium-printed list came out
 * nested one level). Text set indented before the run keeps the depths: it is an item whose mark
 * OCR lost, or an item's own paragraph, that the run nests under.
 */
function fromTopLevel(blocks: Block[], page: PageFacts): Block[] {
  const out = blocks.slice();
  for (let k = 0; k < out.length; ) {
    if (out[k].type !== 'list_item') {
      k++;
      continue;
    }
    let end = k;
    while (end < out.length && out[end].type === 'list_item') end++;
    const least = Math.min(...out.slice(k, end).map((b) => b.depth ?? 0));
    const before = out[k - 1];
    if (least > 0 && (before === undefined || indentDepth(before, page) === 0)) {
      for (let i = k; i < end; i++) out[i] = { ...out[i], depth: (out[i].depth ?? 0) - least };
    }
    k = end;
  }
  return out;
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
