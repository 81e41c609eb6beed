// DocTags → Markdown (models-wire.md §2 mapping, after docling-core's Markdown serializer):
// headings `#`×(level+1), `$$…$$` formulas, fenced code, pipe tables, `<!-- image -->` pictures,
// page furniture dropped, every tag stripped from text, an unfinished last element dropped.
import { otslGrid, pipeTable } from './otsl.js';
import { parseDocTags, textOf, type DtElement, type DtNode } from './parse.js';
import { round2, scaleBox, type PageSize } from '../blocks.js';
import type { BlockType, OutputBlock, PageBlocks } from '../types.js';

const FURNITURE = new Set(['page_header', 'page_footer', 'page_number']);
const PARAGRAPHS = new Set(['text', 'paragraph', 'footnote', 'handwritten_text', 'reference', 'smiles', 'marker']);
const LIST_TAGS = new Set(['unordered_list', 'ordered_list']);

/** Markdown per page: `<page_break>` separates pages (multi-page DocTags); one page otherwise. */
export function doctagsToPages(input: string): string[] {
  const pages: string[][] = [[]];
  for (const node of parseDocTags(input)) {
    if (node.kind === 'token' && node.name === 'page_break') {
      pages.push([]);
      continue;
    }
    if (node.kind !== 'element' || !node.closed) continue; // loose text, tokens, a cut-off tail
    const block = renderBlock(node);
    if (block) pages[pages.length - 1]!.push(block);
  }
  return pages.map((blocks) => blocks.join('\n\n'));
}

/** Markdown of one page's DocTags (page breaks, if any, become blank-line separated). */
export function doctagsToMarkdown(input: string): string {
  return doctagsToPages(input).filter(Boolean).join('\n\n');
}

/** DocTags element → the API's block type (DECISIONS §8). */
function blockType(name: string): BlockType {
  if (name === 'page_header') return 'page_header';
  if (name === 'page_footer' || name === 'page_number') return 'page_footer';
  if (name === 'title' || name.startsWith('section_header_level_')) return 'heading';
  if (name === 'formula') return 'formula';
  if (name === 'code') return 'code';
  if (name === 'otsl') return 'table';
  if (name === 'picture' || name === 'chart') return 'figure';
  if (LIST_TAGS.has(name) || name === 'list_item') return 'list_item';
  if (name === 'caption') return 'caption';
  if (name === 'footnote') return 'footnote';
  return 'paragraph';
}

/** The element's own `<loc_x0><loc_y0><loc_x1><loc_y1>` (0–499 grid), if it has four. */
function locBox(el: DtElement): number[] | null {
  const locs: number[] = [];
  for (const c of el.children) {
    if (c.kind !== 'token') continue;
    const m = /^loc_(\d{1,3})$/.exec(c.name);
    if (m) locs.push(Number(m[1]));
    if (locs.length === 4) return locs;
  }
  return null;
}

/**
 * One page's DocTags as blocks with boxes on `size` (the page in points; loc values are on a
 * 0–499 grid over the rendered page). Furniture keeps its text as page_header/page_footer; the
 * other blocks' Markdown is exactly what doctagsToMarkdown joins.
 */
export function doctagsToBlocks(input: string, size: PageSize): PageBlocks {
  const blocks: OutputBlock[] = [];
  for (const node of parseDocTags(input)) {
    if (node.kind !== 'element' || !node.closed) continue;
    const type = blockType(node.name);
    const markdown = FURNITURE.has(node.name) ? flat(node) : renderBlock(node);
    if (!markdown) continue;
    const loc = locBox(node);
    const bbox = scaleBox(loc ?? [0, 0, DOCTAGS_GRID, DOCTAGS_GRID], DOCTAGS_GRID, DOCTAGS_GRID, size);
    const level = type === 'heading' ? (node.name === 'title' ? 1 : Math.min(6, Number(node.name.slice(-1)) + 1)) : undefined;
    blocks.push(level ? { type, bbox, markdown, level } : { type, bbox, markdown });
  }
  return { width: round2(size.width), height: round2(size.height), blocks };
}

/** DocTags `loc` values run 0..499 over the page. */
const DOCTAGS_GRID = 500;

