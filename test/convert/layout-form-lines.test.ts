// A form's field lines are no headings (issue 9, eval:synthetic --family forms): values set a
// little larger than their labels right under them, bold labels right over larger values, stacks
// of regular field lines larger than the small print, and lines holding check boxes; real
// headings (a larger line over its text, bold headings of empty sections in a row) stay headings.
import { test, after } from 'node:test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { parseDocument, shutdownConvertPool } from '../../src/convert/index.js';
import assert from 'node:assert/strict';
import { createLayoutContext, layoutPage } from '../../src/convert/layout/index.js';
import { formFieldLines } from '../../src/convert/layout/form-lines.js';
import type { TextRun } from '../../src/convert/layout/types.js';
import { page, textWidth, words } from './fixtures/runs.js';
import { blockMarkdown } from '../../src/convert/markdown/render.js';

after(shutdownConvertPool);

const SMALL_PRINT = [
  'Complete every field of this form in capital letters and sign the declaration below it. Incomplete',
  'applications are returned to the applicant without being read; copies of the documents listed',
  'in the notes must be enclosed, and originals are sent back by registered post within ten days.',
];

function headingsOf(runs: TextRun[]): string[] {
  const model = layoutPage(page(runs), createLayoutContext());
  return model.blocks.filter((b) => b.type === 'heading').map((b) => (b.inline ?? []).flat().map((p) => p.text).join(' ').replace(/\s+/g, ' ').trim());
}

function smallPrint(top: number): TextRun[] {
  return SMALL_PRINT.flatMap((l, i) => words(l, 72, top + i * 9, 7));
}

test('form lines: values under their labels and stacked field lines are no headings', () => {
  const runs = [...words('Residence Permit Application', 72, 60, 16, { bold: true }), ...smallPrint(90)];
  // Label 7 pt, its value 9 pt right under it.
  [['Policy', 'number', '66697508'], ['Contact', 'person', 'Omar Kowalski'], ['Expiry', 'date', 'May 2031']].forEach(([a, b, v], i) => {
    runs.push(...words(`${a} ${b}`, 72, 140 + i * 30, 7), ...words(v, 74, 149 + i * 30, 9));
  });
  // Field lines set 9 pt, one under another.
  ['Reference R8027169', 'Place of birth Millbrook', 'Monthly rent 32167.63'].forEach((l, i) => runs.push(...words(l, 72, 250 + i * 22, 9)));
  runs.push(...words('Preferred contact ☒ By post ☐ By telephone', 72, 330, 9));
  runs.push(...smallPrint(360));
  assert.deepEqual(headingsOf(runs), ['Residence Permit Application']);
});

test('form lines: a bold label right over its larger value is no heading; bold headings in a row stay', () => {
  const runs = [...smallPrint(90), ...words('Occupation', 72, 140, 7, { bold: true }), ...words('Librarian', 74, 149, 9), ...smallPrint(180)];
  assert.deepEqual(headingsOf(runs), []);
  const sections = [...smallPrint(90), ...['Budget Region', 'Service Review', 'Special Moment'].flatMap((h, i) => words(h, 72, 140 + i * 24, 10, { bold: true })), ...smallPrint(230)];
  assert.deepEqual(headingsOf(sections), ['Budget Region', 'Service Review', 'Special Moment']);
});

test('form lines: a larger heading over its text is no field line', () => {
  const runs = [...smallPrint(90), ...words('Section Two Overview', 72, 140, 9), ...smallPrint(155)];
  assert.deepEqual(headingsOf(runs), ['Section Two Overview']);
  assert.equal(formFieldLines([], []).size, 0);
});

test('form lines: two labels closed by colons with their values beside them read row by row', async () => {
  const pdf = await PDFDocument.create();
  const [font, bold] = await Promise.all([pdf.embedFont(StandardFonts.TimesRoman), pdf.embedFont(StandardFonts.TimesRomanBold)]);
  const page = pdf.addPage([612, 792]);
  const text = (t: string, x: number, top: number, size: number, f = font) => page.drawText(t, { x, y: 792 - top, size, font: f });
  SMALL_PRINT.forEach((l, i) => text(l, 72, 200 + i * 9, 7));
  text('Great Least', 72, 248, 11, bold);
  text('Supplier:', 72, 272.5, 9);
  text('Petrov Supplies GmbH', 123, 272.5, 9);
  text('Invoice date:', 72, 295.5, 9);
  text('1978-11-04', 136.2, 295.5, 9);
  SMALL_PRINT.forEach((l, i) => text(l, 72, 320 + i * 9, 7));
  const { markdown } = await parseDocument(await pdf.save(), { pageTimeoutS: 30 });
  assert.match(markdown, /Supplier: Petrov Supplies GmbH\s+Invoice date: 1978-11-04/, markdown);
});

