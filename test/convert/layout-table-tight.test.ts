// Tables set with tight gutters (issue 9): strings of two columns shown half an em apart, which
// pdf.js joins into one text item with a space of its own, part again at the x where each was
// shown (TextRun.shownGaps, recorded by the patched pdf.js worker); the column projection keeps a
// channel that narrow; a ruled grid's cells get the strings on their side of the rule.
import { test, after } from 'node:test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { parseDocument, shutdownConvertPool } from '../../src/convert/index.js';
import assert from 'node:assert/strict';
import { deflateSync } from 'node:zlib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextRun } from '../../src/convert/layout/types.js';
import { words } from './fixtures/runs.js';
import { pdfWithContent } from './fixtures/content-pdf.js';
import { buildSegments } from '../../src/convert/layout/lines.js';
import { chunkLines, chunkSpans, findColumnCuts, shownStrings, shownStringsAcross } from '../../src/convert/layout/table-columns.js';
import { tableFromWhitespace } from '../../src/convert/layout/tables.js';
import type { Item } from '../../src/convert/layout/regions.js';
import { installPdfjsWorker } from '../../src/convert/pdf/pdfjs-worker.js';
import { extractPageLayout } from '../../src/convert/pdf/extract.js';

after(shutdownConvertPool);


test('pdf.js: strings shown half an em apart come as one run with the gap where it was drawn', async () => {
  assert.equal(await installPdfjsWorker(), true);
  // "841.1" (Helvetica 10 pt: 4 digits and a point, 25.02 pt wide) at x 100, "1,786" 5 pt (0.5 em) after it.
  const ops = 'BT /F1 10 Tf 100 700 Td (841.1) Tj ET BT /F1 10 Tf 130.02 700 Td (1,786) Tj ET BT /F1 10 Tf 100 680 Td (Two words) Tj ET\n';
  const doc = await getDocument({ data: pdfWithContent(deflateSync(Buffer.from(ops))), isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
  try {
    const input = await extractPageLayout(await doc.getPage(1), 0);
    const joined = input.runs.find((r) => r.text === '841.1 1,786');
    assert.ok(joined?.shownGaps, JSON.stringify(input.runs));
    const [at, x0, x1] = joined.shownGaps.gaps;
    assert.equal(at, 5);
    assert.ok(Math.abs(x0 - 125.02) < 0.05 && Math.abs(x1 - 130.02) < 0.05, `${x0} ${x1}`);
    assert.deepEqual(shownStrings(joined).map((r) => [r.text, +r.x.toFixed(2), +(r.x + r.width).toFixed(2)]), [['841.1', 100, 125.02], ['1,786', 130.02, 155.04]]);
    // A word space (0.28 em) is no gap of a shown string.
    assert.equal(input.runs.find((r) => r.text === 'Two words')?.shownGaps, undefined);
  } finally {
    await doc.destroy();
  }
});

/** A run as pdf.js joins two strings shown apart: one text, the gap recorded. */
function joined(a: string, ax: number, b: string, bx: number, y: number, size = 8): TextRun {
  const end = bx + b.length * size * 0.5;
  const text = `${a} ${b}`;
  return { text, x: ax, y, width: end - ax, height: size, fontSize: size, bold: false, italic: false, monospace: false, baseline: y + 0.8 * size, shownGaps: { text, x: ax, gaps: [a.length, ax + a.length * size * 0.5, bx] } };
}

test('shownStrings: only the run the gaps were recorded for is parted (a cut or moved copy is not), only at gaps of a cell', () => {
  const r = joined('841.1', 100, '1,786', 123.2, 50);
  assert.deepEqual(shownStrings(r).map((p) => p.text), ['841.1', '1,786']);
  assert.deepEqual(shownStrings({ ...r, x: 101 }).map((p) => p.text), ['841.1 1,786']);
  assert.deepEqual(shownStrings({ ...r, text: '841.1 1,78' }).map((p) => p.text), ['841.1 1,78']);
  // A gap narrower than a cell gap (0.25 em) stays.
  assert.deepEqual(shownStrings(joined('841.1', 100, '1,786', 122, 50)).map((p) => p.text), ['841.1 1,786']);
  // Across a rule, any recorded gap parts the run.
  assert.deepEqual(shownStringsAcross(joined('841.1', 100, '1,786', 122, 50), [121]).map((p) => p.text), ['841.1', '1,786']);
  assert.deepEqual(shownStringsAcross(joined('841.1', 100, '1,786', 122, 50), [140]).map((p) => p.text), ['841.1 1,786']);
});

function items(runs: TextRun[]): Item[] {
  return buildSegments(runs).map((seg) => ({ x0: seg.x0, x1: seg.x1, top: seg.top, bottom: seg.bottom, seg }));
}

/** Right-aligned at x (0.5 em per character). */
function right(text: string, x: number, y: number, size = 8): TextRun[] {
  return words(text, x - text.length * size * 0.5, y, size);
}

/** Right edges of the three figure columns: the widest figures (six characters, 24 pt) 3.2 pt apart. */
const EDGES = [160, 187.2, 214.4];

/**
 * A table of three figure columns right-aligned, set 0.4 em (3.2 pt at 8 pt) apart where the
 * widest figures meet: pdf.js joins two such figures into one run.
 */
function tightTable(): TextRun[] {
  const runs: TextRun[] = [...words('Area', 40, 40, 8), ...right('Men', EDGES[0], 40), ...right('Women', EDGES[1], 40), ...right('All', EDGES[2], 40)];
  const rows = [
    ['North', '1,204', '12,312', '13,516'],
    ['South', '96', '12,880', '12,976'],
    ['East', '12,004', '14,001', '26,005'],
    ['West', '3,001', '950', '3,951'],
    ['Central', '77', '12,000', '12,077'],
  ];
  rows.forEach(([label, ...v], i) => {
    const y = 52 + i * 11;
    runs.push(...words(label, 40, y, 8));
    let k = 0;
    while (k < 3) {
      const x = EDGES[k] - v[k].length * 4;
      const nx = k + 1 < 3 ? EDGES[k + 1] - v[k + 1].length * 4 : Infinity;
      // The next figure starts under 0.6 em after this one ends: pdf.js joins them.
      if (nx - EDGES[k] < 0.6 * 8) {
        runs.push(joined(v[k], x, v[k + 1], nx, y));
        k += 2;
      } else {
        runs.push(...right(v[k], EDGES[k], y));
        k++;
      }
    }
  });
  return runs;
}

test('columns: a channel 0.4 em wide holds between columns whose figures pdf.js joined', () => {
  const lines = chunkLines(items(tightTable()).map((i) => i.seg!));
  const spans = lines.map((l) => l.flatMap(chunkSpans));
  const cuts = findColumnCuts(spans, 0.3 * 8);
  assert.equal(cuts.length, 3, JSON.stringify(cuts));
  assert.ok(cuts[1] > EDGES[0] && cuts[1] < EDGES[0] + 3.2, String(cuts[1]));
  assert.ok(cuts[2] > EDGES[1] && cuts[2] < EDGES[1] + 3.2, String(cuts[2]));
  const t = tableFromWhitespace(items(tightTable()), []);
  assert.deepEqual(t.rows.map((r) => r.map((c) => c?.text ?? '')), [
    ['Area', 'Men', 'Women', 'All'],
    ['North', '1,204', '12,312', '13,516'],
    ['South', '96', '12,880', '12,976'],
    ['East', '12,004', '14,001', '26,005'],
    ['West', '3,001', '950', '3,951'],
    ['Central', '77', '12,000', '12,077'],
  ]);
  // Joined runs there are: the test is of what pdf.js does.
  assert.ok(tightTable().filter((r) => r.shownGaps).length >= 4);
});

/** One run of words each shown apart (TeX: no space glyph), the gaps before words 1.. given in ems. */
function shownApart(words: string[], gapsEm: number[], size = 10): TextRun {
  const text = words.join(' ');
  const gaps: number[] = [];
  let x = 100;
  let at = 0;
  words.forEach((w, i) => {
    if (i > 0) {
      gaps.push(at - 1, x, x + gapsEm[i - 1] * size);
      x += gapsEm[i - 1] * size;
    }
    x += w.length * size * 0.5;
    at += w.length + 1;
  });
  return { text, x: 100, y: 50, width: x - 100, height: size, fontSize: size, bold: false, italic: false, monospace: false, baseline: 58, shownGaps: { text, x: 100, gaps } };
}

test('shownStrings: a justified line\'s words shown apart are one string; a gap wider than its word space, cells set alike, figures are not', async () => {
  // pdf.js records a TeX line's stretched word spaces (0.47 em, each word shown apart) as gaps.
  assert.equal(await installPdfjsWorker(), true);
  const ops = 'BT /F1 10 Tf 100 700 Td [(globally) -470 (and) -470 (locally,) -505 (describes) -470 (the) -470 (general) -470 (use) -470 (case)] TJ ET\n';
  const doc = await getDocument({ data: pdfWithContent(deflateSync(Buffer.from(ops))), isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
  try {
    const line = (await extractPageLayout(await doc.getPage(1), 0)).runs.find((r) => r.text.startsWith('globally'));
    assert.equal(line?.shownGaps?.gaps.length, 3 * 7, JSON.stringify(line));
    assert.deepEqual(shownStrings(line).map((p) => p.text), ['globally and locally, describes the general use case']);
  } finally {
    await doc.destroy();
  }
  const prose = shownApart('the packages tlc-article depends upon and more'.split(' '), [0.47, 0.47, 0.47, 0.508, 0.47, 0.47]);
  assert.deepEqual(shownStrings(prose).map((p) => p.text), ['the packages tlc-article depends upon and more']);
  // A table of contents: the section number's box is wider than the title's word spaces.
  const entry = shownApart(['VI.7.', 'Bold', 'symbols', 'in', 'math'], [0.45, 0.333, 0.333, 0.333]);
  assert.deepEqual(shownStrings(entry).map((p) => p.text), ['VI.7.', 'Bold symbols in math']);
  // Headings and figures set alike half an em apart stay cells.
  assert.deepEqual(shownStrings(shownApart(['Change', 'Exports', 'Imports', 'Total', 'Share'], [0.5, 0.5, 0.5, 0.5])).length, 5);
  assert.deepEqual(shownStrings(shownApart(['10.2', '11.5', '12.3', '13.0', '14.1'], [0.5, 0.5, 0.5, 0.5])).length, 5);
});

/**
 * A table whose longest label, set without leaders, comes within a word space of its row's first
 * figure: pdf.js gives "Various where financial 26,66" as one run. Figures right-aligned at 150,
 * 190 and 230 (8 pt, 0.5 em a character as `words` sets them).
 */
function labelRunOnTable(): TextRun[] {
  const size = 8;
  // One string as pdf.js gives it, 0.5 em a character, the space included.
  const run = (text: string, x: number, y: number): TextRun => ({ text, x, y, width: text.length * size * 0.5, height: size, fontSize: size, bold: false, italic: false, monospace: false, baseline: y + 0.8 * size });
  const runs: TextRun[] = [...right('2005', 150, 40), ...right('2006', 190, 40), ...right('2007', 230, 40)];
  const rows = [
    ['Behind object', '52,69', '1,44', '94'],
    ['Various where financial', '26,66', '8,19', '55'],
    ['Total annual', '14,29', '10,38', '61'],
    ['Whole those', '68,24', '10,93', '41'],
    ['Taken', '1,23', '1,99', '84'],
  ];
  rows.forEach(([label, a, b, c], i) => {
    const y = 52 + i * 11;
    // 23 characters from 40 run to 132; the figure's 5 start at 130: one string, one space.
    if (label.length > 20) runs.push(run(`${label} ${a}`, 150 - (label.length + 1 + a.length) * size * 0.5, y));
    else runs.push(...words(label, 40, y, size), ...right(a, 150, y));
    runs.push(...right(b, 190, y), ...right(c, 230, y));
  });
  return runs;
}

test('tables: a row label run on to its first figure in one string parts at the first column boundary', () => {
  const t = tableFromWhitespace(items(labelRunOnTable()), []);
  assert.deepEqual(t.rows.map((r) => r.map((c) => c?.text ?? '')).slice(0, 3), [
    ['', '2005', '2006', '2007'],
    ['Behind object', '52,69', '1,44', '94'],
    ['Various where financial', '26,66', '8,19', '55'],
  ]);
});

/**
 * A tight table in blocks of rows parted by blank space, its labels led out with dots, in Times
 * 7 pt, its figures aligned on the decimal point (positions as the stat-table generator set
 * them): each row's first two figures sit closer to each other than to the rest, and in the
 * second block a row's last two figures too (pdf.js joins each such pair into one string).
 */
const LEADER_END = 130;

async function blockedTightTablePdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const [font, bold] = await Promise.all([pdf.embedFont(StandardFonts.TimesRoman), pdf.embedFont(StandardFonts.TimesRomanBold)]);
  const page = pdf.addPage([792, 612]);
  const text = (t: string, x: number, top: number, f = font) => page.drawText(t, { x, y: 612 - top - 5.6, size: 7, font: f });
  ([['2019', 134.305], ['2020', 153.205], ['2021', 173.267], ['2022', 202.667]] as const).forEach(([t, x]) => text(t, x, 108.4, bold));
  const rows: Array<[string, Array<[string, number]>]> = [
    ['Industry issue ............', [['25.5', 136.055], ['42.95', 151.455], ['3.0', 176.186], ['14', 206.167]]],
    ['Budget .......................', [['89.7', 136.055], ['97.02', 151.455], ['(0.8)', 173.855], ['-', 213.167]]],
    ['Global certain ............', [['54.6', 136.055], ['46.31', 151.455], ['(7.0)', 173.855], ['443,247', 190.417]]],
    ['Found .........................', [['40.6', 136.055], ['83.45', 151.455], ['(4.0)', 173.855], ['100', 202.667]]],
    ['Country standard early', [['6.4', 139.555], ['39.14', 151.455], ['12.9', 172.686], ['47,803', 193.917]]],
    ['Region clear ..............', [['42.0', 136.055], ['91.92', 151.455], ['(4.5)', 173.855], ['105,885', 190.417]]],
    ['Power industry subject', [['35.8', 136.055], ['78.09', 151.455], ['-', 179.686], ['61', 206.167]]],
    ['Budget appear health', [['13.6', 136.055], ['97.74', 151.455], ['11.5', 172.686], ['50,994', 193.917]]],
  ];
  rows.forEach(([label, cells], i) => {
    const top = i < 4 ? 121 + i * 10.5 : 167.2 + (i - 4) * 10.5;
    // The label, then its leader dots drawn to end at the label column's edge.
    const [words, dots] = label.split(/ (?=\.)/);
    text(words, 67, top);
    if (dots) text(dots, LEADER_END - font.widthOfTextAtSize(dots, 7), top);
    for (const [t, x] of cells) text(t, x, top);
  });
  return pdf.save();
}

test('tables: two rows of a block whose last figures stand apart are the table\'s rows, not two columns of text', async () => {
  const { markdown } = await parseDocument(await blockedTightTablePdf(), { pageTimeoutS: 30 });
  // One table: every row's figures in that row, none split off into a table of their own.
  assert.equal((markdown.match(/^\| --- /gm) ?? []).length, 1, markdown);
  assert.match(markdown, /^\| Global certain \| 54\.6 \| 46\.31 \| \(7\.0\) \| 443,247 \|$/m, markdown);
  assert.match(markdown, /^\| Found \| 40\.6 \| 83\.45 \| \(4\.0\) \| 100 \|$/m, markdown);
});
