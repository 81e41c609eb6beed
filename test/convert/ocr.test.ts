import { test } from 'node:test';
import assert from 'node:assert/strict';
import { after } from 'node:test';
import { LanguageError } from '../../src/convert/errors.js';
import { decodeImagePageGray } from '../../src/convert/images.js';
import { availableOcrLanguages, ocrImage, resolveOcrLanguages, terminateWasmEngine } from '../../src/convert/ocr/index.js';
import { cliLanguages } from '../../src/convert/ocr/cli-engine.js';
import { rotateGray, toPgm } from '../../src/convert/ocr/image.js';
import { parseTesseractTsv } from '../../src/convert/ocr/tsv.js';
import { sampleLines, textImagePng, words } from './exec-fixtures.js';

after(() => terminateWasmEngine());

/**
 * The tesseract CLI is optional for a developer (tesseract.js is the fallback), but `.ci/run`
 * installs it (DOCCONV_CI=1): there its absence fails the CLI tests instead of passing them unrun.
 */
async function tesseractCliOrCi(): Promise<boolean> {
  const present = (await cliLanguages()).includes('eng');
  assert.ok(present || !process.env.DOCCONV_CI, 'CI installs the tesseract CLI with eng (.ci/run)');
  return present;
}

test('lang hints: ISO 639-1, Tesseract codes, several joined by +', () => {
  assert.deepEqual(availableOcrLanguages().sort(), ['chi_sim', 'deu', 'eng', 'fra', 'spa']);
  assert.deepEqual(resolveOcrLanguages(undefined), ['eng']);
  assert.deepEqual(resolveOcrLanguages('en'), ['eng']);
  assert.deepEqual(resolveOcrLanguages('fr+de'), ['fra', 'deu']);
  assert.deepEqual(resolveOcrLanguages('eng+chi_sim+en'), ['eng', 'chi_sim']);
  assert.deepEqual(resolveOcrLanguages('zh'), ['chi_sim']);
});

test('an unknown language is a LanguageError naming the available ones', () => {
  assert.throws(() => resolveOcrLanguages('en+xx'), (e: unknown) => {
    assert.ok(e instanceof LanguageError);
    assert.equal(e.code, 'invalid_request');
    assert.match(e.message, /'xx'/);
    assert.match(e.message, /eng, fra, deu, spa, chi_sim/);
    return true;
  });
});

test('TSV rows become word runs in points with confidences', () => {
  const tsv = [
    'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext',
    '4\t1\t1\t1\t1\t0\t100\t200\t400\t48\t-1\t',
    '5\t1\t1\t1\t1\t1\t100\t200\t150\t48\t96.5\tHappy',
    '5\t1\t1\t1\t1\t2\t270\t204\t130\t36\t10\t~~',
  ].join('\n');
  const { runs, meanConfidence } = parseTesseractTsv(tsv, 0.5, 20);
  assert.equal(runs.length, 1);
  // A word reaching ascender and descender: its line's box over 1.2 (line-size.ts).
  assert.deepEqual({ ...runs[0] }, { text: 'Happy', x: 50, y: 100, width: 75, height: 24, fontSize: 20, bold: false, italic: false, monospace: false, confidence: 96.5 });
  assert.ok(meanConfidence > 50 && meanConfidence < 96.5);
});

test('rotations turn the pixel grid clockwise', () => {
  const img = { data: new Uint8Array([1, 2, 3, 4, 5, 6]), width: 3, height: 2, pointsPerPixel: 1 };
  assert.deepEqual([...rotateGray(img, 90).data], [4, 1, 5, 2, 6, 3]);
  assert.deepEqual([...rotateGray(img, 180).data], [6, 5, 4, 3, 2, 1]);
  assert.deepEqual([...rotateGray(img, 270).data], [3, 6, 2, 5, 1, 4]);
  assert.deepEqual([rotateGray(img, 90).width, rotateGray(img, 90).height], [2, 3]);
});

