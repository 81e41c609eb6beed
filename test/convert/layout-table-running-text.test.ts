// Narrow columns of prose whose lines line up across them are no table (tables.ts
// readsAsRunningText): their cells are lines that continue a sentence, opening in lower case. Read
// as a table, three justified columns of a magazine page became rows of line pieces, and their
// lists and headings were lost (html family: prose in tables 39-52 % of the page's words).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isWhitespaceTable, readsAsRunningText } from '../../src/convert/layout/tables.js';
import { tableOf as model } from './fixtures/table-model.js';

test('lines of three prose columns side by side read as running text, not a table', () => {
  const columns = model([
    ['Network country present', 'however between', 'below economic network'],
    ['purpose market choice', 'young whether', 'follow world health below'],
    ['third entire water rather', 'second large around', 'become form around'],
    ['small figure being.', 'policy board appear', 'writer whether figure'],
    ['Quality either beyond', 'series approach', 'basis.'],
    ['detail power choice', 'almost river order', 'Income nation further'],
    ['general table central.', 'field.', 'force service usually'],
  ]);
  assert.equal(readsAsRunningText(columns), true);
  assert.equal(isWhitespaceTable(columns), false);
});

test('tables of words or figures stay tables', () => {
  // Labels open with capitals; a wrapped label's second line may continue in lower case.
  const words = model([
    ['Effect', 'Local', 'Kind'],
    ['Theory', 'Total which cover', 'Annual'],
    ['Amount Human', 'Evidence since', 'Quarterly'],
    ['Nearly Short', 'Index industry', 'Monthly'],
    ['of the region', 'Again', 'Weekly'],
  ]);
  assert.equal(readsAsRunningText(words), false);
  assert.equal(isWhitespaceTable(words), true);
  // Descriptions in lower case beside figures: a table however its words read.
  const figures = model([
    ['Method', 'Score', 'Notes'],
    ['ours', '91.2', 'uses the full training set'],
    ['baseline', '84.0', 'trained on half of the data'],
    ['ablation', '88.7', 'without the second stage'],
  ]);
  assert.equal(readsAsRunningText(figures), false);
  assert.equal(isWhitespaceTable(figures), true);
});
