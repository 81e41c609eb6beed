// Several pictures read in one Tesseract process (ocr/index.ts ocrPictures): a multi-page TIFF in,
// the TSV cut back per picture by page number, each picture's words as its own reading gives them.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { decodeImagePageGray } from '../../src/convert/images.js';
import { cliLanguages, cliReadsTiff } from '../../src/convert/ocr/cli-engine.js';
import { ocrImage, ocrPictures, terminateWasmEngine } from '../../src/convert/ocr/index.js';
import { toMultipageTiff } from '../../src/convert/ocr/tiff.js';
import { splitTsvByPage } from '../../src/convert/ocr/tsv.js';
import type { GrayImage } from '../../src/convert/pdf/render.js';
import { textImagePng, words } from './exec-fixtures.js';

after(() => terminateWasmEngine());

async function tesseractCliOrCi(): Promise<boolean> {
  const present = (await cliLanguages()).includes('eng');
  assert.ok(present || !process.env.DOCCONV_CI, 'CI installs the tesseract CLI with eng (.ci/run)');
  return present;
}

function gradient(width: number, height: number, seed: number): GrayImage {
  const data = new Uint8Array(width * height);
  for (let i = 0; i < data.length; i++) data[i] = (i * seed + (i % width) * 7) & 0xff;
  return { data, width, height, pointsPerPixel: 72 / 150 };
}

test('a multi-page TIFF holds each image, odd sizes included, at its resolution', async () => {
  const images = [gradient(31, 17, 3), gradient(8, 9, 5), gradient(64, 40, 11)];
  const tiff = toMultipageTiff(images, 150);
  const meta = await sharp(tiff).metadata();
  assert.equal(meta.pages, 3);
  for (const [k, img] of images.entries()) {
    const pageMeta = await sharp(tiff, { page: k }).metadata();
    assert.deepEqual([pageMeta.width, pageMeta.height, pageMeta.channels, pageMeta.space], [img.width, img.height, 1, 'b-w'], `page ${k} size`);
    assert.equal(Math.round(pageMeta.density ?? 0), 150);
    // sharp writes raw pixels as sRGB: one channel of three is the grey level.
    const data = await sharp(tiff, { page: k }).extractChannel(0).raw().toBuffer();
    assert.ok(Buffer.from(img.data).equals(data), `page ${k} pixels`);
  }
  assert.throws(() => toMultipageTiff([], 150));
});

test('a multi-page TSV is cut into one TSV per image by page number; an image without rows gets none', () => {
  const head = 'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext';
  const row = (page: number, text: string) => `5\t${page}\t1\t1\t1\t1\t0\t0\t10\t10\t95\t${text}`;
  const parts = splitTsvByPage([head, row(1, 'alpha'), row(3, 'gamma'), row(3, 'delta'), ''].join('\n'), 3);
  assert.deepEqual(parts, [row(1, 'alpha'), '', [row(3, 'gamma'), row(3, 'delta')].join('\n')]);
});

test('pictures read together give each picture the words it reads alone; uniform ones none', async (t) => {
  if (!(await tesseractCliOrCi())) return t.diagnostic('no tesseract binary with eng on PATH');
  // Debian's tesseract-ocr (CI, production) reads TIFF, so these pictures share one process.
  assert.ok((await cliReadsTiff()) || !process.env.DOCCONV_CI, 'the CLI reads multi-page TIFF');
  const first = await decodeImagePageGray(await textImagePng(['Harvest Festival Programme'], { dpi: 150 }), 0);
  const second = await decodeImagePageGray(await textImagePng(['Saturday market and music', 'Tickets at the gate'], { dpi: 150 }), 0);
  const blank: GrayImage = { ...first, data: new Uint8Array(first.data.length).fill(255) };
  const together = await ocrPictures([first, blank, second], { langs: ['eng'], engine: 'cli' });
  assert.equal(together.length, 3);
  assert.deepEqual(together[1].runs, []);
  const alone = [await ocrImage(first, { langs: ['eng'], engine: 'cli' }), await ocrImage(second, { langs: ['eng'], engine: 'cli' })];
  for (const [k, reading] of [together[0], together[2]].entries()) {
    assert.deepEqual(reading.runs, alone[k].runs, `picture ${k}: same words, boxes and confidences as alone`);
  }
  assert.deepEqual(words(together[0].runs.map((r) => r.text).join(' ')), ['harvest', 'festival', 'programme']);
  assert.ok(words(together[2].runs.map((r) => r.text).join(' ')).includes('tickets'));
});

test('without the CLI, pictures are read one by one with the same result shape', async () => {
  const first = await decodeImagePageGray(await textImagePng(['Harvest Festival Programme'], { dpi: 150 }), 0);
  const read = await ocrPictures([first], { langs: ['eng'], engine: 'wasm' });
  assert.equal(read.length, 1);
  assert.ok(words(read[0].runs.map((r) => r.text).join(' ')).includes('festival'));
});
