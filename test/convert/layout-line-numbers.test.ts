// Line numbers in the margin (a review copy, lineno, a critical edition's every fifth line) are
// not text of the lines they number; a table of contents' entry numbers, a table's row numbers and
// paragraph numbers hung in the margin are (issue 9).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TextRun } from '../../src/convert/layout/types.js';
import { buildSegments } from '../../src/convert/layout/lines.js';
import { dropLineNumbers } from '../../src/convert/layout/line-numbers.js';
import { right, words } from './fixtures/runs.js';

const PROSE = 'the lines of a paper set for review run on across the column here';
const texts = (runs: TextRun[]) => buildSegments(dropLineNumbers(runs)).map((s) => s.text);

test('line numbers: every line or every fifth, left or right of the text, are dropped; the text stays', () => {
  const every: TextRun[] = [];
  for (let i = 0; i < 12; i++) every.push(...right(String(101 + i), 60, 100 + 12 * i, 7), ...words(`${PROSE} ${i}`, 72, 100 + 12 * i));
  assert.deepEqual(texts(every), Array.from({ length: 12 }, (_, i) => `${PROSE} ${i}`));
  const fifth: TextRun[] = [];
  for (let i = 0; i < 22; i++) {
    fifth.push(...words(`${PROSE} ${i}`, 72, 100 + 12 * i));
    if ((i + 1) % 5 === 0) fifth.push(...words(String(i + 1), 420, 100 + 12 * i, 7));
  }
  assert.equal(texts(fifth).length, 22);
  assert.ok(texts(fifth).every((t) => t.startsWith('the lines')));
});

test('line numbers: entry numbers of a table of contents, paragraph numbers hung in the margin and a table\'s row numbers stay', () => {
  // A table of contents: its heading starts where the chapter numbers do.
  const toc: TextRun[] = [...words('Contents', 60, 80, 14)];
  for (let i = 0; i < 8; i++) toc.push(...words(String(i + 1), 60, 110 + 14 * i), ...words(`Chapter title number ${i + 1} of the book goes here`, 80, 110 + 14 * i), ...right(String(3 + 4 * i), 400, 110 + 14 * i));
  // Its page numbers rise at one pitch too, by what each chapter runs to: no line numbering.
  assert.equal(texts(toc).filter((t) => /^\d+$/.test(t)).length, 16);
  // Paragraph numbers in the margin, as far apart as their paragraphs are long.
  const paras: TextRun[] = [];
  let y = 100;
  [3, 1, 4, 2, 5].forEach((lines, k) => {
    paras.push(...words(String(k + 1), 50, y));
    for (let l = 0; l < lines; l++) paras.push(...words(`${PROSE} ${k}.${l}`, 72, y + 12 * l));
    y += 12 * lines + 6;
  });
  assert.equal(texts(paras).filter((t) => /^\d$/.test(t)).length, 5);
  // A table's column of row numbers, inside the text's edge: the prose above starts where it does.
  const table: TextRun[] = [...words(PROSE, 60, 80), ...words(PROSE, 60, 92)];
  for (let i = 0; i < 8; i++) table.push(...words(String(i + 1), 60, 110 + 12 * i), ...words(`Item name ${i}`, 90, 110 + 12 * i), ...right(String(100 + 12 * i), 300, 110 + 12 * i));
  assert.equal(texts(table).filter((t) => /^\d$/.test(t)).length, 8);
});
