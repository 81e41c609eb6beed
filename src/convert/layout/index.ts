// The layout → Markdown stage, shared by the PDF text layer and OCR.
export { createLayoutContext, type LayoutContext } from './context.js';
export { layoutPageToMarkdown } from './page.js';
export { finalizeDocument } from '../markdown/finalize.js';
export type { PageLayoutInput, TextRun, RuleLine, Box } from './types.js';
