// A justified line of a narrow column, one run per word with its spaces stretched equally, stays
// one segment even where a stretched space is wider than a column gap; table cells, heading rows
// and columns set side by side still split (issue 9, eval:synthetic --family html: justified
// prose read as table rows).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildSegments } from '../../src/convert/layout/lines.js';
import type { TextRun } from '../../src/convert/layout/types.js';

/** Runs of `texts` on one line from x, `gap` points apart, 0.5 em per character at `size`. */
function spaced(texts: string[], x: number, gap: number, size = 12, top = 100): TextRun[] {
  let cx = x;
  return texts.map((text) => {
    const width = text.length * size * 0.5;
    const r: TextRun = { text, x: cx, y: top, width, height: size, fontSize: size, bold: false, italic: false, monospace: false, baseline: top + 0.8 * size };
    cx += width + gap;
    return r;
  });
}

/** One run from x0 to x1: a line of the paragraph set with plain spaces, one text item. */
function plainLine(x0: number, x1: number, top: number, size = 12): TextRun {
  return { text: 'a line of the same paragraph', x: x0, y: top, width: x1 - x0, height: size, fontSize: size, bold: false, italic: false, monospace: false, baseline: top + 0.8 * size };
}

const texts = (runs: TextRun[]) => buildSegments(runs).map((s) => s.text);
const end = (runs: TextRun[]) => runs[runs.length - 1].x + runs[runs.length - 1].width;

test('justified: equal stretched spaces flush with a line of the paragraph keep the line whole', () => {
  // 1.6 em spaces: over the 0.8 em that splits a line into cells or columns.
  const line = spaced(['Financial', 'space', 'chapter', 'almost'], 54, 19.3);
  assert.deepEqual(texts([...line, plainLine(54, end(line), 114)]), ['Financial space chapter almost', 'a line of the same paragraph']);
  // Two justified lines, each the other's neighbour; a footnote mark among the words.
  const next = spaced(['region', '2', 'higher', 'ground', 'levels'], 54, 14);
  const above = spaced(['across', 'finality', 'public', 'cover'], 54, (end(next) - 54 - 6 * (6 + 8 + 6 + 5)) / 3, 12, 86);
  assert.deepEqual(texts([...above, ...next]), ['across finality public cover', 'region 2 higher ground levels']);
});

test('justified: a list item whose first run holds its marker keeps its stretched line whole, flush with its hanging indent', () => {
  // Chromium sets "a. Company" as one run; the item's next lines start right of the marker.
  const first = spaced(['a. Company', 'output', 'period', 'natural'], 54, 19.3);
  const hanging = plainLine(72, end(first), 114);
  assert.deepEqual(texts([...first, hanging]), ['a. Company output period natural', 'a line of the same paragraph']);
  // Without the marker, a line starting that far in is no line of its paragraph: cells split.
  const cells = spaced(['Company', 'output', 'period', 'natural'], 54, 19.3);
  assert.deepEqual(texts([...cells, plainLine(72, end(cells), 114)]), ['Company', 'output', 'period', 'natural', 'a line of the same paragraph']);
});

test('justified: cells, heading rows and columns still split', () => {
  // Without a flush line of its paragraph: a row of cells that happen to be equally spaced.
  assert.deepEqual(texts(spaced(['Financial', 'space', 'chapter', 'almost'], 54, 19.3)), ['Financial', 'space', 'chapter', 'almost']);
  // Headings as wide as their columns, equally spaced, over rows of numbers.
  const heading = spaced(['Men', 'Households', 'Employed'], 140, 16, 9);
  // Right-aligned under their headings.
  const row = heading.map((h, k) => spaced([['39', '1,712', '4.5'][k]], 0, 0, 9, 112)[0]).map((r, k) => ({ ...r, x: heading[k].x + heading[k].width - r.width }));
  assert.deepEqual(texts([...heading, ...row]), ['Men', 'Households', 'Employed', '39', '1,712', '4.5']);
  // Equal gaps between equally wide cells (a row of marks).
  const marks = spaced(['Yes', 'Yes', 'Yes', 'Yes'], 54, 30);
  assert.deepEqual(texts([...marks, plainLine(54, end(marks), 114)]), ['Yes', 'Yes', 'Yes', 'Yes', 'a line of the same paragraph']);
  // Three justified columns: each line flush with its column, so the two gutters are equal, with
  // the middle column's own words between them.
  const left = spaced(['Early', 'within', 'various'], 54, 14);
  const mid = spaced(['index', 'central', 'growth'], 250, 9);
  const right = spaced(['Moreover', 'among', 'likely'], 440, 20);
  const below = [plainLine(54, end(left), 114), plainLine(250, end(mid), 114), plainLine(440, end(right), 114)];
  assert.deepEqual(texts([...left, ...mid, ...right, ...below]).slice(0, 3), ['Early within various', 'index central growth', 'Moreover among likely']);
});

