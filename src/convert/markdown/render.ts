// The one Markdown renderer of a page: its non-furniture blocks' Markdown in reading order,
// separated by blank lines, except consecutive list items, which stay a tight list
// (DECISIONS §8: any span of the page's Markdown maps back to one block's box).
import { isFurniture, type Block, type PageModel } from '../model.js';

/** A block that renders as one line of a list (list items, and notes set as "1. …"). */
function listLine(b: Block): boolean {
  return b.marker !== undefined;
}

export function renderPageMarkdown(page: PageModel): string {
  let md = '';
  let prev: Block | undefined;
  for (const b of page.blocks) {
    if (isFurniture(b) || b.markdown.trim().length === 0) continue;
    md += md ? (prev && listLine(prev) && listLine(b) ? '\n' : '\n\n') + b.markdown : b.markdown;
    prev = b;
  }
  return md;
}
