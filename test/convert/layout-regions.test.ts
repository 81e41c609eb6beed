// Reading order of columns whose baselines do not line up (issue 9, XY-cut): a vertical white
// gutter through the block separates the columns whatever the leading of each; the left column is
// read to its end before the right one, and stacked blocks that merely leave a channel free are not
// columns.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { parseDocument, shutdownConvertPool } from '../../src/convert/index.js';
import { buildSegments } from '../../src/convert/layout/lines.js';
import { orderRegion, type Item } from '../../src/convert/layout/regions.js';
import type { TextRun } from '../../src/convert/layout/types.js';
import { words } from './fixtures/runs.js';

after(shutdownConvertPool);

function itemsOf(runs: TextRun[]): Item[] {
  return buildSegments(runs).map((seg) => ({ x0: seg.x0, x1: seg.x1, top: seg.top, bottom: seg.bottom, seg }));
}

/** The texts of the ordered region, block by block, line by line (9 pt the least gutter). */
function readOrder(items: Item[], gutterMin = 9): string[] {
  return orderRegion(items, gutterMin).flatMap((b) => b.items.map((it) => it.seg?.text ?? ''));
}

/** Two columns of `n` numbered sentences; the right one starts `offset` pt lower with its own leading. */
function twoColumns(n: number, offset: number, leftLeading: number, rightLeading: number, height = 10): TextRun[] {
  const runs: TextRun[] = [];
  const tall = (r: TextRun): TextRun => ({ ...r, height, y: r.baseline! - 0.8 * height });
  for (let i = 0; i < n; i++) runs.push(...words(`Left ${i + 1} sentence runs on here.`, 72, 100 + i * leftLeading).map(tall));
  for (let i = 0; i < n; i++) runs.push(...words(`Right ${i + 1} sentence runs on too.`, 320, 100 + offset + i * rightLeading).map(tall));
  return runs;
}

const expected = (n: number): string[] => [
  ...Array.from({ length: n }, (_, i) => `Left ${i + 1} sentence runs on here.`),
  ...Array.from({ length: n }, (_, i) => `Right ${i + 1} sentence runs on too.`),
];

test('orderRegion: columns whose lines overlap in height (offset 6 pt) read column by column', () => {
  assert.deepEqual(readOrder(itemsOf(twoColumns(12, 6, 12, 12))), expected(12));
});

test('orderRegion: columns whose lines never share a band (short boxes, offset or other leading) read column by column', () => {
  for (const [offset, l, r] of [[6, 12, 12], [6, 12, 14], [0, 12, 13.5], [3, 12, 12]]) {
    assert.deepEqual(readOrder(itemsOf(twoColumns(12, offset, l, r, 5))), expected(12), `offset ${offset}, leading ${l}/${r}`);
  }
});

test('orderRegion: a full-width line below offset columns comes after both', () => {
  const runs = [...twoColumns(8, 6, 12, 12, 5), ...words('A closing paragraph that runs across the whole width of the page here.', 72, 220, 10).map((r) => ({ ...r, height: 5, y: r.baseline! - 4 }))];
  const order = readOrder(itemsOf(runs));
  assert.deepEqual(order.slice(0, 16), expected(8));
  assert.match(order[16], /^A closing paragraph/);
});

test('orderRegion: stacked blocks (a right-hand address above a left-hand one) stay top to bottom', () => {
  const runs: TextRun[] = [];
  for (let i = 0; i < 4; i++) runs.push(...words(`Sender line ${i + 1} of the address`, 360, 100 + i * 12));
  for (let i = 0; i < 4; i++) runs.push(...words(`Recipient line ${i + 1} of the address`, 72, 170 + i * 12));
  const order = readOrder(itemsOf(runs));
  assert.deepEqual(order.map((t) => t.split(' ')[0]), [...Array(4).fill('Sender'), ...Array(4).fill('Recipient')]);
});

test('parseDocument: a generated PDF with the right column 6 pt lower and other leading reads column by column', async () => {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  for (const [offset, rightLeading] of [[6, 12], [6, 14]]) {
    const p = doc.addPage([612, 792]);
    for (let i = 0; i < 20; i++) p.drawText(`Left ${i + 1} sentence runs on here.`, { x: 72, y: 700 - i * 12, size: 10, font });
    for (let i = 0; i < 20; i++) p.drawText(`Right ${i + 1} sentence runs on too.`, { x: 320, y: 700 - offset - i * rightLeading, size: 10, font });
  }
  const out = await parseDocument(await doc.save(), { pageTimeoutS: 30 });
  for (const md of out.pages) {
    const order = md.match(/(Left|Right) \d+/g) ?? [];
    assert.deepEqual(order, expected(20).map((t) => t.split(' ').slice(0, 2).join(' ')));
  }
});

