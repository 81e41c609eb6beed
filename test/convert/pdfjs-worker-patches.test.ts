// pdf.js in our threads runs patched (pdf/pdfjs-worker.ts, issue 11). Flate streams are inflated by
// zlib in one call: the text of a content stream must read the same as through pdf.js's own decoders,
// whether the stream is clean, carries bytes after its end (a newline counted in /Length), or has a
// damaged checksum (zlib refuses it; pdf.js's decoder reads it, as before). A glyph's position is
// computed inline: text items must stand where the PDF's matrices put them. Fixtures are written
// byte by byte here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deflateSync } from 'node:zlib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { installPdfjsWorker } from '../../src/convert/pdf/pdfjs-worker.js';
import { pdfWithContent } from './fixtures/content-pdf.js';
import { type1Font } from './fixtures/type1-font.js';

const LINES = Array.from({ length: 40 }, (_, k) => `Line ${k + 1} of the inflated stream, words to read.`);

const content = Buffer.from(`BT /F1 10 Tf 72 760 Td 12 TL\n${LINES.map((l) => `(${l}) '`).join('\n')}\nET\n`);

async function text(bytes: Uint8Array): Promise<string> {
  const doc = await getDocument({ data: bytes, isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
  try {
    const tc = await (await doc.getPage(1)).getTextContent();
    return tc.items.map((i) => ('str' in i ? i.str : '')).filter(Boolean).join('\n');
  } finally {
    await doc.destroy();
  }
}

test('the patched pdf.js worker is the one in use', async () => {
  assert.equal(await installPdfjsWorker(), true);
});

test('a Flate content stream reads whole, with or without bytes after its end', async () => {
  await installPdfjsWorker();
  const z = deflateSync(content);
  assert.equal(await text(pdfWithContent(z)), LINES.join('\n'));
  assert.equal(await text(pdfWithContent(Buffer.concat([z, Buffer.from('\r\n')]))), LINES.join('\n'));
});

test('a Flate stream with a wrong checksum still reads whole', async () => {
  await installPdfjsWorker();
  const z = Buffer.from(deflateSync(content));
  // zlib refuses the stream; pdf.js's own decoder, which does not check it, reads it as before.
  z[z.length - 1] ^= 0xff;
  assert.equal(await text(pdfWithContent(z)), LINES.join('\n'));
});

test('text items stand where the current, text and text-state matrices put them', async () => {
  await installPdfjsWorker();
  // cm moves by (30, 40); Tz 50 halves the width; Ts 3 raises the text; Tm scales by 2, then turns 90°.
  const ops = 'q 1 0 0 1 30 40 cm BT /F1 10 Tf 50 Tz 3 Ts 2 0 0 2 72 700 Tm (Across) Tj 0 2 -2 0 300 300 Tm (Up) Tj ET Q\n';
  const doc = await getDocument({ data: pdfWithContent(deflateSync(Buffer.from(ops))), isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
  try {
    const items = (await (await doc.getPage(1)).getTextContent()).items.filter((i) => 'str' in i && i.str);
    const at = (s: string) => (items.find((i) => 'str' in i && i.str === s) as { transform: number[] }).transform.map((v) => v + 0);
    assert.deepEqual(at('Across'), [10, 0, 0, 20, 102, 746]);
    assert.deepEqual(at('Up'), [0, 10, -20, 0, 324, 340]);
  } finally {
    await doc.destroy();
  }
});

/** A one-page PDF showing `shown` (hex codes) in an embedded Type 1 font with no /Encoding and a ToUnicode of `mapped` only. */
function type1Pdf(shown: string, mapped: Record<number, string>, name = 'TestMathItalic'): Uint8Array {
  const font = type1Font(name, { 0x11: 'eta', 0x18: 'xi', 0x7e: 'tilde' });
  const hex = (n: number, w: number) => n.toString(16).toUpperCase().padStart(w, '0');
  const cmap = Buffer.from(
    '/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n/CMapName /Test-UTF16 def\n/CMapType 2 def\n' +
      '1 begincodespacerange\n<00> <FF>\nendcodespacerange\n' +
      `${Object.keys(mapped).length} beginbfchar\n` +
      Object.entries(mapped).map(([code, u]) => `<${hex(Number(code), 2)}> <${[...u].map((c) => hex(c.codePointAt(0)!, 4)).join('')}>\n`).join('') +
      'endbfchar\nendcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n',
  );
  const content = Buffer.from(`BT /F1 12 Tf 72 700 Td ${shown} TJ ET\n`);
  const stream = (dict: string, data: Buffer) => Buffer.concat([Buffer.from(`<< ${dict} /Length ${data.length} >>\nstream\n`), data, Buffer.from('\nendstream')]);
  const objs: Buffer[] = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 8 0 R >>'),
    Buffer.from(`<< /Type /Font /Subtype /Type1 /BaseFont /${name} /FirstChar 0 /LastChar 255 /Widths [${Array(256).fill(500).join(' ')}] /FontDescriptor 5 0 R /ToUnicode 7 0 R >>`),
    Buffer.from(`<< /Type /FontDescriptor /FontName /${name} /Flags 4 /FontBBox [0 -200 1000 800] /ItalicAngle 0 /Ascent 800 /Descent -200 /CapHeight 700 /StemV 80 /FontFile 6 0 R >>`),
    stream(`/Length1 ${font.lengths[0]} /Length2 ${font.lengths[1]} /Length3 ${font.lengths[2]}`, font.program),
    stream('', cmap),
    stream('', content),
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n')];
  const offsets: number[] = [];
  let size = parts[0]!.length;
  const push = (b: Buffer) => { parts.push(b); size += b.length; };
  objs.forEach((o, k) => { offsets.push(size); push(Buffer.concat([Buffer.from(`${k + 1} 0 obj\n`), o, Buffer.from('\nendobj\n')])); });
  const xref = size;
  push(Buffer.from(`xref\n0 ${objs.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`));
  push(Buffer.from(`trailer\n<< /Size ${objs.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`));
  return new Uint8Array(Buffer.concat(parts));
}

test('codes a partial ToUnicode leaves out are read from the font program\'s own glyph names', async () => {
  await installPdfjsWorker();
  // A TeX math italic font whose ToUnicode maps only its vector accent (code 0x7E): ξ and η are
  // read from its built-in encoding ("xi", "eta"), not shown as control characters.
  const mapped = await text(type1Pdf('[<18> -300 <11> -300 <7E>]', { 0x7e: '\u20d7' }));
  assert.equal(mapped.replace(/\s+/g, ''), 'ξη\u20d7');
  // Where the map speaks it wins over the glyph's name (0x7E is "tilde" in the font).
  assert.ok(!mapped.includes('~') && !mapped.includes('\u02dc'));
  // TeX's math extension fonts keep their raw codes, which pdf/cmex.ts reads with each glyph's size.
  const cmex = await text(type1Pdf('[<18> -300 <11> -300 <7E>]', { 0x7e: '\u20d7' }, 'ABCDEF+CMEX10'));
  assert.equal(cmex.replace(/\s+/g, ''), '\x18\x11\u20d7');
});
