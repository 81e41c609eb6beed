// The scan fast path (issue 11): a scanned page's OCR pixels read from its image stream must be what
// a pdf.js render of the page gives (same size, the image where the page paints it), for every
// stream kind and placement it takes; anything it does not read exactly is left to the render.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import {
  clip, concatTransformationMatrix, degrees, drawObject, endPath, PDFDocument, PDFHexString, PDFName, PDFNumber, PDFRawStream,
  popGraphicsState, pushGraphicsState, rectangle, StandardFonts, type PDFPage,
} from 'pdf-lib';
import { installPdfjsWorker } from '../../src/convert/pdf/pdfjs-worker.js';
import { openPdf } from '../../src/convert/pdf/open.js';
import { renderPageGray, type GrayImage } from '../../src/convert/pdf/render.js';
import { readPageScan, scanGray } from '../../src/convert/pdf/scan-image.js';
import { unpredictPng } from '../../src/convert/pdf/image-pixels.js';
import { ocrImage } from '../../src/convert/ocr/index.js';
import { cliLanguages } from '../../src/convert/ocr/cli-engine.js';
import { sampleLines, textImagePng, words } from './exec-fixtures.js';



// The image-stream sink lives in the patched pdf.js worker module, as in a pool worker.
const patched = await installPdfjsWorker();

test('the patched pdf.js worker is active (the fast path tests below need it and must not pass unrun)', () => {
  assert.ok(patched, 'pdf.js worker patches did not apply to the pinned pdfjs-dist');
});

/** A grey page picture with lettering and an asymmetric mark, so flips and turns show. */
async function scanPixels(): Promise<{ data: Uint8Array; width: number; height: number }> {
  const png = await textImagePng(sampleLines, { dpi: 100 });
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  const gray = new Uint8Array(info.width * info.height);
  for (let i = 0; i < gray.length; i++) gray[i] = data[i * info.channels];
  // A black block in the top-left corner: a flip or a wrong turn moves it.
  for (let y = 0; y < 40; y++) for (let x = 0; x < 60; x++) gray[y * info.width + x] = 0;
  return { data: gray, width: info.width, height: info.height };
}

type Placement = (page: PDFPage, name: string) => void;

/** A one-page PDF painting one image XObject (`dict` entries, stored `bytes`) as `place` says. */
async function pdfWith(size: [number, number], entries: Record<string, unknown>, bytes: Uint8Array, place: Placement, extra?: (page: PDFPage, doc: PDFDocument) => Promise<void>): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage(size);
  const dict = doc.context.obj({ Type: 'XObject', Subtype: 'Image', ...entries } as Parameters<typeof doc.context.obj>[0]);
  const ref = doc.context.register(PDFRawStream.of(dict as never, bytes));
  page.node.setXObject(PDFName.of('Im0'), ref);
  place(page, 'Im0');
  if (extra) await extra(page, doc);
  return doc.save({ useObjectStreams: false });
}

type Matrix = [number, number, number, number, number, number];
const paintOps = (m: Matrix, name: string) => [pushGraphicsState(), concatTransformationMatrix(...m), drawObject(name), popGraphicsState()];
/** `q a b c d e f cm /Name Do Q` */
const paint = (m: Matrix): Placement => (page, name) => page.pushOperators(...paintOps(m, name));

/** The image stream's dictionary, to set what `doc.context.obj` cannot spell. */
function imageDict(page: PDFPage, doc: PDFDocument): PDFRawStream['dict'] {
  const xobjects = page.node.Resources()!.lookup(PDFName.of('XObject')) as unknown as { get(n: PDFName): unknown };
  return (doc.context.lookup(xobjects.get(PDFName.of('Im0')) as never) as PDFRawStream).dict;
}

/** PNG-predicted rows (filters 0-4 in turn), as a PDF writer stores them with /Predictor 15. */
function pngPredict(data: Uint8Array, stride: number, rows: number, bpp: number): Uint8Array {
  const out = new Uint8Array((stride + 1) * rows);
  for (let y = 0; y < rows; y++) {
    const type = y % 5;
    out[y * (stride + 1)] = type;
    for (let x = 0; x < stride; x++) {
      const v = data[y * stride + x];
      const a = x >= bpp ? data[y * stride + x - bpp] : 0;
      const b = y > 0 ? data[(y - 1) * stride + x] : 0;
      const c = x >= bpp && y > 0 ? data[(y - 1) * stride + x - bpp] : 0;
      const pa = Math.abs(b - c), pb = Math.abs(a - c), pc = Math.abs(a + b - 2 * c);
      const pred = [0, a, b, (a + b) >> 1, pa <= pb && pa <= pc ? a : pb <= pc ? b : c][type];
      out[y * (stride + 1) + 1 + x] = (v - pred) & 0xff;
    }
  }
  return out;
}