test('orderRegion: a paragraph running on beside a smaller-print sidebar is read unbroken, the sidebar after', () => {
  const runs: TextRun[] = [];
  // The paragraph's first lines run alone; its lower lines sit beside a sidebar of 7.5 pt notes
  // whose lines fall between the paragraph's baselines.
  for (let i = 0; i < 10; i++) runs.push(...words(`Body ${i + 1} of the paragraph runs on and on.`, 200, 100 + i * 12, 10, { height: 5 }).map((r) => ({ ...r, y: r.baseline! - 4 })));
  for (let i = 0; i < 4; i++) runs.push(...words(`Note ${i + 1} in small print`, 72, 155 + i * 12, 7.5).map((r) => ({ ...r, height: 4, y: r.baseline! - 3 })));
  const order = readOrder(itemsOf(runs)).map((t) => t.split(' ').slice(0, 2).join(' '));
  assert.deepEqual(order, [...Array.from({ length: 10 }, (_, i) => `Body ${i + 1}`), ...Array.from({ length: 4 }, (_, i) => `Note ${i + 1}`)]);
});

test('parseDocument: three columns each at its own offset and leading read column by column, then the full-width line below', async () => {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  const p = doc.addPage([612, 792]);
  const columns: [string, number, number, number][] = [['Alpha', 50, 0, 12], ['Beta', 230, 6, 13], ['Gamma', 410, 3, 14]];
  for (const [name, x, offset, leading] of columns) {
    for (let i = 0; i < 16; i++) p.drawText(`${name} ${i + 1} sentence runs here.`, { x, y: 640 - offset - i * leading, size: 9, font });
  }
  p.drawText('A closing line that spans the whole width of the page, from the left margin of the first column to the right margin of the third one.', { x: 50, y: 380, size: 9, font });
  const out = await parseDocument(await doc.save(), { pageTimeoutS: 30 });
  const order = out.pages[0].match(/(Alpha|Beta|Gamma) \d+|closing/g) ?? [];
  assert.deepEqual(order, [...columns.flatMap(([name]) => Array.from({ length: 16 }, (_, i) => `${name} ${i + 1}`)), 'closing']);
});

test('parseDocument: under a full-width title, a column that starts below a drawn figure is read before the column beside it', async () => {
  // The left column opens with a drawn box (no text) and a caption; the right column's first lines
  // run alone beside the box. Lower down the columns' lines overlap in height. The right column's
  // first lines are not a paragraph of their own above both columns.
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const p = doc.addPage([612, 792]);
  p.drawText('A Title Across Both Columns Of The Page', { x: 72, y: 700, size: 18, font: bold });
  p.drawRectangle({ x: 72, y: 560, width: 215, height: 100, borderWidth: 1 });
  p.drawText('Figure 1. A drawn box above the left column.', { x: 72, y: 545, size: 8.5, font });
  for (let i = 0; i < 8; i++) p.drawText(`Left ${i + 1} sentence of the column runs on here.`, { x: 72, y: 528 - i * 12.5, size: 10, font });
  for (let i = 0; i < 18; i++) p.drawText(`Right ${i + 1} sentence of the column runs on too.`, { x: 318, y: 665 - i * 12.5, size: 10, font });
  const out = await parseDocument(await doc.save(), { pageTimeoutS: 30 });
  const order = out.pages[0].match(/Title|Figure 1|(Left|Right) \d+(?= )/g) ?? [];
  assert.deepEqual(order, ['Title', 'Figure 1', ...Array.from({ length: 8 }, (_, i) => `Left ${i + 1}`), ...Array.from({ length: 18 }, (_, i) => `Right ${i + 1}`)]);
});

/** Runs of `text` in `size` pt with boxes half as tall (as some PDF producers set them). */
function line(text: string, x: number, y: number, size = 10, bold = false): TextRun[] {
  return words(text, x, y, size, { bold, height: size / 2, baseline: y + size / 2 });
}

/**
 * Under a full-width title, a left column holding prose and a table in smaller print, a right
 * column holding prose and a numbered list whose items sit on the table rows' baselines.
 */
function tableBesideList(): TextRun[] {
  const runs = line('A Title Set Across The Whole Page', 72, 60, 16, true);
  for (let i = 0; i < 3; i++) runs.push(...line(`Left prose ${i + 1} runs on in this column.`, 72, 100 + i * 12));
  for (let r = 0; r < 5; r++) {
    const y = 140 + r * 10;
    runs.push(...line(`Row label ${r + 1}`, 72, y, 8), ...line(`${r + 1}2.5`, 180, y, 8), ...line(`${r + 4}0.1`, 230, y, 8));
  }
  for (let i = 0; i < 4; i++) runs.push(...line(`Left after ${i + 1} runs on in this column.`, 72, 200 + i * 12));
  for (let i = 0; i < 5; i++) runs.push(...line(`Right prose ${i + 1} runs on in this column.`, 320, 100 + i * 12));
  for (let i = 0; i < 4; i++) runs.push(...line(`${i + 1}. Item ${i + 1} of the list runs on here.`, 320, 168 + i * 12));
  for (let i = 0; i < 3; i++) runs.push(...line(`Right after ${i + 1} runs on in this column.`, 320, 216 + i * 12));
  return runs;
}

