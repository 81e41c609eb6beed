// List bullets drawn as shapes (Chromium's Skia/PDF: discs, circles, squares), not glyphs: the
// items still read as a list, and nothing else becomes one (issue 9, eval:synthetic --family html).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { parseDocument, shutdownConvertPool } from '../../src/convert/index.js';
import { drawnBulletRuns, hasUnmarkedIndentedLines } from '../../src/convert/pdf/drawn-bullets.js';
import type { LinePiece } from '../../src/convert/pdf/set-apart.js';
import { words } from './fixtures/runs.js';

after(shutdownConvertPool);

const ITEMS = ['Apples from the north orchard', 'Pears kept in the cellar', 'Plums for the winter jam'];
const INTRO = [
  'The farm keeps a record of every season, what was sown and what was brought in, so that',
  'the next year can be planned from what the last one taught: which fields gave most, which',
  'orchards need pruning, and how much of each crop the cellars and the lofts can hold. This',
  'year the rains came early and the harvest was brought in before the first frosts of the',
  'autumn, which left time to sort, dry and store it properly before the market days began.',
];

/** A paragraph, three items each led by a filled disc (or a hollow circle), another paragraph. */
async function listPdf(producer: string, hollow = false): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setProducer(producer);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([612, 792]);
  const text = (s: string, x: number, top: number) => page.drawText(s, { x, y: 792 - top, size: 10, font });
  // A page of text, over the few hundred characters below which every page is read in full: the
  // cheap reading applies, and only the producer's cue asks for the shapes.
  INTRO.forEach((l, i) => text(l, 72, 64 + i * 12));
  text('The harvest this year was good and the stores are full.', 72, 100 + INTRO.length * 12);
  ITEMS.forEach((item, i) => {
    const top = 124 + INTRO.length * 12 + i * 14;
    // Centred on the lowercase letters, 14 pt left of the item's text, 4.5 pt across.
    page.drawEllipse({ x: 90, y: 792 - top + 3, xScale: 2.25, yScale: 2.25, ...(hollow ? { borderColor: rgb(0, 0, 0), borderWidth: 0.6 } : { color: rgb(0, 0, 0) }) });
    text(item, 102, top);
  });
  text('Nothing else was stored for the season ahead of us.', 72, 180 + INTRO.length * 12);
  return pdf.save();
}

test('drawn bullets: discs and circles before indented lines of a Skia/PDF document make list items', async () => {
  for (const hollow of [false, true]) {
    const { markdown } = await parseDocument(await listPdf('Skia/PDF m156', hollow), { pageTimeoutS: 30 });
    for (const item of ITEMS) assert.match(markdown, new RegExp(`^\\s*- ${item}$`, 'm'), `${hollow ? 'circle' : 'disc'}: ${markdown}`);
    assert.match(markdown, /^The harvest this year/m);
  }
});

test('drawn bullets: a mark over text, far from it, or the size of a letter is no bullet', () => {
  const [first] = words('Apples', 102, 116);
  const base = first.baseline!;
  const disc = (x: number, size: number, cy = base - 3) => ({ x, y: cy - size / 2, width: size, height: size });
  assert.equal(drawnBulletRuns([disc(88, 4.5)], [first]).length, 1);
  assert.equal(drawnBulletRuns([disc(88, 4.5)], [first])[0].text, '•');
  assert.equal(drawnBulletRuns([disc(104, 4.5)], [first]).length, 0, 'over the word');
  assert.equal(drawnBulletRuns([disc(60, 4.5)], [first]).length, 0, 'three ems away');
  assert.equal(drawnBulletRuns([disc(88, 9.5)], [first]).length, 0, 'as big as a capital: a check box or an icon');
  assert.equal(drawnBulletRuns([disc(88, 4.5, base + 6)], [first]).length, 0, 'under the baseline');
  // A word before it on the line: the mark does not start the line.
  assert.equal(drawnBulletRuns([disc(88, 4.5)], [...words('so', 72, 116), first]).length, 0);
});

function line(x: number, baseline: number, text = 'words of a line of text set here'): LinePiece {
  return { x, end: x + 220, baseline, size: 10, text };
}

test('drawn bullets: the cue is indented lines without a marker, not a first-line indent', () => {
  const para = [line(72, 100), line(72, 112), line(72, 124)];
  assert.ok(hasUnmarkedIndentedLines([...para, line(100, 140), line(100, 152)]));
  // A nested item deeper under the first.
  assert.ok(hasUnmarkedIndentedLines([...para, line(100, 140), line(120, 152)]));
  // Paragraphs with first-line indents; a list whose markers are glyphs.
  assert.ok(!hasUnmarkedIndentedLines([...para, line(90, 136), line(72, 148), line(72, 160), line(90, 172), line(72, 184)]));
  assert.ok(!hasUnmarkedIndentedLines([...para, line(100, 140, '• Apples from the north'), line(100, 152, '• Pears kept')]));
});

test('drawn bullets: a nested list counts its indent from the words of a numbered item, past the number', () => {
  // "1. Period being" at 78, its words at ~90, the nested items' words at 120: 4.2 em from the
  // number, 3 em from the words (how Chromium sets a bulleted list inside a numbered one).
  const para = [line(78, 100), line(78, 112), line(78, 124)];
  const nested = [line(78, 140, '1. Period being'), line(120, 153), line(120, 166), line(78, 180, '2. Young almost')];
  assert.ok(hasUnmarkedIndentedLines([...para, ...nested]));
  // Without the number the same step is a column's, not a list's indent.
  assert.ok(!hasUnmarkedIndentedLines([...para, line(78, 140, 'Period being'), line(120, 153), line(120, 166)]));
});

test('drawn bullets: a list opening its column shows its indent against the paragraph after it', () => {
  // Nothing above the items in their column; the paragraph below starts back at the edge.
  const items = [line(320, 100, 'Basis expect'), line(320, 112), line(334, 124), line(320, 136, 'Issue board later')];
  const after = [line(306, 154), line(306, 166), line(306, 178)];
  assert.ok(hasUnmarkedIndentedLines([...items, ...after]));
  // A paragraph opening its column with its first line indented: one line in, then back.
  assert.ok(!hasUnmarkedIndentedLines([line(320, 100), line(306, 112), line(306, 124), line(306, 136)]));
});

test('drawn bullets: only documents whose producer draws them so get the full reading for the cue', async () => {
  // Same page from another producer: the cheap reading has no shapes, the items stay paragraphs
  // (the page is not read twice for a cue that block quotes and references share).
  const { markdown } = await parseDocument(await listPdf('docconv test'), { pageTimeoutS: 30 });
  for (const item of ITEMS) assert.match(markdown, new RegExp(item));
  assert.doesNotMatch(markdown, /^\s*- Apples/m, markdown);
});