test('tesseract.js alone reads drawn text, upright, upside down and sideways, and switches languages', async () => {
  const upright = await decodeImagePageGray(await textImagePng(sampleLines), 0);
  const page = await ocrImage(upright, { langs: ['eng'], engine: 'wasm' });
  const got = words(page.runs.map((r) => r.text).join(' '));
  for (const w of ['quick', 'brown', 'lazy', 'river']) assert.ok(got.includes(w), `missing ${w} in ${got.join(' ')}`);
  assert.equal(page.rotation, 0);
  assert.ok(page.runs.every((r) => r.confidence !== undefined && r.x >= 0 && r.x < 612 && r.y < 300));

  const flipped = await decodeImagePageGray(await textImagePng(sampleLines, { rotate180: true }), 0);
  const turned = await ocrImage(flipped, { langs: ['eng', 'fra'], engine: 'wasm' });
  assert.equal(turned.rotation, 180);
  assert.ok(words(turned.runs.map((r) => r.text).join(' ')).includes('quick'));

  // Turned a quarter clockwise, Tesseract reads the lines as vertical text, in the turned frame.
  const sideways = await ocrImage(rotateGray(upright, 90), { langs: ['eng'], engine: 'wasm' });
  assert.equal(sideways.rotation, 270);
  assert.deepEqual([Math.round(sideways.width), Math.round(sideways.height)], [612, 300]);
  assert.ok(sideways.runs.every((r) => r.width > r.height || r.text.length < 3), 'words lie across');
});

test('the tesseract CLI, when installed, reads the same text', async (t) => {
  if (!(await tesseractCliOrCi())) return t.diagnostic('no tesseract binary with eng on PATH');
  const upright = await decodeImagePageGray(await textImagePng(sampleLines), 0);
  const page = await ocrImage(upright, { langs: ['eng'], engine: 'cli' });
  const got = words(page.runs.map((r) => r.text).join(' '));
  for (const w of ['quick', 'brown', 'lazy', 'river']) assert.ok(got.includes(w), `missing ${w}`);
});

/** Seven lines of ordinary prose: enough characters for Tesseract's orientation detection. */
const proseLines = [
  'The quick brown fox jumps over', 'the lazy dog near the river bank.', 'Every morning the baker opens',
  'his shop before the town wakes,', 'and the smell of fresh bread fills', 'the narrow streets around the old',
  'market square until the noon bell.',
];

test('the tesseract CLI detects the orientation of turned scans, and upside-down and sideways ones are turned', async (t) => {
  if (!(await tesseractCliOrCi())) return t.diagnostic('no tesseract binary with eng on PATH');
  const { cliHasOrientationData, detectOrientationWithCli } = await import('../../src/convert/ocr/cli-engine.js');
  assert.ok((await cliHasOrientationData()) || !process.env.DOCCONV_CI, 'CI installs tesseract-ocr-osd (.ci/run)');
  if (!(await cliHasOrientationData())) return t.diagnostic('no osd data for the tesseract binary');
  const upright = await decodeImagePageGray(await textImagePng(proseLines), 0);
  // An image turned `turn` clockwise is made upright by turning it back: (360 - turn) clockwise.
  for (const turn of [90, 180, 270] as const) {
    const scan = rotateGray(upright, turn);
    const verdict = await detectOrientationWithCli(toPgm(scan), 72 / scan.pointsPerPixel);
    assert.equal(verdict?.rotate, 360 - turn, `orientation of a page turned ${turn}°`);
    const page = await ocrImage(scan, { langs: ['eng'], engine: 'cli' });
    assert.equal(page.rotation, 360 - turn);
    assert.deepEqual([Math.round(page.width), Math.round(page.height)], [612, 300], 'page size is upright');
    const got = words(page.runs.map((r) => r.text).join(' '));
    for (const w of ['quick', 'baker', 'bread', 'market']) assert.ok(got.includes(w), `missing ${w} turned ${turn}°: ${got.join(' ')}`);
  }
});

