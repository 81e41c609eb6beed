// A scan with a text layer is recognised per document, from its first pages, so its pages keep
// their backdrop image (the layout's sign that the text is OCR) whichever worker reads them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { extractPageLayout } from '../../src/convert/pdf/extract.js';
import { scannedDocumentCheck } from '../../src/convert/pdf/scan-sample.js';

async function makePdf(backdropPages: number[], pages = 4): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const png = await pdf.embedPng(await sharp({ create: { width: 32, height: 40, channels: 3, background: '#eeeeee' } }).png().toBuffer());
  for (let p = 0; p < pages; p++) {
    const page = pdf.addPage([612, 792]);
    if (backdropPages.includes(p)) page.drawImage(png, { x: 0, y: 0, width: 612, height: 792 });
    for (let i = 0; i < 12; i++) page.drawText(`Line ${i} of the text layer on page ${p + 1}, long enough to be a page of prose.`, { x: 72, y: 700 - i * 14, size: 10, font });
  }
  return pdf.save();
}

async function readPages(bytes: Uint8Array, order: number[]) {
  const doc = await getDocument({ data: bytes.slice(), isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
  try {
    const pdf = { numPages: doc.numPages, getPage: (i: number) => doc.getPage(i + 1) };
    const scanned = scannedDocumentCheck(pdf);
    const out = new Map<number, Awaited<ReturnType<typeof extractPageLayout>>>();
    for (const i of order) out.set(i, await extractPageLayout(await pdf.getPage(i), i, { scanned }));
    return out;
  } finally {
    await doc.destroy();
  }
}

test('every page of a scanned document keeps its backdrop, in any reading order', async () => {
  const bytes = await makePdf([0, 1, 2, 3]);
  const forward = await readPages(bytes, [0, 1, 2, 3]);
  const backward = await readPages(bytes, [3, 2, 1, 0]);
  for (let i = 0; i < 4; i++) {
    assert.equal(forward.get(i)!.images.length, 1, `page ${i + 1} keeps its scan image`);
    assert.deepEqual(backward.get(i), forward.get(i));
  }
});

test('a cover image alone does not make a document a scan: prose pages stay text-only', async () => {
  const bytes = await makePdf([0]);
  const forward = await readPages(bytes, [0, 1, 2, 3]);
  const backward = await readPages(bytes, [3, 2, 1, 0]);
  for (let i = 1; i < 4; i++) {
    assert.equal(forward.get(i)!.images.length, 0);
    assert.deepEqual(backward.get(i), forward.get(i));
  }
});

test('the probe reaches the scan verdict, and a check given it reads no page again (issue 11)', async () => {
  const { probeInThread } = await import('../../src/convert/probe.js');
  // More pages than the probe reads whole, so it does not parse them itself and hands the verdict on.
  const scan = await probeInThread(await makePdf([0, 1, 2, 3, 4, 5, 6, 7], 8));
  const prose = await probeInThread(await makePdf([0], 8));
  assert.equal(scan.scanned, true);
  assert.equal(prose.scanned, false);
  let reads = 0;
  const pdf = { numPages: 8, getPage: () => { reads++; return Promise.reject(new Error('not read')); } };
  const decided = scannedDocumentCheck(pdf as never, true);
  assert.equal(decided.reached(), true);
  assert.equal(await decided(), true);
  assert.equal(reads, 0);
  // The pages of a scan read with the handed-on verdict are those read without it.
  const bytes = await makePdf([0, 1, 2, 3]);
  const { parseInThread } = await import('../../src/convert/pipeline.js');
  assert.deepEqual(await parseInThread(bytes, { langs: ['eng'], pageTimeoutS: 30, scanned: true }), await parseInThread(bytes, { langs: ['eng'], pageTimeoutS: 30 }));
});