/** The fast path's pixels and the render's for page 1 at `dpi`. */
async function bothWays(pdf: Uint8Array, dpi = 150): Promise<{ fast: GrayImage | null; rendered: GrayImage }> {
  const doc = await openPdf(pdf);
  try {
    const page = await doc.getPage(1);
    const rendered = await renderPageGray(page, dpi);
    page.cleanup();
    const scan = await readPageScan(page);
    const fast = scan && (await scanGray(page, scan, dpi));
    page.cleanup();
    return { fast, rendered };
  } finally {
    await doc.destroy();
  }
}

/** Mean absolute grey difference, and the share of pixels that differ by more than a quarter of the range. */
function difference(a: GrayImage, b: GrayImage): { mean: number; far: number } {
  assert.equal(a.width, b.width);
  assert.equal(a.height, b.height);
  assert.equal(a.pointsPerPixel, b.pointsPerPixel);
  let sum = 0;
  let far = 0;
  for (let i = 0; i < a.data.length; i++) {
    const d = Math.abs(a.data[i] - b.data[i]);
    sum += d;
    if (d > 64) far++;
  }
  return { mean: sum / a.data.length, far: far / a.data.length };
}

function assertSamePixels(fast: GrayImage | null, rendered: GrayImage, maxMean = 1): void {
  assert.ok(fast, 'the fast path reads this page');
  const d = difference(fast, rendered);
  assert.ok(d.mean < maxMean && d.far < 0.005, `fast path differs from the render: mean ${d.mean.toFixed(2)}, ${(d.far * 100).toFixed(2)} % far`);
}

test('PNG row filters are undone', () => {
  const data = Uint8Array.from({ length: 6 * 7 }, (_, i) => (i * 37 + (i >> 3) * 11) & 0xff);
  assert.deepEqual([...unpredictPng(pngPredict(data, 6, 7, 2), 6, 7, 2)!], [...data]);
  assert.equal(unpredictPng(Uint8Array.from([9, 1, 2]), 2, 1, 1), null, 'an unknown filter type');
});

test('a JPEG scan on a page turned 90°: the same pixels as the render', { skip: !patched }, async () => {
  const img = await scanPixels();
  const rgb = await sharp(Buffer.from(img.data), { raw: { width: img.width, height: img.height, channels: 1 } }).toColourspace('srgb').jpeg({ quality: 92 }).toBuffer();
  const w = 612, h = (612 * img.height) / img.width;
  const pdf = await pdfWith([w, h], { Width: img.width, Height: img.height, ColorSpace: 'DeviceRGB', BitsPerComponent: 8, Filter: 'DCTDecode' }, rgb, (page, name) => {
    paint([w, 0, 0, h, 0, 0])(page, name);
    page.setRotation(degrees(90));
  });
  const { fast, rendered } = await bothWays(pdf);
  assert.ok(rendered.height > rendered.width, 'the render is turned');
  assertSamePixels(fast, rendered);
});

test('a grey Flate scan with PNG predictors, drawn smaller than its pixels', { skip: !patched }, async () => {
  const img = await scanPixels();
  const stored = deflateSync(pngPredict(img.data, img.width, img.height, 1));
  const w = 300, h = (300 * img.height) / img.width;
  const pdf = await pdfWith([w, h], {
    Width: img.width, Height: img.height, ColorSpace: 'DeviceGray', BitsPerComponent: 8, Filter: 'FlateDecode',
    DecodeParms: { Predictor: 15, Colors: 1, BitsPerComponent: 8, Columns: img.width },
  }, stored, paint([w, 0, 0, h, 0, 0]));
  const { fast, rendered } = await bothWays(pdf, 100);
  assertSamePixels(fast, rendered);
});

test('a 1-bit scan mirrored by its matrix, and an indexed one turned a quarter by it', { skip: !patched }, async () => {
  const img = await scanPixels();
  const stride = Math.ceil(img.width / 8);
  const bits = new Uint8Array(stride * img.height);
  for (let y = 0; y < img.height; y++) for (let x = 0; x < img.width; x++) if (img.data[y * img.width + x] >= 128) bits[y * stride + (x >> 3)] |= 0x80 >> (x & 7);
  const w = 612, h = (612 * img.height) / img.width;
  // a < 0: the image's columns run right to left; d < 0: its rows run upwards.
  const mirrored = await pdfWith([w, h], { Width: img.width, Height: img.height, ColorSpace: 'DeviceGray', BitsPerComponent: 1, Filter: 'FlateDecode' },
    deflateSync(bits), paint([-w, 0, 0, -h, w, h]));
  const one = await bothWays(mirrored);
  assertSamePixels(one.fast, one.rendered);

  // 4-bit indices into an RGB palette of greys (index k → 17k), painted turned a quarter.
  const nib = Math.ceil(img.width / 2);
  const idx = new Uint8Array(nib * img.height);
  for (let y = 0; y < img.height; y++) for (let x = 0; x < img.width; x++) idx[y * nib + (x >> 1)] |= (img.data[y * img.width + x] >> 4) << (x & 1 ? 0 : 4);
  const palette = new Uint8Array(48);
  for (let k = 0; k < 16; k++) palette.fill(17 * k, 3 * k, 3 * k + 3);
  const turned = await pdfWith([h, w], { Width: img.width, Height: img.height, BitsPerComponent: 4, Filter: 'FlateDecode' }, deflateSync(idx),
    paint([0, -w, h, 0, 0, w]), async (page, doc) => {
      imageDict(page, doc).set(PDFName.of('ColorSpace'), doc.context.obj([PDFName.of('Indexed'), PDFName.of('DeviceRGB'), PDFNumber.of(15), PDFHexString.of(Buffer.from(palette).toString('hex'))]));
    });
  const two = await bothWays(turned);
  assert.ok(two.rendered.height > two.rendered.width);
  assertSamePixels(two.fast, two.rendered);
});