test('orderRegion: a table in one column beside a list in the other: each column read whole, no row joined to an item', () => {
  const order = readOrder(itemsOf(tableBesideList()));
  const firstRight = order.findIndex((t) => t.startsWith('Right prose 1'));
  const lastLeft = Math.max(...order.map((t, k) => (/^(Left|Row|\d+\.\d)/.test(t) ? k : -1)));
  assert.ok(lastLeft < firstRight, `left column read before the right one: ${order.join(' / ')}`);
});

test('orderRegion: a bold caption with white space above it in one column does not cut across the other column', () => {
  const runs = line('A Title Set Across The Whole Page', 72, 60, 16, true);
  for (let i = 0; i < 12; i++) runs.push(...line(`Left ${i + 1} sentence runs on here.`, 72, 100 + i * 14));
  for (let i = 0; i < 5; i++) runs.push(...line(`Right ${i + 1} sentence runs on too.`, 320, 100 + i * 12));
  runs.push(...line('Table 2: Figures of the year', 320, 169, 9, true));
  for (let i = 0; i < 6; i++) runs.push(...line(`Right ${i + 6} sentence runs on too.`, 320, 184 + i * 12));
  const order = readOrder(itemsOf(runs)).filter((t) => /^(Left|Right)/.test(t));
  assert.deepEqual(order, [...Array.from({ length: 12 }, (_, i) => `Left ${i + 1} sentence runs on here.`), ...Array.from({ length: 11 }, (_, i) => `Right ${i + 1} sentence runs on too.`)]);
});

/** Lines of `n` sentences of one column, `leading` apart, from `top` (full-height boxes). */
function columnLines(name: string, x: number, top: number, n: number, leading = 12.5): TextRun[] {
  return Array.from({ length: n }, (_, i) => words(`${name} ${i + 1} sentence of the column runs on here.`, x, top + i * leading)).flat();
}

/** The ordered region as line names ("Left 3") and "[atom]" for a placed block. */
function readNames(items: Item[]): string[] {
  return orderRegion(items, 9).flatMap((b) => b.items.map((it) => (it.seg ? it.seg.text.split(' ').slice(0, 2).join(' ') : '[atom]')));
}

const names = (name: string, from: number, to: number): string[] => Array.from({ length: to - from + 1 }, (_, i) => `${name} ${from + i}`);

test('orderRegion: a table narrower than the page set across both columns (a hole in the other column) is read between the columns above and below it', () => {
  const runs = [...columnLines('Left', 72, 100, 5), ...columnLines('Right', 320, 100, 6)];
  runs.push(...words('Table 1: A table that spans the page.', 72, 305));
  runs.push(...columnLines('Lower', 72, 340, 5), ...columnLines('Under', 320, 340, 5));
  const table: Item = { x0: 72, x1: 268, top: 190, bottom: 298, atom: 0 };
  const order = readNames([...itemsOf(runs), table]);
  assert.deepEqual(order, [...names('Left', 1, 5), ...names('Right', 1, 6), '[atom]', 'Table 1:', ...names('Lower', 1, 5), ...names('Under', 1, 5)]);
});

test('orderRegion: columns that stop together and start again together under two blank lines are read part by part', () => {
  const runs = [...columnLines('Left', 72, 100, 6), ...columnLines('Right', 320, 100, 6), ...columnLines('Lower', 72, 200, 5), ...columnLines('Under', 320, 200, 5)];
  assert.deepEqual(readNames(itemsOf(runs)), [...names('Left', 1, 6), ...names('Right', 1, 6), ...names('Lower', 1, 5), ...names('Under', 1, 5)]);
});

