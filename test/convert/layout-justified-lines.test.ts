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