test('an upside-down letter page of 8 pt print at the pipeline\'s 150 dpi is turned and read', async (t) => {
  // Re-reading turned copies judges them at half size (75 dpi), where 8 pt print reads poorly every
  // way up and the page stayed upside down; detection judges the full-size page.
  if (!(await tesseractCliOrCi())) return t.diagnostic('no tesseract binary with eng on PATH');
  const { cliHasOrientationData } = await import('../../src/convert/ocr/cli-engine.js');
  if (!(await cliHasOrientationData())) return t.diagnostic('no osd data for the tesseract binary');
  const { PDFDocument, StandardFonts } = await import('pdf-lib');
  const { openPdf } = await import('../../src/convert/pdf/open.js');
  const { renderPageGray } = await import('../../src/convert/pdf/render.js');
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  for (let i = 0; i < 60; i++) page.drawText(`${i + 1}. ${proseLines[i % proseLines.length]} ${proseLines[(i + 3) % proseLines.length]}`, { x: 54, y: 740 - i * 11, size: 8, font });
  const pdf = await openPdf(await doc.save());
  const upright = await renderPageGray(await pdf.getPage(1), 150);
  await pdf.destroy();
  const read = await ocrImage(rotateGray(upright, 180), { langs: ['eng'], engine: 'cli' });
  assert.equal(read.rotation, 180);
  const got = words(read.runs.map((r) => r.text).join(' '));
  for (const w of ['quick', 'baker', 'bread', 'market', 'square']) assert.ok(got.includes(w), `missing ${w}`);
});

test('orientation detection gives no verdict on a page without text (it does not throw)', async (t) => {
  if (!(await tesseractCliOrCi())) return t.diagnostic('no tesseract binary with eng on PATH');
  const { cliHasOrientationData, detectOrientationWithCli } = await import('../../src/convert/ocr/cli-engine.js');
  if (!(await cliHasOrientationData())) return t.diagnostic('no osd data for the tesseract binary');
  const data = new Uint8Array(400 * 300).fill(255);
  data.fill(0, 150 * 400 + 100, 150 * 400 + 300); // one rule, no characters
  assert.equal(await detectOrientationWithCli(toPgm({ data, width: 400, height: 300, pointsPerPixel: 72 / 200 }), 200), null);
});

test('a Tesseract child runs under an OS-enforced time bound and dies with an abort (it cannot outlive its worker)', async (t) => {
  const { recognizeWithCli } = await import('../../src/convert/ocr/cli-engine.js');
  const { execFileSync } = await import('node:child_process');
  if (!(await tesseractCliOrCi())) return t.diagnostic('no tesseract binary with eng on PATH');
  const sharp = (await import('sharp')).default;
  const image = await sharp({ create: { width: 2400, height: 3200, channels: 3, background: { r: 128, g: 128, b: 128 } } }).greyscale().png().toBuffer();
  const procs = () => execFileSync('ps', ['-eo', 'pid=,ppid=,args=']).toString().split('\n').map((l) => l.trim().split(/\s+/)).filter((f) => f.length > 2)
    .map(([pid, ppid, ...args]) => ({ pid: Number(pid), ppid: Number(ppid), args: args.join(' ') }));
  const ac = new AbortController();
  const run = recognizeWithCli(image, ['eng'], 300, ac.signal).catch(() => 'aborted');
  await new Promise((r) => setTimeout(r, 150));
  const wrappers = procs().filter((p) => p.ppid === process.pid && /^\S*timeout --signal=KILL \d+s tesseract stdin/.test(p.args)).map((p) => p.pid);
  assert.equal(wrappers.length, 1, 'Tesseract runs wrapped in timeout');
  ac.abort();
  await run;
  await new Promise((r) => setTimeout(r, 300));
  const left = procs().filter((p) => wrappers.includes(p.pid) || wrappers.includes(p.ppid));
  assert.deepEqual(left, [], 'no Tesseract process left behind');
});
