// Heading levels consistent across pages (issue 9): a document pass over the page models. Levels
// are decided per page against that page's prose size (headings.ts), so a page set in other type
// (notes or references in small print, a foreword in large) ranks the same heading face one level
// up or down. Here every heading of one face (size, weight, slant, capitals, section-number depth)
// takes one level for the whole document: the level most of its headings have on the pages whose
// prose is set in the document's body size; a face printed on none of those pages is ranked by the
// same law as on a page (headings.ts sizeLevel), against the document's body size. OCR headings
// keep their page's level, their sizes being estimates, not faces, but for their section numbers:
// headings numbered to one depth share the level most of them have (numberedOcrLevels).
import type { Block, PageModel } from '../model.js';
import { dominantSize, isCapsTitle, MIN_RATIO, numberedLevel, sectionDepth, sizeLevel } from './headings.js';

function blockText(b: Block): string {
  return b.lines.map((l) => l.text).join(' ').trim();
}

/** The face of a heading: what must give it the same level wherever it is printed. */
function face(b: Block): string | undefined {
  if (b.type !== 'heading' || b.level === undefined || b.size === undefined || b.ocr) return undefined;
  const text = blockText(b);
  // Section numbers rank headings of one face apart ("2 Methods" over "2.1 Data"): part of the face.
  return [Math.round(b.size * 2) / 2, b.bold ? 'b' : '', b.italic ? 'i' : '', isCapsTitle(text) ? 'C' : '', numberedLevel(text)].join('|');
}

/** Sizes of the paragraphs' text, weighted by characters (dominantSize: what the prose is set in). */
function proseSamples(blocks: Block[]): Array<[number, number]> {
  return blocks.flatMap((b): Array<[number, number]> => (b.type === 'paragraph' && b.size !== undefined && b.angle === undefined && !b.ocr ? [[b.size, blockText(b).length]] : []));
}

/**
 * The size most pages' prose is set in; 0 without prose. A tie goes to the larger size: pages set
 * smaller than the text (notes, references, appendices) are common, pages set larger are not.
 */
function documentBody(pageBodies: number[]): number {
  const pagesAt = new Map<number, number>();
  for (const size of pageBodies) if (size > 0) pagesAt.set(size, (pagesAt.get(size) ?? 0) + 1);
  let best = 0;
  let most = 0;
  for (const [size, n] of pagesAt) if (n > most || (n === most && size > best)) { best = size; most = n; }
  return best;
}

/** The level with most votes; a tie goes to the level seen first. */
function mostVoted(votes: Map<number, number>): number {
  let best = 0;
  let most = 0;
  for (const [level, n] of votes) if (n > most) { most = n; best = level; }
  return best;
}

/** The level the page rule gives a heading of this face on a page set in `body` (headings.ts). */
function levelAgainst(b: Block, body: number): number {
  const r = b.size! / body;
  return r >= MIN_RATIO ? sizeLevel(r) : numberedLevel(blockText(b)) || 3;
}

/** A face this much larger than another is set apart from it (rounding and scaling aside). */
const CLEARLY_LARGER = 1.08;
/** A document's title is printed once, or twice (a cover and a title page). */
const TITLE_MAX_OCCURRENCES = 2;

interface FaceLevel {
  size: number;
  level: number;
  count: number;
}

/**
 * The document's title over its sections: the ratio law alone gives a paper's title (1.55× the
 * text) and its sections (1.3×) one level. The largest face, printed at most twice, clearly larger
 * than a face that shares its level, ranks one level above it. One step and only the title: a
 * cascade from the smallest faces up would let one false heading face lift every level.
 */
function rankTitle(levels: Map<string, FaceLevel>): void {
  const faces = [...levels.values()];
  if (faces.length < 2) return;
  const top = faces.reduce((a, b) => (b.size > a.size ? b : a));
  if (top.level <= 1 || top.count > TITLE_MAX_OCCURRENCES) return;
  if (faces.some((g) => g !== top && g.level === top.level && g.size * CLEARLY_LARGER <= top.size)) top.level--;
}

/** Deepest heading level. */
const MAX_LEVEL = 6;

/** An OCR heading's section-number depth; 0 for other blocks and unnumbered headings. */
function ocrSectionDepth(b: Block): number {
  return b.type === 'heading' && b.ocr && b.level !== undefined ? sectionDepth(blockText(b)) : 0;
}

/**
 * OCR headings by their section numbers: an estimated size puts one "1.1.4" a level above its
 * "1.1.1"-"1.1.3". Headings numbered to one depth take the level most of them have, a deeper
 * number a deeper level than a shallower one's. Headings without a number keep their level.
 */
function numberedOcrLevels(pages: PageModel[]): PageModel[] {
  const votes = new Map<number, Map<number, number>>();
  for (const page of pages) {
    for (const b of page.blocks) {
      const depth = ocrSectionDepth(b);
      if (depth === 0) continue;
      const v = votes.get(depth) ?? new Map<number, number>();
      v.set(b.level!, (v.get(b.level!) ?? 0) + 1);
      votes.set(depth, v);
    }
  }
  if (votes.size === 0) return pages;
  const levelOf = new Map<number, number>();
  let above = 0;
  for (const depth of [...votes.keys()].sort((a, b) => a - b)) {
    const level = Math.min(MAX_LEVEL, Math.max(mostVoted(votes.get(depth)!), above + 1));
    levelOf.set(depth, level);
    above = level;
  }
  return pages.map((page) => {
    let changed = false;
    const blocks = page.blocks.map((b) => {
      const depth = ocrSectionDepth(b);
      const level = levelOf.get(depth);
      if (depth === 0 || level === undefined || level === b.level) return b;
      changed = true;
      return { ...b, level };
    });
    return changed ? { ...page, blocks } : page;
  });
}

/**
 * Gives every heading of one face the same level on every page, the title ranked over the
 * sections (rankTitle); OCR headings by their section numbers (numberedOcrLevels). Pages are
 * returned as new objects only where a level changes.
 */
export function unifyHeadingLevels(input: PageModel[]): PageModel[] {
  if (input.length === 0) return input;
  const pages = numberedOcrLevels(input);
  const pageBodies = pages.map((p) => dominantSize(proseSamples(p.blocks)));
  const body = documentBody(pageBodies);
  if (body <= 0) return pages;
  const votes = new Map<string, Map<number, number>>();
  pages.forEach((page, p) => {
    if (pageBodies[p] !== body) return;
    for (const b of page.blocks) {
      const key = face(b);
      if (key === undefined) continue;
      const v = votes.get(key) ?? new Map<number, number>();
      v.set(b.level!, (v.get(b.level!) ?? 0) + 1);
      votes.set(key, v);
    }
  });
  const levels = new Map<string, FaceLevel>();
  for (const page of pages) {
    for (const b of page.blocks) {
      const key = face(b);
      if (key === undefined) continue;
      const known = levels.get(key);
      if (known) {
        known.count++;
        continue;
      }
      const v = votes.get(key);
      levels.set(key, { size: b.size!, level: v ? mostVoted(v) : levelAgainst(b, body), count: 1 });
    }
  }
  rankTitle(levels);
  let any = false;
  const out = pages.map((page) => {
    let changed = false;
    const blocks = page.blocks.map((b) => {
      const key = face(b);
      if (key === undefined) return b;
      const level = levels.get(key)!.level;
      if (level === b.level) return b;
      changed = true;
      return { ...b, level };
    });
    any ||= changed;
    return changed ? { ...page, blocks } : page;
  });
  return any ? out : pages;
}
