// One page: PageLayoutInput → PageModel (typed blocks with boxes, in reading order). Orchestration
// only: the runs are prepared (prepare-runs.ts), the page stages place tables, lines, figures and
// the reading order, the block stages type the text blocks (stages.ts), and the margin lines set
// aside frame the page as its header and footer blocks. The page's Markdown is rendered from the
// blocks, last (markdown/render.ts).
import type { PageLayoutInput } from './types.js';
import type { LayoutContext } from './context.js';
import type { PageModel } from '../model.js';
import { prepareRuns } from './prepare-runs.js';
import { runBlockStages, runPageStages } from './stages.js';
import { marginBlocks } from './page-lines.js';
import { keepContentFurniture } from './furniture.js';
import { initialPageState } from './page-state.js';
import { proseBodySize } from './prose-body.js';
import { renderPageMarkdown } from '../markdown/render.js';

export { dropOverprint } from './prepare-runs.js';

/** One page's Markdown (its blocks laid out, then rendered). */
export function layoutPageToMarkdown(input: PageLayoutInput, ctx: LayoutContext): string {
  return renderPageMarkdown(layoutPage(input, ctx));
}

export function layoutPage(input: PageLayoutInput, ctx: LayoutContext): PageModel {
  const placed = runPageStages(initialPageState(input, prepareRuns(input, ctx)));
  // Headings are judged against the prose's size, not the table cells' (prose-body.ts).
  const content = runBlockStages(placed.blocks, { body: proseBodySize(placed.blocks, placed.body), ocr: placed.ocr });
  const furniture = marginBlocks(placed);
  return keepContentFurniture({
    width: input.width,
    height: input.height,
    blocks: [...furniture.filter((f) => f.type === 'page_header'), ...content, ...furniture.filter((f) => f.type === 'page_footer')],
  });
}
