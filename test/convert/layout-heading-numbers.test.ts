// A heading's number set a quad or two before its title ("1.2      Brief tutorial") is one line
// with it, not a column of numbers beside a column of titles (issue 9: 4ti2's manual read "1.2",
// "1.2.1" apart from their titles). A row label at body size in a table stays a cell of its own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createLayoutContext, layoutPage } from '../../src/convert/layout/index.js';
import { buildSegments } from '../../src/convert/layout/lines.js';
import { renderPageMarkdown } from '../../src/convert/markdown/render.js';
import type { TextRun } from '../../src/convert/layout/types.js';
import { words, page } from './fixtures/runs.js';

const PROSE = 'The sign file may declare a variable to be non-negative or non-positive, or unite both cases.';

test('headings: a section number a quad before its title is one heading with it', () => {
  const runs: TextRun[] = [];
  for (let i = 0; i < 8; i++) runs.push(...words(PROSE, 72, 80 + i * 12));
  runs.push(...words('1.2', 72, 200, 17), ...words('Brief tutorial', 72 + 3 * 8.5 + 19, 200, 17));
  runs.push(...words('1.2.1', 72, 240, 14), ...words('Solving linear systems', 72 + 5 * 7 + 15, 240, 14));
  for (let i = 0; i < 4; i++) runs.push(...words(PROSE, 72, 270 + i * 12));
  const md = renderPageMarkdown(layoutPage(page(runs), createLayoutContext()));
  assert.match(md, /^#+ 1\.2 Brief tutorial$/m, md);
  assert.match(md, /^#+ 1\.2\.1 Solving linear systems$/m, md);
});

test('headings: a numbered row label at body size stays its own cell', () => {
  const row = [...words('2.1', 72, 100, 10), ...words('Agriculture', 120, 100, 10), ...words('345', 300, 100, 10)];
  assert.deepEqual(buildSegments(row, 0.6, 10).map((s) => s.text), ['2.1', 'Agriculture', '345']);
  const heading = [...words('2.1', 72, 100, 14), ...words('Agriculture', 72 + 15 * 1.4 + 16, 100, 14)];
  assert.deepEqual(buildSegments(heading, 0.6, 10).map((s) => s.text), ['2.1 Agriculture']);
});

test('headings: a bare section number ("4", LaTeX\'s \\section) joins its title only in type larger than the body', () => {
  const heading = [...words('4', 72, 100, 14.4, { bold: true }), ...words('Market', 72 + 7.2 + 14.4, 100, 14.4, { bold: true })];
  assert.deepEqual(buildSegments(heading, 0.6, 10).map((s) => s.text), ['4 Market']);
  // Bold at body size, a bare number is a table's row number: "4 | Market | 345".
  const row = [...words('4', 72, 100, 10, { bold: true }), ...words('Market', 72 + 5 + 12, 100, 10, { bold: true })];
  assert.deepEqual(buildSegments(row, 0.6, 10).map((s) => s.text), ['4', 'Market']);
});

test('headings: a bold Latin section number before a Chinese title in its one-weight face is one line with it', () => {
  // ctex sets "2.4" in the bold Latin face and "升级" in a heiti, which has no bold: the weights
  // differ, the heading is one ("2.4 升级"), not a number beside a column of titles.
  const heading = [...words('2.4', 72, 100, 12, { bold: true }), ...words('升级', 72 + 15 + 12, 100, 12)];
  assert.deepEqual(buildSegments(heading, 0.6, 10.5).map((s) => s.text), ['2.4 升级']);
  // A Latin title in another weight is still apart (a bold row label before a plain cell).
  const latin = [...words('2.4', 72, 100, 12, { bold: true }), ...words('Upgrade', 72 + 15 + 12, 100, 12)];
  assert.deepEqual(buildSegments(latin, 0.6, 10.5).map((s) => s.text), ['2.4', 'Upgrade']);
});