test('justified: a line of two words flush with its paragraph line above or below stays whole, and so does a run of such lines', () => {
  // A justified line of a narrow column holding two long words: one stretched space, no equal gaps.
  const pair = spaced(['Responsibilities', 'overall'], 54, 40, 10);
  assert.deepEqual(texts([plainLine(54, end(pair), 86, 10), ...pair]), ['a line of the same paragraph', 'Responsibilities overall']);
  // A wrapped heading set justified: its first line of two words over a flush line of the heading.
  const head = spaced(['Measure', 'Budget'], 54, 60, 15).map((r) => ({ ...r, bold: true }));
  const rest = spaced(['Order', 'Throughput', 'While'], 54, 0, 15, 118).map((r) => ({ ...r, bold: true }));
  const restGap = (end(head) - 54 - rest.reduce((n, r) => n + r.width, 0)) / 2;
  const justifiedRest = spaced(['Order', 'Throughput', 'While'], 54, restGap, 15, 118).map((r) => ({ ...r, bold: true }));
  assert.deepEqual(texts([...head, ...justifiedRest]), ['Measure Budget', 'Order Throughput While']);
  // Two-word lines under one another, the first under a plain line of the paragraph.
  const width = end(pair) - 54;
  const second = spaced(['underdeveloped', 'programmes'], 54, width - 24 * 5, 10, 112);
  assert.deepEqual(texts([plainLine(54, end(pair), 86, 10), ...pair, ...second]), ['a line of the same paragraph', 'Responsibilities overall', 'underdeveloped programmes']);
});

test('justified: two cells are not a justified pair: under a row of cells, beside a line of another size or weight, or holding several words', () => {
  // A row of two cells under a row of two cells, no line of prose to be flush with.
  const header = spaced(['Country', 'Capital'], 54, 80, 10);
  const row = spaced(['Portugal', 'Lisbon'], 54, 75, 10, 114).map((r, k) => (k === 1 ? { ...r, x: header[1].x } : r));
  assert.deepEqual(texts([...header, ...row]), ['Country', 'Capital', 'Portugal', 'Lisbon']);
  // Flush with a bold heading line above: another weight, not its paragraph.
  const cells = spaced(['Portugal', 'Lisbon'], 54, 75, 10, 114);
  assert.deepEqual(texts([{ ...plainLine(54, end(cells), 100, 10), bold: true }, ...cells]), ['a line of the same paragraph', 'Portugal', 'Lisbon']);
  // Pieces of two columns' lines (runs of several words) flush with two columns' lines above.
  const leftPiece = { ...plainLine(54, 200, 114, 10), text: 'evidence model should enough.' };
  const rightPiece = { ...plainLine(218, 360, 114, 10), text: 'weight figure clear among body' };
  assert.deepEqual(texts([plainLine(54, 200, 100, 10), plainLine(218, 360, 100, 10), leftPiece, rightPiece]).slice(2), ['evidence model should enough.', 'weight figure clear among body']);
});

test('justified: a bold heading wrapped in a narrow column, its first line two words spread to the edges, stays one line; two headings side by side in two columns do not', () => {
  // "Large ... Space" 4.3 em apart at 14 pt over its short last line "Demand", the column's prose below.
  const bold = (rs: TextRun[]) => rs.map((r) => ({ ...r, bold: true }));
  const first = bold(spaced(['Large', 'Space'], 230, 59.6, 14, 400));
  const last = bold(spaced(['Demand'], 230, 0, 14, 417));
  const prose = [plainLine(230, end(first), 440), plainLine(230, end(first), 454)];
  assert.deepEqual(texts([...first, ...last, ...prose]).slice(0, 2), ['Large Space', 'Demand']);
  // Two columns (72-220, 240-388), a heading in each: "Approach" ends one, "Approach" another.
  const left = bold(spaced(['Approach'], 72, 0, 18, 160));
  const right = bold(spaced(['Approach'], 240, 0, 18, 166));
  const below = bold(spaced(['Action'], 72, 0, 18, 182));
  const columns = [plainLine(72, 220, 210), plainLine(240, 388, 210), plainLine(72, 220, 224), plainLine(240, 388, 224)];
  assert.ok(texts([...left, ...right, ...below, ...columns]).filter((t) => t === 'Approach').length === 2);
});

test('justified: a heading\'s first line of three words of about one width, spread over its column, stays one line; a row of equal short cells does not', () => {
  // Chromium, html family: "Likely  Matter  Image" 2 em apart at 15 pt, words within 0.5 em of one width.
  const bold = (rs: TextRun[]) => rs.map((r) => ({ ...r, bold: true }));
  const first = bold(spaced(['Likely', 'Matter', 'Image'], 316.8, 31.2, 15, 289));
  const last = bold(spaced(['Human', 'Found'], 316.8, 4, 15, 307));
  const prose = [plainLine(316.8, end(first), 337), plainLine(316.8, end(first), 349)];
  assert.deepEqual(texts([...first, ...last, ...prose]).slice(0, 2), ['Likely Matter Image', 'Human Found']);
  // Its first line spread with its last space narrower than the others (Chromium: 10.3, 10.2 and
  // 9.6 pt), its last line short, the column's prose below; another column's lines beside it, one
  // of them on a baseline between the heading's two lines.
  const spread = bold(spaced(['Region', 'Basis', 'Union'], 54, 10.3, 11, 365));
  const around = bold(spaced(['Around'], end(spread) + 9.6, 0, 11, 365));
  const course = bold(spaced(['Course'], 54, 0, 11, 378.6));
  const column = [plainLine(54, end(around), 400, 9.5), plainLine(54, end(around), 411, 9.5)];
  const beside = [plainLine(256, 380, 374, 9.5), plainLine(256, 380, 385, 9.5)];
  assert.deepEqual(texts([...spread, ...around, ...course, ...column, ...beside]).filter((t) => /Region|Around|Course/.test(t)), ['Region Basis Union Around', 'Course']);
  // Short cells of one width ("Jan Feb Mar") over a line as wide: cells.
  const months = spaced(['Jan', 'Feb', 'Mar', 'Apr'], 54, 30);
  assert.deepEqual(texts([...months, plainLine(54, end(months), 114)]).slice(0, 4), ['Jan', 'Feb', 'Mar', 'Apr']);
});