test('orderRegion: running columns stay column by column: a figure in one column beside running text, a paragraph break at the same height in both, a shorter last column', () => {
  // A figure in the left column, the right column's text running on beside it.
  const beside = [...columnLines('Left', 72, 100, 4), ...columnLines('Left', 72, 250, 6).map((r) => ({ ...r, text: r.text.replace(/^(\d+)$/, (d) => String(Number(d) + 4)) }))];
  const figure: Item = { x0: 72, x1: 268, top: 160, bottom: 240, atom: 0 };
  const right = columnLines('Right', 320, 100, 18);
  assert.deepEqual(readNames([...itemsOf([...beside, ...right]), figure]), [...names('Left', 1, 4), '[atom]', ...names('Left', 5, 10), ...names('Right', 1, 18)]);
  // Both columns break a paragraph at the same height (one blank line), then run on.
  const breakBoth = [...columnLines('Left', 72, 100, 6), ...columnLines('Right', 320, 100, 6)];
  breakBoth.push(...columnLines('Left', 72, 187.5, 6).map((r) => ({ ...r, text: r.text.replace(/^(\d+)$/, (d) => String(Number(d) + 6)) })));
  breakBoth.push(...columnLines('Right', 320, 187.5, 6).map((r) => ({ ...r, text: r.text.replace(/^(\d+)$/, (d) => String(Number(d) + 6)) })));
  assert.deepEqual(readNames(itemsOf(breakBoth)), [...names('Left', 1, 12), ...names('Right', 1, 12)]);
  // The last page of a paper: the right column ends half way down.
  const last = [...columnLines('Left', 72, 100, 20), ...columnLines('Right', 320, 100, 8)];
  assert.deepEqual(readNames(itemsOf(last)), [...names('Left', 1, 20), ...names('Right', 1, 8)]);
});

/** One line of `text` set flush to both edges of `width` (word spaces stretched), the last line of a paragraph flush left. */
function justified(text: string, x: number, width: number, y: number, last = false, size = 10): TextRun[] {
  const runs = words(text, x, y, size);
  if (last || runs.length < 2) return runs;
  const inked = runs.reduce((n, r) => n + r.width, 0);
  const space = (width - inked) / (runs.length - 1);
  let cx = x;
  return runs.map((r) => {
    const out = { ...r, x: cx };
    cx += r.width + space;
    return out;
  });
}

/** A paragraph of `count` numbered words ("na1 ria2 …") set justified in a column `width` wide. */
function justifiedParagraph(name: string, count: number, x: number, width: number, top: number, leading = 12): TextRun[] {
  const all = Array.from({ length: count }, (_, i) => `${['n', 'ri', 'sto', 'm', 'po', 'ga'][i % 6]}${name}${i + 1}`);
  const lines: string[][] = [[]];
  for (const w of all) {
    const cur = lines[lines.length - 1];
    if ([...cur, w].join(' ').length * 5 > width) lines.push([w]);
    else cur.push(w);
  }
  return lines.flatMap((l, i) => justified(l.join(' '), x, width, top + i * leading, i === lines.length - 1));
}

test('orderRegion: three narrow justified columns under a full-width paragraph, the first starting lower under its heading, are columns, not a table', () => {
  // Three to five words a line, as three columns on a letter page hold; the first column opens with
  // a bold heading set lower than the others' first lines; the third holds a list of short items.
  const runs = justified('A full width paragraph that runs across all three of the columns below it here', 60, 480, 100);
  runs.push(...justified('and closes on this second line that reaches into the middle column', 60, 480, 112, true));
  runs.push(...words('Heading Of Column', 60, 140, 15, { bold: true }), ...justifiedParagraph('a', 40, 60, 148, 162));
  runs.push(...justifiedParagraph('b', 60, 226, 148, 130));
  for (let i = 0; i < 12; i++) runs.push(...words('•', 392, 130 + i * 12), ...words(i % 3 === 2 ? `item${i + 1} holds words that wrap` : `item${i + 1} few words`, 404, 130 + i * 12));
  const blocks = orderRegion(itemsOf(runs), 9);
  assert.ok(blocks.every((b) => b.kind === 'flow'), `no grid: ${blocks.map((b) => b.kind).join(' ')}`);
  const order = blocks.flatMap((b) => b.items.map((it) => it.seg!.text)).join(' ').match(/\b[a-z]+[ab]\d+|item\d/g) ?? [];
  const firstOf = (re: RegExp): number => order.findIndex((w) => re.test(w));
  const lastOf = (re: RegExp): number => order.length - 1 - [...order].reverse().findIndex((w) => re.test(w));
  assert.ok(lastOf(/a\d+$/) < firstOf(/b\d+$/) && lastOf(/b\d+$/) < firstOf(/^item/), `column by column: ${order.join(' ')}`);
});

test('orderRegion: a title wrapped over two lines above two columns whose lines sit at other heights: its last line is read with its first, not as the top of the left column', () => {
  const runs = words('Force Financial Method Question', 60, 70, 24, { bold: true });
  runs.push(...words('Table', 60, 99, 24, { bold: true }));
  runs.push(...words('Image Area', 60, 159, 18, { bold: true }));
  for (let i = 0; i < 10; i++) runs.push(...words(`Left ${i + 1} sentence of the column runs on here.`, 60, 190 + i * 14.5, 12));
  for (let i = 0; i < 12; i++) runs.push(...words(`Right ${i + 1} sentence of the column runs on.`, 311, 146 + i * 15.2, 12));
  const blocks = orderRegion(itemsOf(runs), 10.8);
  const first = blocks[0].items.map((it) => it.seg!.text);
  assert.deepEqual(first.slice(0, 2), ['Force Financial Method Question', 'Table'], blocks.map((b) => b.items.map((it) => it.seg!.text.split(' ').slice(0, 2).join(' ')).join(' / ')).join(' // '));
  const order = blocks.flatMap((b) => b.items.map((it) => it.seg!.text.split(' ').slice(0, 2).join(' ')));
  assert.ok(order.indexOf('Left 10') < order.indexOf('Right 1'), `column by column: ${order.join(' / ')}`);
});

