import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ParseAbortedError, ParseError, LanguageError, convertPoolHealth, convertPoolStats, parseDocument, probeDocument, renderPagesToPng, shutdownConvertPool, splitPdfWindows, warmConvertPool } from '../../src/convert/index.js';
import { splitPdf } from '../../src/convert/pdf/split.js';
import { parseInThread, runPipeline } from '../../src/convert/pipeline.js';
import { betterReading, finerImageDpi, needsFinerOcr } from '../../src/convert/source/ocr-rules.js';
import { decodeWindowPages, encodeWindowPages, type WindowPage } from '../../src/convert/window-page.js';
import { isUniform, ocrImage, terminateWasmEngine } from '../../src/convert/ocr/index.js';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { ROBUSTNESS_DIR, imageOnlyPdf, multiPageTiff, sampleLines, textImagePng, textPdf, words } from './exec-fixtures.js';

after(async () => {
  await shutdownConvertPool();
  await terminateWasmEngine();
});

const isCode = (code: string) => (e: unknown) => e instanceof ParseError && e.code === code;

test('a text PDF becomes Markdown per page, with one progress event per page, deterministically', async () => {
  const pdf = await textPdf([['Alpha page one text here'], ['Beta page two text here'], ['Gamma page three text here']]);
  const events: Array<{ index: number; pagesDone: number; pages: number }> = [];
  const doc = await parseDocument(pdf, { pageTimeoutS: 30, onPage: (e) => events.push(e) });
  assert.equal(doc.pages.length, 3);
  assert.match(doc.pages[0], /Alpha page one/);
  assert.match(doc.pages[2], /Gamma page three/);
  // One event per page (the pages run on several workers: any order), pagesDone counting up.
  assert.deepEqual(events.map((e) => e.pagesDone), [1, 2, 3]);
  assert.deepEqual(events.map((e) => [e.index, e.pages]).sort((a, b) => a[0] - b[0]), [[0, 3], [1, 3], [2, 3]]);
  assert.deepEqual(await parseDocument(pdf, { pageTimeoutS: 30 }), doc);
});

const TITLES = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo'];

/** Dense pages of 10 pt prose, and sparse pages (a 14 pt title and a few 10 pt words) at `sparse`. */
async function mixedPdf(pages: number, sparse: number[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = 0; p < pages; p++) {
    const page = doc.addPage([612, 792]);
    if (sparse.includes(p)) {
      page.drawText(`Chapter ${TITLES[sparse.indexOf(p)]} begins`, { x: 72, y: 700, size: 14, font });
      page.drawText('see below', { x: 72, y: 670, size: 10, font });
      continue;
    }
    for (let l = 0; l < 30; l++) page.drawText(`Line ${l + 1} of page ${p + 1}: body text set in ten point type.`, { x: 72, y: 740 - l * 14, size: 10, font });
    page.drawText('Running footer line', { x: 72, y: 40, size: 8, font });
  }
  return doc.save();
}

