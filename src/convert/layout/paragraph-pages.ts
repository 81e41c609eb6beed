// Paragraphs continued on the next page (issue 9): a document pass over the page models. The
// page's last paragraph left open (no terminal punctuation, or a hyphen) and the next page's first
// paragraph starting in lower case in the same face size are one paragraph cut by the page break
// (the same law as a column break, continuations.ts). Figures, tables, captions and headings at
// the foot of the one or the top of the other (floats, up to MAX_ASIDES; a sidebar's blocks count
// as one) may stand between them.
//
// How the join is represented (DECISIONS §8: a page's Markdown is its own blocks, as printed):
// each page keeps its half, and the second half is marked `continues` (it goes on from the last
// paragraph of the previous page), as a table continued over a page is (table-pages.ts). The
// document's Markdown joins the two (markdown/render.ts documentMarkdown).
import { isFurniture, type Block, type PageModel } from '../model.js';
import { ASIDE_TYPES, MAX_ASIDES, continues } from './continuations.js';

/** The page's flowing content: furniture and footnotes (which follow the body) set aside. */
function bodyBlocks(page: PageModel): Block[] {
  return page.blocks.filter((b) => !isFurniture(b) && b.type !== 'footnote');
}

/**
 * The first block not an aside, looking from `start` in `step` direction past at most MAX_ASIDES
 * of them; a sidebar's blocks (`aside`, insets.ts) count as one.
 */
function pastAsides(blocks: Block[], start: number, step: 1 | -1): Block | undefined {
  const within = (i: number): boolean => i >= 0 && i < blocks.length;
  for (let i = start, skipped = 0; within(i); ) {
    if (blocks[i].aside) while (within(i) && blocks[i].aside) i += step;
    else if (ASIDE_TYPES.has(blocks[i].type)) i += step;
    else return blocks[i];
    if (++skipped > MAX_ASIDES) return undefined;
  }
  return undefined;
}

/**
 * Marks the paragraphs that go on from the previous page's last paragraph. `indexes`: each page's
 * index in the source (a page selection may skip pages; only adjacent pages are joined). Pages are
 * returned as new objects only where a block changes.
 */
export function markContinuedParagraphs(pages: PageModel[], indexes?: readonly number[]): PageModel[] {
  return pages.map((page, p) => {
    if (p === 0 || (indexes && indexes[p] !== indexes[p - 1] + 1)) return page;
    const before = bodyBlocks(pages[p - 1]);
    const after = bodyBlocks(page);
    const last = pastAsides(before, before.length - 1, -1);
    const first = pastAsides(after, 0, 1);
    if (!last || !first || first.continues || !continues(last, first)) return page;
    return { ...page, blocks: page.blocks.map((b) => (b === first ? { ...b, continues: true } : b)) };
  });
}
