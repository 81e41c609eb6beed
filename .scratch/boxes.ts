import { readFileSync } from 'node:fs';
import { withPdfPages } from '../src/convert/pdf/document.js';
import { extractPageLayout } from '../src/convert/pdf/extract.js';
const [file, pg] = process.argv.slice(2);
await withPdfPages(new Uint8Array(readFileSync(file)), async (pdf) => {
  const page = await pdf.getPage(Number(pg ?? 0));
  const input = await extractPageLayout(page, 0, {});
  const A = input.width * input.height;
  console.log(input.width, input.height);
  for (const b of input.images) console.log(b, ((b.width * b.height) / A).toFixed(3));
});