test('justified: a word set in two runs (a ligature) ends the stretch at its end, and a run-in bold word\'s wider space is still one of the line\'s', () => {
  // Chromium parts "final" at its ligature: "fi" and "nal" touch, and the stretch is flush only
  // with the word's end.
  const line = spaced(['output.', 'Moreover', 'fi'], 230, 18.3, 11);
  const nal = { ...spaced(['nal'], end(line), 0, 11)[0] };
  assert.deepEqual(texts([...line, nal, plainLine(230, end([nal]), 114, 11)]), ['output. Moreover final', 'a line of the same paragraph']);
  // "Report Great." in bold opening the line: its spaces 0.03 em wider than the plain ones.
  const bold = spaced(['Report', 'Great.'], 230, 15.1, 11).map((r) => ({ ...r, bold: true, fontName: 'Sans-Bold' }));
  const plain = { ...spaced(['Several'], end(bold) + 14.8, 0, 11)[0], fontName: 'Sans' };
  assert.deepEqual(texts([...bold, plain, plainLine(230, end([plain]), 114, 11)]), ['Report Great. Several', 'a line of the same paragraph']);
  // A column's line of plain spaces between two gutters is no justified word: the columns split.
  const a = spaced(['measure'], 164, 0, 11);
  const b = { ...plainLine(end(a) + 18, end(a) + 170, 100, 11), text: 'short theory social problem' };
  const c = spaced(['present'], b.x + b.width + 18, 0, 11);
  const under = [plainLine(a[0].x - 70, end(a), 114, 11), plainLine(b.x, b.x + b.width, 114, 11), plainLine(c[0].x, end(c) + 70, 114, 11)];
  assert.deepEqual(texts([...a, b, ...c, ...under]).slice(0, 3), ['measure', 'short theory social problem', 'present']);
});

test('justified: a list item\'s first line of two words spread over a narrow column, over its short last line, stays one line', () => {
  // "•  Current      develop" over "energy", the next item's lines flush with the column's edge.
  const mark = { ...spaced(['•'], 78, 0, 11, 100)[0] };
  const pair = spaced(['Current', 'develop'], 90, 75, 11, 100);
  const last = spaced(['energy'], 90, 0, 11, 115);
  const next = [{ ...spaced(['•'], 78, 0, 11, 131)[0] }, plainLine(90, end(pair), 131, 11), plainLine(90, end(pair), 146, 11)];
  assert.deepEqual(texts([mark, ...pair, ...last, ...next]).slice(0, 2), ['• Current develop', 'energy']);
  // The same with the column beside it on the left, its lines on the same baselines: the line
  // that spans the item's column is measured without them.
  const beside = [plainLine(-80, 60, 100, 11), plainLine(-80, 60, 115, 11), plainLine(-80, 60, 131, 11), plainLine(-80, 60, 146, 11)];
  assert.deepEqual(texts([...beside, mark, ...pair, ...last, ...next]).filter((t) => /Current|energy|develop/.test(t)), ['• Current develop', 'energy']);
  // Two cells over a note: no line of a column ends flush with the last cell.
  const cells = spaced(['Total', 'outstanding'], 90, 75, 11, 100);
  assert.deepEqual(texts([...cells, ...spaced(['Source'], 90, 0, 11, 115)]).slice(0, 2), ['Total', 'outstanding']);
});

test('gutters: a list\'s numbers hung before their items leave a channel, but no column gutter: OCR lines stay whole', () => {
  // OCR words (segments part at 2 em): "1" … "4" an em and a half before their items' text.
  const runs = ['Trade clear company found', 'Capital several nearly chapter', 'Object study basis certain', 'Always model without capital'].flatMap((t, i) => [
    ...spaced([String(i + 1)], 72, 0, 10, 600 + i * 12),
    ...spaced(t.split(' '), 72 + 5 + 15, 3, 10, 600 + i * 12),
  ]);
  assert.deepEqual(buildSegments(runs, 2).map((s) => s.text), ['1 Trade clear company found', '2 Capital several nearly chapter', '3 Object study basis certain', '4 Always model without capital']);
});