test('orderRegion: the short last line of a paragraph across both columns (a spanning figure\'s caption) stays with it, not on the left column\'s top', () => {
  const runs = words('Figure 1: Simulated flows across the whole network by month and region over both', 72, 100);
  runs.push(...words('columns.', 72, 112));
  runs.push(...columnLines('Left', 72, 142, 8), ...columnLines('Right', 320, 142, 8));
  assert.deepEqual(readNames(itemsOf(runs)), ['Figure 1:', 'columns.', ...names('Left', 1, 8), ...names('Right', 1, 8)]);
  const flows = orderRegion(itemsOf(runs), 9);
  assert.ok(flows[0].items.some((it) => it.seg?.text === 'columns.'), 'the last line is in the caption\'s flow');
});

test('orderRegion: a table set wider than its column of a two-column page stays whole, its last column across the page\'s gutter', () => {
  // Two columns of prose (72–290 and 317–540) above and below; the table's columns right-aligned
  // at 180, 230 and 280, and its last at 350: the channel before it is where the page's gutter runs.
  const runs: TextRun[] = [];
  const prose = (y0: number, n: number, tag: string) => {
    for (let i = 0; i < n; i++) {
      runs.push(...words(`${tag} left ${i + 1} of the prose set here.`, 72, y0 + i * 12));
      runs.push(...words(`${tag} right ${i + 1} of the prose set too.`, 317, y0 + i * 12));
    }
  };
  prose(100, 4, 'Above');
  const right = (text: string, x: number, y: number) => words(text, x - text.length * 5, y);
  const rows = [['Region', '2019', '2020', '2021', 'Share'], ['North', '12.5', '3.0', '48', '51'], ['South', '7.5', '14.0', '9', '53'], ['East', '1.5', '6.0', '18', '468'], ['West', '3.5', '2.0', '77', '1'], ['Central', '9.5', '8.0', '6', '64']];
  rows.forEach(([label, ...v], i) => {
    const y = 160 + i * 13;
    runs.push(...words(label, 72, y));
    v.forEach((t, k) => runs.push(...right(t, [180, 230, 280, 350][k], y)));
  });
  prose(250, 4, 'Below');
  const blocks = orderRegion(itemsOf(runs), 9);
  const table = blocks.find((b) => b.items.some((it) => it.seg?.text === 'Region'));
  assert.ok(table);
  const texts = table.items.map((it) => it.seg?.text);
  for (const t of ['Share', '51', '53', '468', '64', 'Central']) assert.ok(texts.includes(t), `${t} in ${texts.join(' ')}`);
  assert.ok(!texts.some((t) => /prose/.test(t ?? '')), texts.join(' '));
  // The prose below still reads column by column.
  const order = readOrder(itemsOf(runs));
  assert.ok(order.indexOf('Below left 4 of the prose set here.') < order.indexOf('Below right 1 of the prose set too.'));
});

test('orderRegion: two columns of lists and tables side by side, their lines at other heights, read column by column', () => {
  // No line of prose on either side: the columns are told by their lines sitting at other heights
  // (each column set to its own pitch), which one table's rows never do.
  const runs: TextRun[] = [];
  const column = (x: number, top: number, pitch: number, tag: string) => {
    for (let i = 0; i < 3; i++) runs.push(...words(`${i + 1}.`, x, top + i * 14), ...words(`${tag} item ${i + 1}`, x + 16, top + i * 14));
    for (let i = 0; i < 6; i++) {
      const y = top + 50 + i * pitch;
      runs.push(...words(`${tag} row ${i + 1}`, x, y, 8), ...words(`${10 + i}`, x + 130, y, 8), ...words(`${i}.5`, x + 180, y, 8));
    }
  };
  column(72, 100, 12.4, 'Left');
  column(320, 100, 13.3, 'Right');
  const order = readOrder(itemsOf(runs));
  const lastLeft = Math.max(...order.map((t, i) => (/Left/.test(t) ? i : -1)));
  const firstRight = order.findIndex((t) => /Right/.test(t));
  assert.ok(lastLeft < firstRight, order.join(' / '));
});

