// A grid of form fields set label over value, side by side (issue 9, eval:synthetic --family
// forms): each label and the value under it read as one cell, never labels heading columns of
// values; a table whose header row is bold over regular rows keeps its rows.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createLayoutContext, layoutPage } from '../../src/convert/layout/index.js';
import { renderPageMarkdown } from '../../src/convert/markdown/render.js';
import { pairFieldRows } from '../../src/convert/layout/table-field-rows.js';
import type { RowDraft } from '../../src/convert/layout/table-rows.js';
import type { TextRun } from '../../src/convert/layout/types.js';
import { page, words } from './fixtures/runs.js';

/** One run per text, as a form's text layer gives a label or a value. */
function run(text: string, x: number, y: number, size: number, extra: Partial<TextRun> = {}): TextRun {
  return { ...words(text.replace(/ /g, '\u00a0'), x, y, size, extra)[0], text };
}

const GRID = [
  [['Household size', '3'], ['Supplier', 'Mendes Traders GmbH'], ['Due date', '1957-04-23']],
  [['Policy number', 'Z9766302'], ['Member ID', 'N4545507'], ['Email address', 'pieter.dubois@example.org']],
  [['Date signed', '1977-02-03'], ['Reference', '94548127'], ['Start date', '1974-08-25']],
];

test('table field rows: labels over their values in a grid read label then value in each cell', () => {
  for (const bold of [false, true]) {
    const runs = [...words('Please complete every field below in capital letters and sign the form at its end.', 72, 80, 9)];
    GRID.forEach((row, r) =>
      row.forEach(([label, value], c) => {
        const x = 72 + c * 160;
        const y = 110 + r * 30;
        runs.push(run(label, x, y, bold ? 9 : 7, { bold }), run(value, x + 2, y + 12, 9));
      }),
    );
    const md = renderPageMarkdown(layoutPage(page(runs), createLayoutContext()));
    for (const row of GRID) for (const [label, value] of row) assert.ok(md.includes(`${label} ${value}`), `${bold ? 'bold' : 'small'} labels: ${md}`);
  }
});

function draft(cells: string[], size: number, bold: boolean, baseline: number): RowDraft {
  return { cells, extents: cells.map(() => ({ x0: 0, x1: 1 })), spans: cells.map(() => 1), spanning: false, firstBaseline: baseline, lastBaseline: baseline, top: baseline - size, bottom: baseline, size, bold, italic: false };
}

test('table field rows: a header row over body rows, or rows in one style, are left as they are', () => {
  const header = [draft(['Region', '2019', '2020'], 9, true, 100), draft(['North', '12', '14'], 9, false, 112), draft(['South', '8', '9'], 9, false, 124), draft(['East', '3', '5'], 9, false, 136)];
  assert.equal(pairFieldRows(header), header);
  const plain = [draft(['a', 'b'], 9, false, 100), draft(['c', 'd'], 9, false, 112), draft(['e', 'f'], 9, false, 124), draft(['g', 'h'], 9, false, 136)];
  assert.equal(pairFieldRows(plain), plain);
  // Pairs set as far from each other as within: no pairing.
  const even = [draft(['A', 'B'], 7, false, 100), draft(['1', '2'], 9, false, 112), draft(['C', 'D'], 7, false, 124), draft(['3', '4'], 9, false, 136)];
  assert.equal(pairFieldRows(even), even);
});

test('table field rows: labels closed by colons one under another are two rows, not one wrapped cell', () => {
  const runs = [...words('Thank you for your order; the items below are invoiced at the agreed prices.', 72, 80, 10)];
  const rows = [['Description', 'Item price', 'Sum'], ['4 chairs', '100 USD', '400 USD'], ['1 table', '250 USD', '250 USD']];
  rows.forEach((row, r) => row.forEach((t, c) => runs.push(run(t, [72, 300, 420][c], 110 + r * 16, 10, { bold: r === 0 }))));
  // Totals under the last two columns, set at the lines' own pitch.
  [['Subtotal:', '650 USD'], ['VAT:', '0 USD']].forEach(([label, value], r) => runs.push(run(label, 300, 170 + r * 12, 10), run(value, 420, 170 + r * 12, 10)));
  const md = renderPageMarkdown(layoutPage(page(runs), createLayoutContext()));
  assert.match(md, /Subtotal:[\s|]+650 USD/, md);
  assert.match(md, /VAT:[\s|]+0 USD/, md);
});