test('form lines: a bold label run in before its value, and a question over its check boxes, are no headings', () => {
  const runs = [...smallPrint(90), ...words('Years at address:', 72, 140, 9, { bold: true }), ...words('2', 150, 140, 9)];
  runs.push(...words('Do you hold a current licence?', 72, 170, 9, { bold: true }), ...words('☐ Yes', 80, 184, 9), ...words('☒ No', 80, 198, 9), ...smallPrint(230));
  assert.deepEqual(headingsOf(runs), []);
  // A bold title holding a colon, all of it bold, stays a heading.
  assert.deepEqual(headingsOf([...smallPrint(90), ...words('Part Two: Household', 72, 140, 9, { bold: true }), ...smallPrint(160)]), ['Part Two: Household']);
});

test('form lines: two labels beside their amounts are read row by row, not as a heading over figures', () => {
  const runs = [...smallPrint(90)];
  [['Subtotal', '€48,429.82'], ['Tax', '€19,257.85']].forEach(([label, amount], i) => runs.push(...words(label, 300, 150 + i * 14, 9, { bold: true }), ...words(amount, 380, 150 + i * 14, 9)));
  runs.push(...smallPrint(200));
  const model = layoutPage(page(runs), createLayoutContext());
  assert.deepEqual(headingsOf(runs), []);
  const md = model.blocks.map(blockMarkdown).join('\n\n');
  assert.match(md, /Subtotal[^\n]*€48,429\.82[\s\S]*Tax[^\n]*€19,257\.85/, md);
});

