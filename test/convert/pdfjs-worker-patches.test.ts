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