test('orderRegion: two narrow justified columns of three words a line, bold headings at interleaved heights: read column by column, no heading joined across the gutter', () => {
  // Columns 60-212 and 230-382 (an 18 pt gutter); every prose line one piece flush at both edges,
  // as justification sets it; the right column starts with a paragraph's last line, so its
  // heading's lines fall between the left heading's.
  const line = (text: string, x: number, top: number, size = 11, bold = false): TextRun => ({ text, x, y: top, width: 152, height: size, fontSize: size, bold, italic: false, monospace: false, baseline: top + 0.8 * size });
  const runs: TextRun[] = [];
  const left = ['Study Space', 'Result About', 'Industry Evidence'];
  left.forEach((t, i) => runs.push(line(t, 60, 140 + i * 19.5, 16.5, true)));
  for (let i = 0; i < 14; i++) runs.push(line(`left words ${i + 1}`, 60, 205 + i * 15.8));
  runs.push({ ...line('the end.', 230, 128), width: 40 });
  ['Least Whether', 'Report Heading'].forEach((t, i) => runs.push(line(t, 230, 156 + i * 19.5, 16.5, true)));
  for (let i = 0; i < 14; i++) runs.push(line(`right words ${i + 1}`, 230, 213 + i * 15.8));
  // The right column's first line stands alone above every other line: read before or after
  // the left column, never inside it.
  const order = readOrder(itemsOf(runs)).filter((t) => t !== 'the end.');
  assert.deepEqual(order.slice(0, left.length + 14), [...left, ...Array.from({ length: 14 }, (_, i) => `left words ${i + 1}`)], order.join(' / '));
  assert.deepEqual(order.slice(left.length + 14, left.length + 16), ['Least Whether', 'Report Heading'], order.join(' / '));
});

test('orderRegion: a small table in one column beside a numbered list in the other is read with its column, not as one table across the gutter', () => {
  const runs = [...columnLines('Left', 72, 100, 5), ...columnLines('Right', 320, 100, 5)];
  [['Model basis', '90', '5'], ['Output detail', '802', '18'], ['Young growth', '71', '3']].forEach(([label, a, b], i) => {
    const y = 170 + i * 12.5;
    runs.push(...words(label, 72, y), ...words(a, 200 - a.length * 5, y), ...words(b, 250 - b.length * 5, y));
    // The other column's numbered list, line for line beside the rows.
    runs.push(...words(`${i + 1}.`, 320, y), ...words(`Item ${i + 1} of the list beside`, 350, y));
  });
  runs.push(...columnLines('Lower', 72, 215, 5), ...columnLines('Under', 320, 215, 5));
  const order = readNames(itemsOf(runs));
  const lastLeft = Math.max(...['Lower 5', 'Young growth', '3'].map((n) => order.indexOf(n)));
  const firstRight = Math.min(...['Right 1', '1.', 'Item 1'].map((n) => order.indexOf(n)));
  assert.ok(lastLeft < firstRight, order.join(' | '));
});

test('orderRegion: two tables side by side, their bold header rows at one height under white space in both columns, are read each with its column', () => {
  // The header rows stand 1.75 lines under both columns' text: white space across the region, as
  // over a heading that opens a section, but they are two columns' lines side by side.
  const runs = [...columnLines('Left', 72, 100, 4), ...columnLines('Right', 320, 100, 4)];
  const table = (x: number, head: string[], name: string) => {
    runs.push(...head.flatMap((h, c) => words(h, x + c * 60, 165, 10, { bold: true })));
    for (let r = 0; r < 4; r++) runs.push(...words(`${name}${r + 1}`, x, 179 + 12 * r), ...words(String(10 + r), x + 60, 179 + 12 * r), ...words(String(20 + r), x + 120, 179 + 12 * r));
  };
  table(72, ['Structure', '1990', '2016'], 'Lrow');
  table(320, ['Usually', '1995', '2001'], 'Rrow');
  runs.push(...columnLines('Lower', 72, 235, 4), ...columnLines('Under', 320, 235, 4));
  const order = readNames(itemsOf(runs));
  const lastLeft = Math.max(...['Lower 4', 'Lrow4', 'Structure'].map((n) => order.findIndex((t) => t.startsWith(n))));
  const firstRight = Math.min(...['Right 1', 'Usually', 'Rrow1'].map((n) => order.findIndex((t) => t.startsWith(n))));
  assert.ok(lastLeft < firstRight, order.join(' | '));
});

