import { readFileSync } from 'node:fs';
import { withPdfPages } from '../src/convert/pdf/document.js';
import { pdfPageSource } from '../src/convert/source/pdf.js';
import { picturesToRead } from '../src/convert/source/image-text.js';
import { extractPageLayout } from '../src/convert/pdf/extract.js';

for (const file of process.argv.slice(2)) {
  const bytes = new Uint8Array(readFileSync(file));
  await withPdfPages(bytes, async (pdf) => {
    const src = pdfPageSource(pdf, { langs: ['eng'] });
    let hit = 0; let ms = 0; const words: string[] = [];
    for (let i = 0; i < pdf.numPages; i++) {
      const page = await pdf.getPage(i);
      const input = await extractPageLayout(page, i, {});
      const pics = picturesToRead(input);
      if (pics.length === 0) continue;
      hit++;
      const t = performance.now();
      const out = await src.page(i, () => {});
      ms += performance.now() - t;
      const added = out.runs.filter((r) => r.confidence !== undefined && !out.fromOcr);
      words.push(`p${i + 1}[${pics.length}]: ${added.map((r) => r.text).join(' ').slice(0, 300)}`);
    }
    console.log(`${file.split('/').slice(-2).join('/')}: pages ${pdf.numPages}, with pictures ${hit}, ${Math.round(ms)} ms`);
    for (const w of words) console.log('   ', w);
  });
}