test('table field rows: the grid\'s last field alone in its row is a pair too', () => {
  const rows = [
    draft(['Due date', 'Member ID'], 6, false, 100), draft(['09.06.1961', 'Y6002975'], 8, false, 110),
    draft(['Deposit paid', 'Annual income'], 6, false, 124), draft(['€47,293.99', '£89,749.79'], 8, false, 134),
    draft(['Tax identification number', ''], 6, false, 148), draft(['989-86-3365', ''], 8, false, 158),
  ];
  assert.deepEqual(pairFieldRows(rows).map((r) => r.cells), [['Due date 09.06.1961', 'Member ID Y6002975'], ['Deposit paid €47,293.99', 'Annual income £89,749.79'], ['Tax identification number 989-86-3365', '']]);
  // A lone first row is no field row: a title over the grid.
  const titled = [draft(['Applicant', ''], 6, false, 100), draft(['Ada', ''], 8, false, 110), ...rows.slice(0, 4)];
  assert.equal(pairFieldRows(titled), titled);
});

test('table field rows: two rows of three fields, labels over values, are a table of six fields', () => {
  // Stacked fields: a small label, its value right under it, a rule under the value; two rows of
  // three read "Account number 815-98-4938", never the three labels and then the three values.
  const stacked = [
    [['Account number', '815-98-4938'], ['Policy number', 'T6003253'], ['Member ID', '208-92-1618']],
    [['Contact person', 'Jane Kowalski'], ['Email address', 'mateo.sato@example.org'], ['Years at address', '6']],
  ];
  const runs = [...words('Please give the details of the account holder and the person to contact about it.', 72, 80, 9)];
  stacked.forEach((row, r) =>
    row.forEach(([label, value], c) => {
      const x = 72 + c * 160;
      const y = 110 + r * 28;
      runs.push(run(label, x, y, 6), run(value, x + 2, y + 10, 8));
    }),
  );
  const md = renderPageMarkdown(layoutPage(page(runs), createLayoutContext()));
  for (const row of stacked) for (const [label, value] of row) assert.ok(md.includes(`${label} ${value}`), md);
  assert.match(md, /\| Account number 815-98-4938 \| Policy number T6003253 \| Member ID 208-92-1618 \|/, md);
});

test('table field rows: filled form fields in two columns are read row by row', () => {
  // AcroForm values are set right after their printed labels (pdf/form-fields.ts), so each line is
  // one piece, bold label then value; the form's fields are read across, as it sets them.
  const grid = [
    [['Name of spouse', 'Liam Kowalski'], ['Invoice date', '26.05.1983']],
    [['Account holder', 'Mateo Okafor'], ['Emergency contact', 'Mateo Nguyen']],
    [['Mobile phone', '(428) 221-3266'], ['Customer number', '33411271']],
  ];
  const runs = [...words('North point order north common called report value either within never family again.', 72, 80, 9)];
  grid.forEach((row, r) =>
    row.forEach(([label, value], c) => {
      const x = 72 + c * 250;
      const y = 110 + r * 24;
      const l = run(label, x, y, 9, { bold: true });
      runs.push(l, run(value, l.x + l.width + 2.7, y, 9, { formValue: true }));
    }),
  );
  const md = renderPageMarkdown(layoutPage(page(runs), createLayoutContext()));
  const at = (t: string) => md.indexOf(t);
  for (const row of grid) for (const [label, value] of row) assert.ok(at(`${label}** ${value}`) >= 0 || at(`${label} ${value}`) >= 0, md);
  assert.ok(at('Invoice date') < at('Account holder') && at('Emergency contact') < at('Mobile phone'), md);
});

