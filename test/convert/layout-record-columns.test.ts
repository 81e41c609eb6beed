// Records set side by side (author blocks under a paper's title) are read record by record, not
// line by line across them; a grid of labels and values is not records (issue 9).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createLayoutContext, layoutPage } from '../../src/convert/layout/index.js';
import { renderPageMarkdown } from '../../src/convert/markdown/render.js';
import { page, words } from './fixtures/runs.js';

function prose(y0: number, lines: number) {
  const runs = [];
  for (let i = 0; i < lines; i++) runs.push(...words(`body line ${i} of the running text that fills the measure of the page with words`, 72, y0 + i * 13));
  return runs;
}

test('author blocks side by side: each name with its own affiliation, a wrapped one whole', () => {
  const bold = { bold: true };
  const runs = [
    ...words('Reading Data in Tables', 200, 100, 17, bold),
    ...words('Ann Shaw', 100, 150, 12, bold), ...words('Bo Zeil', 270, 150, 12, bold), ...words('Cy Groth', 430, 150, 12, bold),
    ...words('Institute of Public', 80, 166, 11), ...words('University of Innsbruck', 240, 166, 11), ...words('Associates Inc.', 420, 166, 11),
    ...words('Finance and Policy', 82, 180, 11),
    ...prose(240, 12),
  ];
  const md = renderPageMarkdown(layoutPage(page(runs), createLayoutContext()));
  assert.match(md, /Institute of Public Finance and Policy/);
  const order = ['Ann Shaw', 'Institute of Public', 'Bo Zeil', 'University of Innsbruck', 'Cy Groth', 'Associates Inc.'].map((t) => md.indexOf(t));
  assert.ok(order.every((at, i) => at >= 0 && (i === 0 || at > order[i - 1])), md);
});

test('labels and values side by side stay paired row by row', () => {
  const bold = { bold: true };
  const runs = [
    ...words('Applicant:', 72, 100, 10, bold), ...words('Jane Example', 200, 100), ...words('Reference:', 340, 100, 10, bold), ...words('AB-1234', 440, 100),
    ...words('Address:', 72, 114, 10, bold), ...words('12 High Street', 200, 114), ...words('Date:', 340, 114, 10, bold), ...words('3 March 2024', 440, 114),
    ...words('Phone:', 72, 128, 10, bold), ...words('555 0100', 200, 128), ...words('Office:', 340, 128, 10, bold), ...words('North', 440, 128),
    ...prose(180, 10),
  ];
  const md = renderPageMarkdown(layoutPage(page(runs), createLayoutContext()));
  for (const [label, value] of [['Applicant:', 'Jane Example'], ['Address:', '12 High Street'], ['Reference:', 'AB-1234'], ['Date:', '3 March 2024']]) {
    const at = md.indexOf(label);
    assert.ok(at >= 0 && md.indexOf(value) > at && md.indexOf(value) - at < 40, `${label} ${value}: ${md}`);
  }
});