test('an image inside a clip rectangle that cuts it: white where the clip hides it', { skip: !patched }, async () => {
  const img = await scanPixels();
  const w = 612, h = (612 * img.height) / img.width;
  const pdf = await pdfWith([w, h], { Width: img.width, Height: img.height, ColorSpace: 'DeviceGray', BitsPerComponent: 8, Filter: 'FlateDecode' },
    deflateSync(img.data), (page, name) => page.pushOperators(pushGraphicsState(), rectangle(0, 0, w / 2, h), clip(), endPath(), ...paintOps([w, 0, 0, h, 0, 0], name), popGraphicsState()));
  const { fast, rendered } = await bothWays(pdf);
  assertSamePixels(fast, rendered);
  // The right half is blank paper in both.
  assert.ok(fast!.data.subarray(0, fast!.width).slice(Math.ceil(fast!.width / 2) + 2).every((v) => v === 255));
});

test('pages it does not read exactly are left to the render', { skip: !patched }, async () => {
  const img = await scanPixels();
  const entries = { Width: img.width, Height: img.height, ColorSpace: 'DeviceGray', BitsPerComponent: 8, Filter: 'FlateDecode' };
  const stored = deflateSync(img.data);
  const full = paint([612, 0, 0, 300, 0, 0]);
  const cases: Array<[string, Promise<Uint8Array>]> = [
    ['visible text over the scan', pdfWith([612, 300], entries, stored, full, async (page, doc) => {
      page.drawText('Stamp', { x: 10, y: 10, size: 12, font: await doc.embedFont(StandardFonts.Helvetica) });
    })],
    ['a filled shape', pdfWith([612, 300], entries, stored, full, async (page) => page.drawRectangle({ x: 10, y: 10, width: 50, height: 20 }))],
    ['a soft mask', pdfWith([612, 300], entries, stored, full, async (page, doc) => {
      const mask = doc.context.register(PDFRawStream.of(doc.context.obj({ Type: 'XObject', Subtype: 'Image', Width: 1, Height: 1, ColorSpace: 'DeviceGray', BitsPerComponent: 8 }) as never, new Uint8Array([128])));
      imageDict(page, doc).set(PDFName.of('SMask'), mask);
    })],
    ['CCITT', pdfWith([612, 300], { ...entries, Filter: 'CCITTFaxDecode', BitsPerComponent: 1 }, new Uint8Array(16), full)],
    ['a sheared placement', pdfWith([612, 300], entries, stored, paint([612, 0, 100, 300, 0, 0]))],
    ['two images', pdfWith([612, 300], entries, stored, (page, name) => page.pushOperators(...paintOps([300, 0, 0, 300, 0, 0], name), ...paintOps([300, 0, 0, 300, 300, 0], name)))],
  ];
  for (const [what, made] of cases) {
    const doc = await openPdf(await made);
    const page = await doc.getPage(1);
    const scan = await readPageScan(page);
    const gray = scan && (await scanGray(page, scan, 150));
    await doc.destroy();
    assert.equal(gray, null, what);
  }
});

test('OCR reads the same words from the fast path as from the render', { skip: !patched }, async (t) => {
  const cli = (await cliLanguages()).includes('eng');
  // CI installs the tesseract CLI (.ci/run): there the comparison must run, not pass unrun.
  assert.ok(cli || !process.env.DOCCONV_CI, 'CI installs the tesseract CLI with eng');
  if (!cli) return t.diagnostic('no tesseract binary with eng on PATH');
  const img = await scanPixels();
  const w = 612, h = (612 * img.height) / img.width;
  const pdf = await pdfWith([w, h], { Width: img.width, Height: img.height, ColorSpace: 'DeviceGray', BitsPerComponent: 8, Filter: 'FlateDecode' }, deflateSync(img.data), paint([w, 0, 0, h, 0, 0]));
  const { fast, rendered } = await bothWays(pdf);
  assert.ok(fast);
  const read = async (g: GrayImage) => words((await ocrImage(g, { langs: ['eng'], engine: 'cli' })).runs.map((r) => r.text).join(' '));
  const fromFast = await read(fast);
  assert.deepEqual(fromFast, await read(rendered));
  assert.ok(fromFast.includes('quick') && fromFast.includes('river'));
});
