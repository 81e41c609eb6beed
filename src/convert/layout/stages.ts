// The page layout as an ordered list of small pure stages (issue 9). The page stages take the
// page's runs to blocks in reading order: text blocks still untyped, tables and figures placed
// whole. The block stages then decide, one question each, what every text block is; they run in
// this order because each decides only what the stages before it left undecided (code and
// formulas are told by their faces and symbols before size and weight can make them headings, and
// a numbered heading "2 Methods" is a heading before its number can make it a list item). Then
// the blocks' text is kept as styled pieces, and blocks that carry no text go. Nothing here writes
// Markdown: markdown/render.ts renders the blocks last, after the document passes, which work on
// every page's blocks with their geometry once all pages are laid out.
import type { Block, PageModel } from '../model.js';
import { ruledTablesStage, openTablesStage } from './page-tables.js';
import { linesStage } from './page-lines.js';
import { figuresStage } from './figures.js';
import { insetsStage } from './insets.js';
import { readingOrderStage } from './flow.js';
import { codeStage } from './code-blocks.js';
import { formulaStage } from './formulas.js';
import { headingsStage } from './headings.js';
import { listsStage } from './lists.js';
import { captionsStage } from './captions.js';
import { footnotesStage } from './footnotes.js';
import { inlineTextStage } from './text-blocks.js';
import { joinContinuations } from './continuations.js';
import { markRunningLines } from './furniture.js';
import { joinContinuedTables } from './table-pages.js';
import { unifyHeadingLevels } from './heading-levels.js';
import { markContinuedParagraphs } from './paragraph-pages.js';
import { markWatermarks } from './watermarks.js';
import type { PageStage, PageState } from './page-state.js';
import type { BlockStage, PageFacts } from './stage.js';
import { rendersBlank } from '../markdown/render.js';

/** Runs → blocks in reading order. */
export const PAGE_STAGES: ReadonlyArray<[name: string, stage: PageStage]> = [
  ['ruled tables', ruledTablesStage],
  ['lines, margins and footnotes', linesStage],
  ['tables between rules', openTablesStage],
  ['figures and backgrounds', figuresStage],
  // After the figures: text on a background image is read with its image.
  ['sidebars and pull quotes', insetsStage],
  ['reading order', readingOrderStage],
];

/** A block that renders to nothing (a line of dot leaders) is no block. */
const dropEmptyStage: BlockStage = (blocks) => blocks.filter((b) => !rendersBlank(b));

/** What each text block is, then its text; in this order (see above). */
export const BLOCK_STAGES: ReadonlyArray<[name: string, stage: BlockStage]> = [
  ['code', codeStage],
  ['formulas', formulaStage],
  ['headings', headingsStage],
  ['lists', listsStage],
  ['captions', captionsStage],
  ['footnotes', footnotesStage],
  ['inline text', inlineTextStage],
  ['empty blocks', dropEmptyStage],
  ['continuations', (blocks) => joinContinuations(blocks)],
];

export function runPageStages(state: PageState): PageState {
  let s = state;
  for (const [, stage] of PAGE_STAGES) s = stage(s);
  return s;
}

export function runBlockStages(blocks: Block[], page: PageFacts): Block[] {
  let out = blocks;
  for (const [, stage] of BLOCK_STAGES) out = stage(out, page);
  return out;
}

/** `indexes`: each page's index in the source document (a page selection may skip pages). */
export type DocumentPass = (pages: PageModel[], indexes?: readonly number[]) => PageModel[];

/**
 * Over the whole document, in page order, on blocks with their geometry (never on Markdown): they
 * run once every page is laid out (pipeline.ts finishDocument, whichever workers laid them out).
 */
export const DOCUMENT_PASSES: ReadonlyArray<[name: string, pass: DocumentPass]> = [
  ['running headers and footers', markRunningLines],
  // Before the passes that look at the blocks closing a page: a stamp is set after the body text.
  ['diagonal watermarks', markWatermarks],
  // After the running lines: they compare the content blocks at the page edges, furniture set aside.
  ['tables continued over pages', joinContinuedTables],
  ['paragraphs continued over pages', markContinuedParagraphs],
  // After the running lines: a running head set like a heading is furniture, no vote.
  ['heading levels across pages', unifyHeadingLevels],
];

export function runDocumentPasses(pages: PageModel[], indexes?: readonly number[]): PageModel[] {
  let out = pages;
  for (const [, pass] of DOCUMENT_PASSES) out = pass(out, indexes);
  return out;
}
