// The one Markdown renderer: a block's Markdown from what the layout stages decided about it (type,
// level, marker, depth, styled text, table cells, LaTeX, code lines), and a page's Markdown as its
// non-furniture blocks' Markdown in reading order, separated by blank lines, except consecutive
// list items, which stay a tight list (DECISIONS §8: any span of the page's Markdown maps back to
// one block's box). Nothing before it writes Markdown (issue 9).
import { isFurniture, type Block, type FormulaLine, type InlinePiece, type PageModel, type RenderedBlock, type RenderedPage } from '../model.js';
import { blankPieces, renderPieces } from './inline.js';
import { renderTable } from './table.js';

/** A prose line must not turn into a heading, list or quote by accident. */
function escapeLineStart(s: string): string {
  return s.replace(/^(#{1,6}\s|>\s)/, '\\$1');
}

/** One stretch of a text block's styled text. */
function textMarkdown(b: Block, pieces: InlinePiece[]): string {
  // A heading (or a running line that was one) keeps its `#`s.
  if (b.level !== undefined) {
    const plain = renderPieces(pieces, { styles: false }).replace(/^#+\s*/, '');
    return `${'#'.repeat(b.level ?? 1)} ${plain}`;
  }
  // Inner bold markers inside an all-bold block say nothing; OCR styles are not trusted.
  const styles = !b.ocr && !b.bold;
  const body = renderPieces(pieces, { styles });
  if (b.marker !== undefined) {
    const indent = '  '.repeat(b.depth ?? 0);
    if (b.number !== undefined) return `${indent}${b.number}. ${body}`;
    // Letters, roman numerals and bracketed reference numbers, which Markdown cannot number, stay written out.
    const label = /^[a-zA-Z(ivx[]/.test(b.marker) ? `${b.marker} ` : '';
    return `${indent}- ${label}${body}`;
  }
  return b.bold && body.length > 0 && /\p{L}{2}/u.test(body) && !b.ocr ? `**${body}**` : escapeLineStart(body);
}

/**
 * A text block's stretches joined: a stretch that ends in a hyphenated word runs on into the next
 * without the hyphen, else a space (layout/continuations.ts joins blocks cut by a column break).
 */
function joinedText(b: Block, parts: InlinePiece[][]): string {
  let md = '';
  parts.forEach((pieces, i) => {
    const next = textMarkdown(b, pieces);
    if (i === 0) md = next;
    else md = /\p{L}-$/u.test(md) ? md.slice(0, -1) + next : `${md} ${next}`;
  });
  return md;
}

function formulaMarkdown(lines: FormulaLine[]): string {
  return lines.map((l) => l.latex.map((t) => `$${t}$`).join(' ') + (l.number !== undefined ? ` ${l.number}` : '')).join('\n\n');
}

/** A block's Markdown. */
export function blockMarkdown(b: Block): string {
  if (b.text !== undefined) return b.text;
  switch (b.type) {
    case 'figure':
      return '<!-- image -->';
    case 'table':
      return b.table ? renderTable(b.table) : '';
    case 'formula':
      return formulaMarkdown(b.formula ?? []);
    case 'code':
      return '```\n' + (b.code ?? []).join('\n') + '\n```';
    default:
      return b.inline ? joinedText(b, b.inline) : '';
  }
}

/** Whether a block renders to nothing (a paragraph of dot leaders), without rendering ordinary text. */
export function rendersBlank(b: Block): boolean {
  if (b.text !== undefined) return b.text.trim().length === 0;
  switch (b.type) {
    case 'figure':
    case 'formula':
    case 'code':
      return false;
    case 'table':
      return !b.table || b.table.rows.length === 0;
    default:
      // A heading's `#` always shows; a list item's marker too.
      if (!b.inline) return true;
      if (b.level !== undefined || b.marker !== undefined) return false;
      return b.inline.every(blankPieces);
  }
}

/** A block that renders as one line of a list (list items, and notes set as "1. …"). */
function listLine(b: RenderedBlock): boolean {
  return b.marker !== undefined;
}

/**
 * The page as it leaves the engine once the document passes are done: every block rendered, without
 * its lines and layout-only fields (they served the passes; the result needs type, box, Markdown,
 * level). Keeps what crosses the worker boundary small.
 */
export function renderPage(page: PageModel): RenderedPage {
  return {
    width: page.width,
    height: page.height,
    blocks: page.blocks.map((b): RenderedBlock => {
      const out: RenderedBlock = { type: b.type, bbox: b.bbox, markdown: blockMarkdown(b) };
      if (b.level !== undefined) out.level = b.level;
      if (b.depth !== undefined) out.depth = b.depth;
      if (b.marker !== undefined) out.marker = b.marker;
      if (b.continues) out.continues = true;
      if (b.repeatedHeaderRows !== undefined) out.repeatedHeaderRows = b.repeatedHeaderRows;
      return out;
    }),
  };
}

/** A rendered page's Markdown: the join of its non-furniture blocks (DECISIONS §8). */
export function pageMarkdown(page: RenderedPage): string {
  return joinedBlocksMarkdown(page.blocks);
}

/** Blocks' Markdown in order, furniture and blank blocks left out: blank lines between, one newline within a list. */
export function joinedBlocksMarkdown(blocks: readonly RenderedBlock[]): string {
  let md = '';
  let prev: RenderedBlock | undefined;
  for (const b of blocks) {
    if (isFurniture(b) || b.markdown.trim().length === 0) continue;
    md += md ? (prev && listLine(prev) && listLine(b) ? '\n' : '\n\n') + b.markdown : b.markdown;
    prev = b;
  }
  return md;
}

/** A page's Markdown, rendered from its blocks. */
export function renderPageMarkdown(page: PageModel): string {
  return pageMarkdown(renderPage(page));
}
