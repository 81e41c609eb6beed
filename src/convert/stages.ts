// TEMPORARY adapter until the layout engineer's layout → Markdown stage lands; delete then.
import type { PageLayoutInput } from './layout/types.js';
export { extractPageLayout, usableTextLayer } from './pdf/extract.js';

export interface LayoutContext { pages: number }
export function createLayoutContext(): LayoutContext {
  return { pages: 0 };
}
export function layoutPageToMarkdown(input: PageLayoutInput, ctx: LayoutContext): string {
  ctx.pages++;
  const runs = [...input.runs].sort((a, b) => a.y - b.y || a.x - b.x);
  return runs.map((r) => r.text).join(' ');
}
export function finalizeDocument(pages: string[], _ctx: LayoutContext): string[] {
  return pages;
}
