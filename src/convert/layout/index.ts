// The layout → Markdown stage, shared by the PDF text layer and OCR.
export { createLayoutContext, type LayoutContext } from './context.js';
export { layoutPage, layoutPageToMarkdown } from './page.js';
export { markRunningLines } from './furniture.js';
export { joinContinuedTables } from './table-pages.js';
export { runDocumentPasses } from './stages.js';
export type { PageLayoutInput, TextRun, RuleLine, Box } from './types.js';
