// pdf.js in our threads inflates Flate streams with zlib in one call (pdf/pdfjs-worker.ts, issue 11):
// the text of a content stream must read the same as through pdf.js's own decoders, whether the
// stream is clean, carries bytes after its end (a newline counted in /Length), or has a damaged
// checksum (zlib refuses it; pdf.js's decoder reads it, as before). Fixtures are written byte by byte here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deflateSync } from 'node:zlib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { installPdfjsWorker } from '../../src/convert/pdf/pdfjs-worker.js';

const LINES = Array.from({ length: 40 }, (_, k) => `Line ${k + 1} of the inflated stream, words to read.`);

/** A one-page PDF whose content stream is `stream` (already encoded) under /FlateDecode. */
function pdfWithContent(stream: Buffer): Uint8Array {
  const objs = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n')];
  const offsets: number[] = [];
  let size = parts[0]!.length;
  const push = (b: Buffer) => { parts.push(b); size += b.length; };
  objs.forEach((o, k) => { offsets.push(size); push(Buffer.from(`${k + 1} 0 obj\n${o}\nendobj\n`)); });
  offsets.push(size);
  push(Buffer.from(`5 0 obj\n<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`));
  push(stream);
  push(Buffer.from('\nendstream\nendobj\n'));
  const xref = size;
  push(Buffer.from(`xref\n0 6\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`));
  push(Buffer.from(`trailer\n<< /Size 6 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`));
  return new Uint8Array(Buffer.concat(parts));
}

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