test('a document spread over several workers equals one sequential run (sparse pages take the body size of the pages before them)', async () => {
  for (const [pages, sparse] of [[70, [0, 5, 32, 40, 69]], [6, [0, 3, 5]]] as const) {
    const pdf = await mixedPdf(pages, [...sparse]);
    const done: number[] = [];
    const indexes = new Set<number>();
    const pooled = await parseDocument(pdf, { pageTimeoutS: 30, onPage: (e) => { done.push(e.pagesDone); indexes.add(e.index); } });
    const sequential = await parseInThread(pdf, { langs: ['eng'], pageTimeoutS: 30 });
    assert.deepEqual(pooled.pages, sequential.pages);
    assert.deepEqual(pooled.pageModels, sequential.pageModels);
    assert.deepEqual(done, Array.from({ length: pages }, (_, i) => i + 1));
    assert.equal(indexes.size, pages);
    // The context matters: a later title page is a heading (body 10 pt from the pages before it).
    for (const p of sparse.slice(1)) assert.match(pooled.pages[p], /^#+ Chapter/m);
    // Probed first, as the service does: the runs take the probe's scan verdict; same output.
    const probedBytes = new Uint8Array(pdf);
    await probeDocument(probedBytes);
    assert.deepEqual(await parseDocument(probedBytes, { pageTimeoutS: 30 }), pooled);
  }
});

test('a longer document probed first: the parse reads only the pages the probe did not lay out, same result (issue 11)', async () => {
  const pdf = await mixedPdf(12, [0, 3, 7]);
  const sequential = await parseInThread(pdf, { langs: ['eng'], pageTimeoutS: 30 });
  await probeDocument(pdf); // samples pages 0, 3, 6, 8 and 11
  const events: Array<{ index: number; pagesDone: number; pages: number }> = [];
  const doc = await parseDocument(pdf, { pageTimeoutS: 30, onPage: (e) => events.push(e) });
  assert.deepEqual(doc, sequential);
  // The probe's pages are reported first (they are done), then the others as the runs read them.
  assert.deepEqual(events.slice(0, 5).map((e) => e.index), [0, 3, 6, 8, 11]);
  assert.deepEqual(events.map((e) => e.pagesDone), Array.from({ length: 12 }, (_, i) => i + 1));
  assert.ok(events.every((e) => e.pages === 12));
  assert.deepEqual(events.map((e) => e.index).sort((a, b) => a - b), Array.from({ length: 12 }, (_, i) => i));
  // A page selection reads its own pages, whatever the probe laid out.
  const selected = await parseDocument(pdf, { pageTimeoutS: 30, pages: [1, 3] });
  assert.deepEqual(selected, await parseInThread(pdf, { langs: ['eng'], pageTimeoutS: 30, pageIndexes: [1, 3] }));
});

test('a run\'s pages travel as one buffer of their own (transferred, not cloned) and decode to the same pages', () => {
  const pages: WindowPage[] = [
    { index: 3, sizes: [[10, 420]], model: { width: 612, height: 792, blocks: [] } },
    { index: 4, sizes: [[14, 12]], input: { index: 4, width: 612, height: 792, runs: [], rules: [], images: [], fromOcr: false } },
  ];
  const encoded = encodeWindowPages(pages);
  assert.equal(encoded.byteOffset, 0);
  assert.equal(encoded.byteLength, encoded.buffer.byteLength);
  assert.deepEqual(decodeWindowPages(encoded), pages);
});

test('a long document queues its page windows as workers free up, never all at once', async () => {
  const pdf = await textPdf(Array.from({ length: 140 }, (_, i) => [`Page ${i + 1}`, 'Some body text.']));
  let most = 0;
  const doc = await parseDocument(pdf, {
    pageTimeoutS: 30,
    onPage: () => {
      const s = convertPoolStats();
      most = Math.max(most, s.busy + s.queued);
    },
  });
  assert.equal(doc.pages.length, 140);
  assert.ok(most >= 1 && most <= convertPoolStats().workers, `${most} tasks in flight`);
});

test('a short text document probed first is parsed from the probe\'s reading: no second pool task, same result', async () => {
  const pdf = await mixedPdf(3, [0]);
  const before = convertPoolStats().started;
  await probeDocument(pdf);
  const probed = convertPoolStats().started;
  assert.equal(probed, before + 1);
  const events: number[] = [];
  const doc = await parseDocument(pdf, { pageTimeoutS: 30, onPage: (e) => events.push(e.index) });
  assert.equal(convertPoolStats().started, probed);
  assert.deepEqual(events, [0, 1, 2]);
  assert.deepEqual(doc, await parseDocument(new Uint8Array(pdf), { pageTimeoutS: 30 }));
  // Longer than the probe's sample, or a page that needs OCR (depends on `lang`): parsed afresh.
  for (const other of [await mixedPdf(7, []), await imageOnlyPdf(sampleLines)]) {
    await probeDocument(other);
    const at = convertPoolStats().started;
    await parseDocument(other, { pageTimeoutS: 30 });
    assert.ok(convertPoolStats().started > at);
  }
  await assert.rejects(parseDocument(pdf, { pageTimeoutS: 30, lang: 'xx-nope' }), (e: unknown) => e instanceof LanguageError);
});

test('bad inputs fail with typed, content-free errors', async () => {
  await assert.rejects(parseDocument(readFileSync(`${ROBUSTNESS_DIR}/pdfjs__issue3371.pdf`), { pageTimeoutS: 30 }), isCode('encrypted_pdf'));
  await assert.rejects(parseDocument(Buffer.from('%PDF-1.7\nthis is not really a pdf at all\n'), { pageTimeoutS: 30 }), isCode('malformed_document'));
  await assert.rejects(parseDocument(Buffer.from('plain text, not a document'), { pageTimeoutS: 30 }), isCode('unsupported_media_type'));
  await assert.rejects(parseDocument(new Uint8Array(0), { pageTimeoutS: 30 }), isCode('unsupported_media_type'));
  await assert.rejects(parseDocument(await textPdf([['x']]), { pageTimeoutS: 30, lang: 'klingon' }), (e: unknown) => e instanceof LanguageError);
});

test('an aborted signal stops the document between pages', async () => {
  const pdf = await textPdf(Array.from({ length: 40 }, (_, i) => [`Page number ${i} with some words on it`]));
  const ac = new AbortController();
  let done = 0;
  await assert.rejects(
    parseDocument(pdf, { pageTimeoutS: 30, signal: ac.signal, onPage: (e) => { done = e.pagesDone; if (e.pagesDone === 2) ac.abort(); } }),
    (e: unknown) => e instanceof ParseAbortedError,
  );
  assert.ok(done < 40);
  // In-thread too: the pipeline checks the signal at each page boundary.
  const ac2 = new AbortController();
  const seen: number[] = [];
  await assert.rejects(
    runPipeline(pdf, { langs: ['eng'], pageTimeoutS: 30, signal: ac2.signal, onPage: (e) => { seen.push(e.index); if (e.index === 4) ac2.abort(); } }),
    (e: unknown) => e instanceof ParseAbortedError,
  );
  assert.deepEqual(seen, [0, 1, 2, 3, 4]);
});

test('a document over its time budget fails with document_too_complex', async () => {
  const pdf = await textPdf(Array.from({ length: 30 }, (_, i) => [`Page ${i} text for the budget test`]));
  await assert.rejects(runPipeline(pdf, { langs: ['eng'], pageTimeoutS: 0.0001 }), isCode('document_too_complex'));
});

test('images and image-only PDF pages are OCR\'d', async () => {
  const png = await textImagePng(sampleLines);
  const fromImage = await parseDocument(png, { pageTimeoutS: 30, lang: 'en' });
  assert.equal(fromImage.pages.length, 1);
  for (const w of ['quick', 'brown', 'river']) assert.ok(words(fromImage.pages[0]).includes(w), fromImage.pages[0]);

  const scanned = await parseDocument(await imageOnlyPdf(sampleLines), { pageTimeoutS: 30 });
  for (const w of ['quick', 'lazy', 'bank']) assert.ok(words(scanned.pages[0]).includes(w), scanned.pages[0]);

  const tiff = await multiPageTiff([png, await textImagePng(['Second frame says hello world'])]);
  const frames = await parseDocument(tiff, { pageTimeoutS: 30 });
  assert.equal(frames.pages.length, 2);
  assert.ok(words(frames.pages[1]).includes('hello'));
});

test('probe: page count, text layer coverage and scanned pages', async () => {
  const text = await probeDocument(await textPdf([['A first page with enough text to count as a text layer'], ['Second page, also with plenty of text on it']]));
  assert.equal(text.mediaType, 'application/pdf');
  assert.equal(text.pages, 2);
  assert.equal(text.textLayerCoverage, 1);
  assert.equal(text.scannedPages, 0);
  assert.equal(text.script, 'latin');
  const scan = await probeDocument(await imageOnlyPdf(sampleLines));
  assert.equal(scan.scannedPages, 1);
  assert.equal(scan.textLayerCoverage, 0);
  assert.equal(scan.hasImages, true);
  const image = await probeDocument(await textImagePng(sampleLines));
  assert.deepEqual([image.mediaType, image.pages], ['image/png', 1]);
});

test('renderPagesToPng streams a page window; splitPdf cuts one out', async () => {
  const pdf = await textPdf([['one'], ['two'], ['three'], ['four']]);
  const got: number[] = [];
  for await (const { index, png } of renderPagesToPng(pdf, { dpi: 50, first: 1, last: 2 })) {
    got.push(index);
    assert.deepEqual([...png.slice(1, 4)], [0x50, 0x4e, 0x47]);
  }
  assert.deepEqual(got, [1, 2]);
  // Breaking out early cancels the rest.
  for await (const _ of renderPagesToPng(pdf, { dpi: 50 })) break;
  const part = await splitPdf(pdf, 1, 2);
  assert.equal((await PDFDocument.load(part)).getPageCount(), 2);
  await assert.rejects(splitPdf(pdf, 3, 4), RangeError);
});

test('splitPdfWindows cuts every window of a PDF in a worker, in order, each a PDF of its own', async () => {
  const pdf = await textPdf([['one'], ['two'], ['three'], ['four'], ['five']]);
  const windows: Array<[number, number, number]> = [];
  for await (const w of splitPdfWindows(pdf, { size: 2 })) windows.push([w.first, w.last, (await PDFDocument.load(w.pdf)).getPageCount()]);
  assert.deepEqual(windows, [[0, 1, 2], [2, 3, 2], [4, 4, 1]]);
  const firstOnly: number[] = [];
  for await (const w of splitPdfWindows(pdf, { size: 2 })) {
    firstOnly.push(w.first);
    break; // the rest is cancelled
  }
  assert.deepEqual(firstOnly, [0]);
  await assert.rejects(async () => {
    for await (const _ of splitPdfWindows(Buffer.from('%PDF-1.7\nnot a pdf\n'), { size: 2 })) break;
  }, isCode('malformed_document'));
});

test('a uniform (blank) image is not sent to Tesseract: no words, page size kept', async () => {
  const blank = { data: new Uint8Array(200 * 300).fill(255), width: 200, height: 300, pointsPerPixel: 0.36 };
  assert.equal(isUniform(blank), true);
  // Tesseract asked for a language it does not have exits with an error (and a missing binary
  // fails to spawn): the call would reject if the image reached it.
  const page = await ocrImage(blank, { langs: ['zzz'], engine: 'cli' });
  assert.deepEqual(page.runs, []);
  assert.equal(page.rotation, 0);
  assert.ok(Math.abs(page.width - 72) < 1e-9 && Math.abs(page.height - 108) < 1e-9);
  const dark = { ...blank, data: new Uint8Array(blank.data.length).map((_, i) => (i % 7 === 0 ? 0 : 255)) };
  await assert.rejects(ocrImage(dark, { langs: ['zzz'], engine: 'cli' }), 'a non-uniform image does reach Tesseract');
  const dot = { ...blank, data: blank.data.slice() };
  dot.data[12345] = 0;
  assert.equal(isUniform(dot), false);
});

test('the pool health is down until warmConvertPool (workers + one-page warm-up) resolves, then up', async () => {
  await shutdownConvertPool();
  assert.equal(convertPoolHealth(), 'down');
  const warming = warmConvertPool();
  assert.equal(convertPoolHealth(), 'down');
  await warming;
  assert.equal(convertPoolHealth(), 'up');
  const doc = await parseDocument(await textPdf([['Hello after warm-up']]), { pageTimeoutS: 30 });
  assert.match(doc.pages[0], /Hello after warm-up/);
  await shutdownConvertPool();
  assert.equal(convertPoolHealth(), 'down');
});

test('scanned pages are read at 150 dpi and again at 200 only for small print', () => {
  const run = (fontSize: number) => ({ text: 'word', x: 0, y: 0, width: 20, height: fontSize * 1.2, fontSize, bold: false, italic: false, monospace: false });
  assert.equal(needsFinerOcr([]), false);
  assert.equal(needsFinerOcr([run(6.8), run(7), run(6.5)]), false);
  assert.equal(needsFinerOcr([run(4.2), run(4.5), run(9)]), true);
});

test('an image scan above 200 dpi is first read scaled down to 200 dpi, keeping its size in points', async () => {
  const { default: sharp } = await import('sharp');
  const { decodeImagePageGray } = await import('../../src/convert/images.js');
  const png = await sharp({ create: { width: 600, height: 900, channels: 3, background: '#ffffff' } }).withMetadata({ density: 300 }).png().toBuffer();
  const full = await decodeImagePageGray(new Uint8Array(png), 0);
  const fast = await decodeImagePageGray(new Uint8Array(png), 0, 200);
  assert.deepEqual([full.width, full.height], [600, 900]);
  assert.deepEqual([fast.width, fast.height], [400, 600]);
  assert.ok(Math.abs(full.width * full.pointsPerPixel - fast.width * fast.pointsPerPixel) < 1e-6);
  assert.ok(Math.abs(fast.width * fast.pointsPerPixel - 144) < 1e-6); // 2 inches
  const low = await decodeImagePageGray(new Uint8Array(png), 0, 400);
  assert.deepEqual([low.width, low.height], [600, 900]);
  const enlarged = await decodeImagePageGray(new Uint8Array(png), 0, 450, 450);
  assert.deepEqual([enlarged.width, enlarged.height], [900, 1350], 'a scan below minDpi is enlarged to it');
  assert.ok(Math.abs(enlarged.width * enlarged.pointsPerPixel - 144) < 1e-6, 'keeping its size in points');
});

test('an image scan whose print is small in pixels is read again larger, at most twice as large', () => {
  const run = (fontSize: number) => ({ text: 'word', x: 0, y: 0, width: 20, height: fontSize * 1.2, fontSize, bold: false, italic: false, monospace: false });
  assert.equal(finerImageDpi([], 100), 0);
  // 7 pt (as OCR estimates it) at 200 dpi is ~19 px: read as it is.
  assert.equal(finerImageDpi([run(7), run(7), run(6.8)], 200), 0);
  // 5.5 pt at 150 dpi is ~11.5 px: read as it is; 4.9 pt is ~10.2 px: read again where it is 20 px.
  assert.equal(finerImageDpi([run(5.5), run(5.5), run(9)], 150), 0);
  assert.equal(finerImageDpi([run(4.9), run(4.9), run(9)], 150), 294);
  // The 7 pt print scanned at 100 dpi is ~9.7 px: twice the resolution, no more.
  assert.equal(finerImageDpi([run(7), run(7), run(6.8)], 100), 200);
});

test('a finer reading replaces the first only when it reads no worse', () => {
  const reading = (words: number, meanConfidence: number) => ({ runs: Array.from({ length: words }, () => ({ text: 'word', x: 0, y: 0, width: 20, height: 6, fontSize: 5, bold: false, italic: false, monospace: false })), meanConfidence });
  const first = reading(67, 55);
  assert.equal(betterReading(first, reading(0, 11)), first, 'a finer reading of nothing is dropped');
  const finer = reading(161, 70);
  assert.equal(betterReading(reading(102, 60), finer), finer);
});

test('the render path used by the GPU adapters recovers a broken page tree like the parser (robustness corpus)', async () => {
  const bytes = new Uint8Array(readFileSync(`${ROBUSTNESS_DIR}/pdfjs__issue21436.pdf`));
  const parsed = await parseDocument(bytes, { pageTimeoutS: 30 });
  const rendered: number[] = [];
  for await (const p of renderPagesToPng(bytes, { dpi: 50 })) {
    assert.deepEqual([...p.png.subarray(1, 4)], [0x50, 0x4e, 0x47]);
    rendered.push(p.index);
  }
  assert.deepEqual(rendered, parsed.pages.map((_, i) => i));
});
