// Developer aid: prints one page's segments (box, baseline, size, styles, fonts) as the layout
// stage sees them. Usage: tsx eval/dump-segments.ts <file.pdf> <page> [text filter]
import { readFileSync } from 'node:fs';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { extractPageLayout } from '../src/convert/pdf/extract.js';
import { buildSegments } from '../src/convert/layout/lines.js';

async function main(): Promise<void> {
  const [file, pageNo, filter] = process.argv.slice(2);
  const doc = await getDocument({ data: new Uint8Array(readFileSync(file)), isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
  const input = await extractPageLayout(await doc.getPage(Number(pageNo)), Number(pageNo) - 1);
  console.log(`page ${input.width}x${input.height} rules ${input.rules.length} images ${JSON.stringify(input.images)}`);
  if (process.env.RULES) for (const r of input.rules) console.log(`rule ${JSON.stringify(r)}`);
  for (const s of buildSegments(input.runs)) {
    if (filter && !s.text.includes(filter)) continue;
    const fonts = [...new Set(s.runs.map((r) => `${r.fontName ?? '?'}${r.bold ? '*' : ''}`))].join(',');
    console.log(`${s.x0.toFixed(1)}-${s.x1.toFixed(1)} y${s.top.toFixed(1)}-${s.bottom.toFixed(1)} b${s.baseline.toFixed(1)} sz${s.size} ${s.bold ? 'B' : ''}${s.italic ? 'I' : ''}${s.monospace ? 'M' : ''} [${fonts}] ${s.text.slice(0, 100)}`);
  }
  await doc.destroy();
}

void main();
