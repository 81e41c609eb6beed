// State shared across the pages of one document: font-size statistics so that a sparse page
// (a title page, a figure page) uses the document's body size for heading decisions.

export interface LayoutContext {
  /** Characters seen per font size (rounded to 0.5 pt) over the pages laid out so far. */
  sizeChars: Map<number, number>;
  pages: number;
}

export function createLayoutContext(): LayoutContext {
  return { sizeChars: new Map(), pages: 0 };
}

/** Pages with fewer characters than this borrow the document's body size. */
export const MIN_PAGE_CHARS_FOR_BODY = 400;

export function recordSizes(ctx: LayoutContext, samples: Map<number, number>): void {
  for (const [s, n] of samples) ctx.sizeChars.set(s, (ctx.sizeChars.get(s) ?? 0) + n);
  ctx.pages++;
}