test('form lines: values typed in a typewriter face beside their printed labels are read row by row, not as code', () => {
  const runs = [...smallPrint(90)];
  [['Home address', '255 Victoria Lane'], ['Policy number', '75192309']].forEach(([label, value], i) => runs.push(...words(label, 72, 150 + i * 18, 9), ...words(value, 140, 150 + i * 18, 9, { monospace: true })));
  runs.push(...smallPrint(200));
  const md = layoutPage(page(runs), createLayoutContext()).blocks.map(blockMarkdown).join('\n\n');
  assert.match(md, /Home address[^\n]*255 Victoria Lane[\s\S]*Policy number[^\n]*75192309/, md);
  assert.doesNotMatch(md, /```/, md);
});

test('form lines: a section heading between two grids of fields whose columns do not line up parts them', () => {
  // Fields two to a row, each bold label and its value one piece (a filled field's value set right
  // after its label); then a section's heading; then fields one to a row, each value a column
  // apart from its label.
  const field = (label: string, value: string, x: number, top: number) => [...words(label, x, top, 9, { bold: true }), ...words(value, x + textWidth(label, 9) + 2.25, top, 9)];
  const runs = [...smallPrint(90)];
  runs.push(...field('Case number', '64299184', 72, 150), ...field('Name of spouse', 'Aisha Kowalski', 315, 150));
  runs.push(...field('Expiry date', '04/16/1954', 72, 172), ...field('Place of birth', 'Brookfield', 315, 172));
  runs.push(...field('Invoice date', '04/19/1988', 72, 194));
  runs.push(...words('Built', 72, 221, 9, { bold: true }));
  [['Date of birth', '08/14/1974'], ['Date signed', '12/09/2013'], ['Reference', '105-30-6480']].forEach(([label, value], i) => runs.push(...words(label, 72, 245 + i * 18, 9, { bold: true }), ...words(value, 150, 245 + i * 18, 9)));
  const blocks = layoutPage(page(runs), createLayoutContext()).blocks;
  const all = blocks.map(blockMarkdown).join('\n\n');
  const table = blocks.find((b) => b.type === 'table' && /Case number/.test(blockMarkdown(b)));
  assert.ok(table, all);
  assert.doesNotMatch(blockMarkdown(table), /Built|Date of birth/, all);
});

test('form lines: two columns of fields, each value written a little after its label, are read row by row', () => {
  // Labels and values in one face, each value on a line drawn after its label, two fields a row.
  const field = (label: string, value: string, x: number, top: number) => [...words(label, x, top, 9), ...words(value, x + textWidth(label, 9) + 9, top, 9)];
  const runs = [...smallPrint(90)];
  runs.push(...field('Start date', '2005-10-03', 72, 150), ...field('Employer', 'Moreau Holdings LLC', 316, 150));
  runs.push(...field('Daytime phone', '(226) 858-3763', 72, 176), ...field('Tax identification number', 'F1858759', 316, 176));
  const md = layoutPage(page(runs), createLayoutContext()).blocks.map(blockMarkdown).join('\n\n');
  assert.match(md, /Start date[^\n]*2005-10-03[\s\S]*Employer[^\n]*Moreau Holdings LLC[\s\S]*Daytime phone[^\n]*\(226\) 858-3763[\s\S]*Tax identification number[^\n]*F1858759/, md);
});

test('form lines: the last check box of a line, set apart beside a shorter line below, stays on its line', () => {
  const runs = [...smallPrint(90)];
  runs.push(...words('Residence', 72, 150, 9, { bold: true }), ...words('☒ Owner occupied', 130, 150, 9), ...words('☐ Rented', 205, 150, 9), ...words('☐ Living with family', 258, 150, 9));
  runs.push(...words('Mailing address:', 72, 168, 9, { bold: true }), ...words('114 Harbour Avenue', 150, 168, 9));
  runs.push(...smallPrint(200));
  const md = layoutPage(page(runs), createLayoutContext()).blocks.map(blockMarkdown).join('\n\n');
  assert.match(md, /Rented[^\n]*Living with family[\s\S]*Mailing address/, md);
});

test('form lines: a bold label beside its amount and a row of fields across the line are no headings; a numbered title is', () => {
  const runs = [...smallPrint(90), ...words('Subtotal', 300, 140, 9, { bold: true }), ...words('£30,869.48', 360, 140, 9)];
  // Two fields, each a label and its value, 4 em apart on one line, in bold.
  runs.push(...words('Account number', 72, 170, 10, { bold: true }), ...words('317-89-6127', 152, 170, 10, { bold: true }));
  runs.push(...words('Tax number', 260, 170, 10, { bold: true }), ...words('869-53-5987', 320, 170, 10, { bold: true }), ...smallPrint(200));
  assert.deepEqual(headingsOf(runs), []);
  const numbered = [...smallPrint(90), ...words('4', 72, 140, 10, { bold: true }), ...words('Results and Findings', 100, 140, 10, { bold: true }), ...smallPrint(160)];
  assert.deepEqual(headingsOf(numbered), ['4 Results and Findings']);
});


test('form lines: a row of boxed fields over a bold label and its typed reference are no heading', () => {
  // Values typed in Courier (a word space is a whole character cell) beside bold labels, set
  // larger than the small print; the two lines read as one block.
  const mono = (text: string, x: number, y: number) => words(text, x, y, 10, { monospace: true });
  const runs = [...smallPrint(90), ...words('City', 72, 140, 10, { bold: true }), ...mono('Riverton', 100, 140)];
  runs.push(...words('Passport number', 314, 140, 10, { bold: true }), ...mono('H1415540', 397, 140));
  runs.push(...words('Account number', 72, 163, 10, { bold: true }), ...mono('805-21-8310', 154, 163), ...smallPrint(190));
  assert.deepEqual(headingsOf(runs), []);
  // A title of two weights holding no reference stays a heading.
  assert.deepEqual(headingsOf([...smallPrint(90), ...words('Part B', 72, 140, 10, { bold: true }), ...words('Household', 110, 140, 10), ...smallPrint(160)]), ['Part B Household']);
});

test('form lines: a label in the text face with its value typed in a monospace face is no heading, with or without a colon; a heading holding code in bold stays', () => {
  const typed = { monospace: true, fontName: 'Courier' };
  const runs: TextRun[] = [...words('These Strong Invoice', 72, 60, 16, { bold: true }), ...smallPrint(80)];
  runs.push(...words('Full name', 72, 130, 10), ...words('Lucia Okafor', 122, 130, 10, typed));
  runs.push(...words('Emergency contact:', 72, 200, 10), ...words('Ingrid Fischer', 170, 200, 10, typed));
  runs.push(...smallPrint(220));
  assert.deepEqual(headingsOf(runs), ['These Strong Invoice']);
  // A section heading naming a command in a bold monospace face, over its text.
  const manual: TextRun[] = [...smallPrint(80), ...words('Invoking', 72, 130, 12, { bold: true }), ...words('gawk', 125, 130, 12, { bold: true, monospace: true, fontName: 'Courier-Bold' }), ...smallPrint(150)];
  assert.deepEqual(headingsOf(manual), ['Invoking gawk']);
});

test('form lines: a label with its reference, date or figure set apart after it is no heading; a heading with a number in its words stays', () => {
  const runs: TextRun[] = [...smallPrint(80), ...words('Policy number', 72, 130, 10), ...words('O3675166', 144, 130, 10), ...smallPrint(150)];
  runs.push(...words('Expiry date', 72, 200, 10), ...words('28.01.1957', 131, 200, 10), ...smallPrint(220));
  assert.deepEqual(headingsOf(runs), []);
  assert.deepEqual(headingsOf([...smallPrint(80), ...words('Part 3 Declaration', 72, 130, 10), ...smallPrint(150)]), ['Part 3 Declaration']);
});