test('orderRegion: a table in one column\'s slot under columns that end together, a note across the page below it, is read after both columns', () => {
  // Both columns end on one line; the table (and its caption) stand under white space in the left
  // column's slot only, and a note set across the gutter follows: the table is the full-width
  // part's, read after the right column's text above it.
  const runs = [...columnLines('Left', 72, 100, 5), ...columnLines('Right', 320, 100, 5)];
  runs.push(...words('Table 1: A table under the columns.', 72, 290));
  runs.push(...words('Note: a note set across the whole width of the page, under the table.', 72, 304));
  runs.push(...columnLines('Lower', 72, 340, 5), ...columnLines('Under', 320, 340, 5));
  const table: Item = { x0: 72, x1: 268, top: 175, bottom: 282, atom: 0 };
  assert.deepEqual(readNames([...itemsOf(runs), table]), [...names('Left', 1, 5), ...names('Right', 1, 5), '[atom]', 'Table 1:', 'Note: a', ...names('Lower', 1, 5), ...names('Under', 1, 5)]);
  // A paragraph running on in the left column after the white space stays that column's.
  const prose = [...columnLines('Left', 72, 100, 5), ...columnLines('Right', 320, 100, 5), ...columnLines('More', 72, 175, 4)];
  prose.push(...words('Note: a note set across the whole width of the page, under the text.', 72, 240));
  assert.deepEqual(readNames(itemsOf(prose)), [...names('Left', 1, 5), ...names('More', 1, 4), ...names('Right', 1, 5), 'Note: a']);
});

test('orderRegion: rows of cells across the page do not run on into two lists under them past white space', () => {
  // A table's gap (its second figure column ends at 282, the third starts at 300) overlaps the
  // two lists' gutter (290-318) by a few points; two lines' white space under its last row, the
  // lists' items of six words or more on both sides are no rows of it.
  const runs: TextRun[] = [];
  const rows = [['Country reason', '389', '9.87', '1', '856.1'], ['Industry', '640', '54.88', '5', '30.6'], ['Market share', '712', '3.05', '8', '41.2']];
  rows.forEach((row, i) => [72, 220, 282, 330, 400].forEach((x, c) => runs.push(...words(row[c], c === 0 ? x : x - row[c].length * 5, 100 + i * 13))));
  const items = ['Special state before still place index', 'Without where beyond place large enough'];
  items.forEach((t, i) => runs.push(...words(`${i + 1}.`, 72, 165 + i * 13), ...words(t, 86, 165 + i * 13), ...words(`${i + 1}.`, 318, 165 + i * 13), ...words(`Right ${t.toLowerCase()}`, 332, 165 + i * 13)));
  const order = readOrder(itemsOf(runs));
  const at = (text: string) => order.findIndex((t) => t.includes(text));
  // Both left items before either right one: the lists are read column by column, not as rows.
  assert.ok(at('41.2') < at('Special state') && at('Special state') < at('Without where') && at('Without where') < at('Right special'), order.join(' | '));
});

test('orderRegion: a heading in the first column under the end of a short second column reads on down the first column, the second after it', () => {
  // A page whose text ends: the first column full, the second four lines at its top. "3.1" has
  // white space above it across the page (the second column ended above), but heads the rest of
  // the first column, not a section across the page.
  const runs = line('3 Being Course Figure', 72, 60, 12, true);
  for (let i = 0; i < 14; i++) runs.push(...line(`Left ${i + 1} sentence runs on here.`, 72, 80 + i * 12));
  runs.push(...line('3.1 Network Market Power', 72, 270, 11, true));
  for (let i = 0; i < 20; i++) runs.push(...line(`Left ${i + 15} sentence runs on here.`, 72, 288 + i * 12));
  for (let i = 0; i < 4; i++) runs.push(...line(`Right ${i + 1} sentence runs on too.`, 320, 60 + i * 12));
  const order = readOrder(itemsOf(runs));
  assert.deepEqual(order, [
    '3 Being Course Figure',
    ...Array.from({ length: 14 }, (_, i) => `Left ${i + 1} sentence runs on here.`),
    '3.1 Network Market Power',
    ...Array.from({ length: 20 }, (_, i) => `Left ${i + 15} sentence runs on here.`),
    ...Array.from({ length: 4 }, (_, i) => `Right ${i + 1} sentence runs on too.`),
  ]);
});

/** The ordered texts with the gutter a 12 pt body sets (0.9 em, page-state.ts gutterMin). */
const readOrder12 = (items: Item[]): string[] => readOrder(items, 10.8);

/** 12 pt two-column lines, LaTeX's 10 pt column gap: left column 72-300, right 310-538. */
function latexLine(text: string, x: number, y: number, size = 12, bold = false): TextRun[] {
  return words(text, x, y, size, { bold });
}