test('table field rows: a sentence set apart under two rows of totals is the text after them', () => {
  const runs = [...words('Thank you for your order; the amounts below include every item listed above.', 72, 80, 8)];
  [['Subtotal', '£77,969.52'], ['Tax', '$49,923.92']].forEach(([label, value], r) => runs.push(run(label, 250, 110 + r * 14, 8, { bold: true }), run(value, 304, 110 + r * 14, 8)));
  runs.push(...words('Build measure model policy issue most.', 72, 150, 6.5));
  const md = renderPageMarkdown(layoutPage(page(runs), createLayoutContext()));
  assert.match(md, /\n\nBuild measure model policy issue most\.(\n|$)/, md);
  assert.doesNotMatch(md, /\| Build/, md);
});

test('table field rows: typed values keep their words in one cell (a monospace word space is no cell gap)', () => {
  // Courier's word space is 0.6 em, wider than the gap that parts two cells of text set in a
  // proportional face: "May 25, 1965" was cut into two columns under its one label.
  const typed = (text: string, x: number, y: number): TextRun[] => {
    const out: TextRun[] = [];
    let cx = x;
    for (const w of text.split(' ')) {
      out.push(run(w, cx, y, 10, { monospace: true, width: w.length * 6 }));
      cx += (w.length + 1) * 6;
    }
    return out;
  };
  const runs = [...words('Please give the dates and numbers below as they appear on your documents.', 72, 80, 7)];
  [['Date signed', 'May 25, 1965'], ['Daytime phone', '(332) 921-6876'], ['Postal code', '18887']].forEach(([label, value], c) => runs.push(run(label, 72 + c * 162, 110, 8, { bold: true }), ...typed(value, 74 + c * 162, 123)));
  runs.push(run('Employer', 72, 142, 8, { bold: true }), ...typed('Novak Supplies Inc', 74, 155));
  const md = renderPageMarkdown(layoutPage(page(runs), createLayoutContext()));
  for (const field of ['Date signed May 25, 1965', 'Daytime phone (332) 921-6876', 'Postal code 18887', 'Employer Novak Supplies Inc']) assert.ok(md.includes(field), md);
});

test('table field rows: columns of bold labels with their values in boxes after them are read row by row', () => {
  // Values start wherever their labels end; the last column may hold one field only.
  const grid = [
    [['Date of application', '01/26/2017'], ['Full name', 'Lucia Sato'], ['Place of birth', 'Riverton']],
    [['Telephone', '(548) 247-2328'], ['Years at address', '0'], ['Employer', 'Fischer Holdings LLC']],
    [['Due date', '02/07/1958']],
  ];
  const runs = [...words('Structure measure series annual thing issue whole still choice table level again paper.', 72, 80, 7)];
  grid.forEach((row, r) =>
    row.forEach(([label, value], c) => {
      const l = run(label, 72 + c * 161, 110 + r * 16, 8, { bold: true });
      runs.push(l, run(value, l.x + l.width + 8, 110 + r * 16, 8));
    }),
  );
  const md = renderPageMarkdown(layoutPage(page(runs), createLayoutContext()));
  const at = (t: string) => md.indexOf(t);
  for (const row of grid) for (const [label, value] of row) assert.ok(at(`${label} ${value}`) >= 0 || at(`${label}** ${value}`) >= 0, md);
  assert.ok(at('Place of birth') < at('Telephone') && at('Employer') < at('Due date'), md);
  // Two columns, the second holding a single field.
  const two = [...words('Structure measure series annual thing issue whole still choice table level again paper.', 72, 80, 7)];
  [[['Occupation', 'Pharmacist', 72], ['ZIP code', '72024', 315]], [['Reference', '21645406', 72]]].forEach((row, r) =>
    row.forEach(([label, value, x]) => {
      const l = run(label as string, x as number, 110 + r * 16, 8, { bold: true });
      two.push(l, run(value as string, l.x + l.width + 6, 110 + r * 16, 8, { formValue: true }));
    }),
  );
  const md2 = renderPageMarkdown(layoutPage(page(two), createLayoutContext()));
  assert.ok(md2.indexOf('ZIP code') < md2.indexOf('Reference'), md2);
});
