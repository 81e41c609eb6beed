// A stand-in for the built-in parser's render/split/parse (src/convert), so model tests need no
// pdf.js: a "PDF" of n pages is a PDF header plus n page dictionaries, which the stubs count.
import type { ParserPort } from '../../../src/models/types.js';

export function fakePdf(pages: number): Uint8Array {
  let s = '%PDF-1.7\n';
  for (let i = 0; i < pages; i++) s += `${i + 3} 0 obj << /Type /Page /Contents (page ${i}) >> endobj\n`;
  return new Uint8Array(Buffer.from(s + '%%EOF\n', 'latin1'));
}

function pageCount(bytes: Uint8Array): number {
  return Buffer.from(bytes).toString('latin1').match(/\/Type \/Page /g)?.length ?? 1;
}

/** A tiny valid-looking PNG signature + page index, enough for the stubs. */
function fakePng(index: number): Uint8Array {
  return new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, index & 0xff]);
}

export function fakeParser(overrides: Partial<ParserPort> = {}): ParserPort & { renders: Array<{ dpi: number }>; splits: Array<{ first: number; last: number }> } {
  const renders: Array<{ dpi: number }> = [];
  const splits: Array<{ first: number; last: number }> = [];
  return {
    renders,
    splits,
    async parseDocument(bytes, opts) {
      const n = pageCount(bytes);
      const pages = Array.from({ length: n }, (_, i) => `Page ${i + 1} text`);
      pages.forEach((_, i) => opts.onPage?.({ index: i, pagesDone: i + 1, pages: n }));
      return { pages };
    },
    async *renderPagesToPng(bytes, opts) {
      renders.push({ dpi: opts.dpi });
      const n = pageCount(bytes);
      for (let i = opts.first ?? 0; i <= (opts.last ?? n - 1); i++) yield { index: i, png: fakePng(i) };
    },
    async *splitPdfWindows(bytes, opts) {
      const n = pageCount(bytes);
      const windows = opts.windows ?? Array.from({ length: Math.ceil(n / opts.size) }, (_, k) => ({ first: k * opts.size, last: Math.min(n, (k + 1) * opts.size) - 1 }));
      for (const { first, last } of windows) {
        splits.push({ first, last });
        yield { first, last, pdf: fakePdf(last - first + 1) };
      }
    },
    ...overrides,
  };
}