test('orderRegion: a 12 pt page with a 10 pt gutter, a section title spread over the first column beside the two last lines of the second, reads the first column whole, then the second', () => {
  // The title's first line justified to the column's width (its spaces wider than the gutter),
  // in larger bold type on the baseline of the second column's first line.
  const runs: TextRun[] = [...latexLine('6', 72, 100, 17, true), ...latexLine('Most', 101, 100, 17, true), ...latexLine('Plan', 166.5, 100, 17, true), ...latexLine('Evidence', 232, 100, 17, true)];
  runs.push(...latexLine('Given River', 101, 122, 17, true));
  runs.push(...latexLine('And build next which', 310, 104.5), ...latexLine('budget several source about develop.', 310, 119));
  // Left column lines reach its right edge (300), as justified lines do.
  for (let i = 0; i < 20; i++) runs.push(...words(`Left ${String(i + 1).padStart(2, '0')} sentence runs on to the edge of it.`, 72, 150 + i * 14.4, 12).map((r, k, all) => (k === all.length - 1 ? { ...r, width: 300 - r.x } : r)));
  const order = readOrder12(itemsOf(runs));
  assert.deepEqual(order.slice(0, 3), ['6', 'Most Plan Evidence', 'Given River']);
  assert.deepEqual(order.slice(-2), ['And build next which', 'budget several source about develop.']);
  assert.equal(order.filter((t) => t.startsWith('Left')).length, 20);
});

test('orderRegion: a bulleted list in the second column keeps its marks with its items when the page is cut into columns', () => {
  const runs: TextRun[] = [];
  for (let i = 0; i < 12; i++) runs.push(...words(`Left ${i + 1} sentence of the column runs on here.`, 72, 100 + i * 12));
  // Marks at 315 to 320, their items 8.5 pt on (narrower than a band's gutter, wider than the whole
  // region's channel), at their own pitch beside the first column's lines.
  for (let i = 0; i < 6; i++) runs.push(...words('•', 315, 104 + i * 19), ...words(`Item ${i + 1} of the list in the second column`, 328.5, 104 + i * 19));
  const order = readOrder12(itemsOf(runs));
  // Each mark right before its item (cut into a column of their own, the marks came all first).
  assert.deepEqual(order.filter((t) => /Item|•/.test(t)), Array.from({ length: 6 }, (_, i) => ['•', `Item ${i + 1} of the list in the second column`]).flat());
  assert.deepEqual(order.slice(0, 12), Array.from({ length: 12 }, (_, i) => `Left ${i + 1} sentence of the column runs on here.`));
});

test('orderRegion: a heading in the first column, the second column ending level with the text over it, heads the first column when the lines under it are justified to that column\'s edge', () => {
  // The document's last page: the second column ended where the first's text over "5.1" does,
  // by chance; under "5.1" the first column goes on, its lines flush with its right edge (300).
  const flush = (text: string, x: number, y: number): TextRun[] => words(text, x, y).map((r, k, all) => (k === all.length - 1 ? { ...r, width: 300 - r.x } : r));
  const runs: TextRun[] = [];
  for (let i = 0; i < 14; i++) runs.push(...flush(`Left ${i + 1} sentence runs on here.`, 72, 80 + i * 12));
  runs.push(...line('5.1 Enough Across', 72, 270, 11, true));
  for (let i = 0; i < 10; i++) runs.push(...flush(`Left ${i + 15} sentence runs on here.`, 72, 288 + i * 12));
  for (let i = 0; i < 14; i++) runs.push(...line(`Right ${i + 1} sentence runs on too.`, 320, 80 + i * 12));
  const order = readOrder(itemsOf(runs));
  assert.deepEqual(order, [
    ...Array.from({ length: 14 }, (_, i) => `Left ${i + 1} sentence runs on here.`),
    '5.1 Enough Across',
    ...Array.from({ length: 10 }, (_, i) => `Left ${i + 15} sentence runs on here.`),
    ...Array.from({ length: 14 }, (_, i) => `Right ${i + 1} sentence runs on too.`),
  ]);
});

test('orderRegion: a table in one column\'s slot under columns whose lines sit at other heights, a note across the page below it, is read after both columns', () => {
  // As above, but the right column set 6 pt lower at its own leading: its lines share no band
  // with the left's, so the columns are found as offset columns, which must leave the table to
  // the full-width part too.
  const lines = (name: string, x: number, top: number, n: number, leading: number) => Array.from({ length: n }, (_, i) => line(`${name} ${i + 1} sentence of the column runs on here.`, x, top + i * leading)).flat();
  const runs = [...lines('Left', 72, 100, 6, 14), ...lines('Right', 320, 106, 6, 12.8)];
  runs.push(...words('Table 1: A table under the columns.', 72, 300));
  runs.push(...words('Note: a note set across the whole width of the page, under the table.', 72, 314));
  runs.push(...columnLines('Lower', 72, 350, 5), ...columnLines('Under', 320, 350, 5));
  const table: Item = { x0: 72, x1: 268, top: 195, bottom: 292, atom: 0 };
  assert.deepEqual(readNames([...itemsOf(runs), table]), [...names('Left', 1, 6), ...names('Right', 1, 6), '[atom]', 'Table 1:', 'Note: a', ...names('Lower', 1, 5), ...names('Under', 1, 5)]);
});
