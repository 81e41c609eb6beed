// A PageSource: one backend per input kind (PDF text layer with OCR where needed, images through
// OCR) producing positioned text, rules and images per page (layout/types.ts). Everything after it
// (layout stages, the page model, Markdown) is the same for every kind (issue 9).
import type { PageLayoutInput } from '../layout/types.js';

export interface PageSource {
  /** Physical pages in the document. */
  pageCount: number;
  /** Page `index` (0-based): its text, rules and images; OCR'd when it has no usable text layer. */
  page(index: number, checkpoint: () => void): Promise<PageLayoutInput>;
}