function renderBlock(el: DtElement): string {
  const name = el.name;
  if (FURNITURE.has(name)) return '';
  if (name === 'title') return heading(1, el);
  const level = /^section_header_level_(\d)$/.exec(name);
  if (level) return heading(Math.min(6, Number(level[1]) + 1), el);
  if (name === 'formula') return formula(el, false);
  if (name === 'code') return code(el);
  if (name === 'otsl') return table(el);
  if (name === 'picture' || name === 'chart') return picture(el);
  if (LIST_TAGS.has(name)) return list(el, 0);
  if (name === 'inline') return inline(el);
  if (name === 'checkbox_selected') return prefixed('[x] ', el);
  if (name === 'checkbox_unselected') return prefixed('[ ] ', el);
  if (name === 'caption' || PARAGRAPHS.has(name)) return paragraph(el);
  // key_value_region, form, group and anything newer: their blocks in order, else their text.
  const inner = el.children.filter((c): c is DtElement => c.kind === 'element' && c.closed).map(renderBlock).filter(Boolean);
  return inner.length ? inner.join('\n\n') : paragraph(el);
}

function flat(node: DtNode): string {
  return textOf(node).replace(/\s+/g, ' ').trim();
}

function heading(level: number, el: DtElement): string {
  const text = flat(el);
  return text ? `${'#'.repeat(level)} ${text}` : '';
}

function paragraph(el: DtElement): string {
  return flat(el);
}

function prefixed(prefix: string, el: DtElement): string {
  const text = flat(el);
  return text ? prefix + text : '';
}

function formula(el: DtElement, inlineMath: boolean): string {
  const tex = textOf(el).trim();
  if (!tex) return '';
  return inlineMath ? `$${tex}$` : `$$${tex}$$`;
}

function code(el: DtElement): string {
  let lang = '';
  let body = '';
  for (const c of el.children) {
    if (c.kind === 'token' && c.name.startsWith('_') && c.name.endsWith('_')) {
      if (!lang) lang = c.name.slice(1, -1).trim().toLowerCase();
    } else if (c.kind !== 'element' || c.name !== 'caption') body += textOf(c);
  }
  if (lang === 'unknown') lang = '';
  body = body.replace(/^\n+|\s+$/g, '');
  if (!body) return '';
  const fence = body.includes('```') ? '````' : '```';
  const caption = captionOf(el);
  const block = `${fence}${lang.replace(/\s+/g, '-')}\n${body}\n${fence}`;
  return caption ? `${caption}\n\n${block}` : block;
}

function captionOf(el: DtElement): string {
  return el.children
    .filter((c): c is DtElement => c.kind === 'element' && c.name === 'caption' && c.closed)
    .map(flat)
    .filter(Boolean)
    .join(' ');
}

function table(el: DtElement): string {
  const md = pipeTable(otslGrid(el.children));
  const caption = captionOf(el);
  return [caption, md].filter(Boolean).join('\n\n');
}

function picture(el: DtElement): string {
  const caption = captionOf(el);
  return caption ? `<!-- image -->\n\n${caption}` : '<!-- image -->';
}

function inline(el: DtElement): string {
  const parts: string[] = [];
  for (const c of el.children) {
    if (c.kind === 'element' && c.name === 'formula') parts.push(formula(c, true));
    else if (c.kind === 'element' && c.name === 'code') parts.push(`\`${textOf(c).trim()}\``);
    else parts.push(flat(c));
  }
  return parts.filter(Boolean).join(' ');
}

function list(el: DtElement, depth: number): string {
  const ordered = el.name === 'ordered_list';
  const indent = '   '.repeat(depth);
  const lines: string[] = [];
  let n = 0;
  for (const item of el.children) {
    if (item.kind !== 'element') continue;
    if (LIST_TAGS.has(item.name)) {
      lines.push(list(item, depth + 1));
      continue;
    }
    if (item.name !== 'list_item') continue;
    const nested = item.children.filter((c): c is DtElement => c.kind === 'element' && LIST_TAGS.has(c.name));
    const own = item.children.filter((c) => !(c.kind === 'element' && LIST_TAGS.has(c.name)));
    const text = own
      .map((c) => (c.kind === 'element' && c.name === 'inline' ? inline(c) : c.kind === 'element' && c.name === 'formula' ? formula(c, true) : flat(c)))
      .filter(Boolean)
      .join(' ')
      .replace(/^[-•·▪]\s+/, '');
    n++;
    if (text) lines.push(`${indent}${ordered ? `${n}.` : '-'} ${text}`);
    for (const sub of nested) lines.push(list(sub, depth + 1));
  }
  return lines.filter(Boolean).join('\n');
}
