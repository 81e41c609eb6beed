// The text-only cue that sends a page to the full reading so its drawn shapes reach the layout
// (issue 9): lines of another size set between lines of the body.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hasSetApartLines, type LinePiece } from '../../src/convert/pdf/set-apart.js';

function line(baseline: number, size: number, text = 'some words of a line of text', x = 50, width = 230): LinePiece {
  return { x, end: x + width, baseline, size, text };
}

function body(from: number, n: number): LinePiece[] {
  return Array.from({ length: n }, (_, i) => line(from + i * 12, 10));
}

test('set-apart: a stack of smaller lines between body lines of the same column', () => {
  assert.ok(hasSetApartLines([...body(100, 5), line(170, 8), line(180, 8), line(190, 8), ...body(210, 5)]));
  // A pull quote: larger lines.
  assert.ok(hasSetApartLines([...body(100, 5), line(175, 14), line(192, 14), ...body(212, 5)]));
  // One line that ends a sentence (a one-line quote or note).
  assert.ok(hasSetApartLines([...body(100, 5), line(175, 14, 'Nothing was decided that day.'), ...body(195, 5)]));
});

test('set-apart: headings, footnotes and captions away from the body are not', () => {
  // A one-line heading between paragraphs.
  assert.ok(!hasSetApartLines([...body(100, 5), line(175, 14, 'Results and Discussion'), ...body(195, 5)]));
  // Footnotes at the foot: no body below.
  assert.ok(!hasSetApartLines([...body(100, 20), line(360, 8), line(370, 8)]));
  // Smaller lines in the other column only.
  assert.ok(!hasSetApartLines([...body(100, 20), line(170, 8, 'x', 320), line(180, 8, 'x', 320)]));
  // A plain page.
  assert.ok(!hasSetApartLines(body(100, 40)));
});

test('set-apart: a band free of body text across two columns (a figure or banner drawn across them)', () => {
  const twoColumns = (from: number, n: number): LinePiece[] => [...body(from, n), ...Array.from({ length: n }, (_, i) => line(from + 3 + i * 12, 10, 'right column text of the page', 320))];
  // Columns above, a gap of eight lines across the page, columns below.
  assert.ok(hasSetApartLines([...twoColumns(100, 10), ...twoColumns(316, 10)]));
  // A banner's own line in the gap does not hide it.
  assert.ok(hasSetApartLines([...twoColumns(100, 10), line(246, 12, 'INDUSTRY WATCH', 58, 100), ...twoColumns(280, 10)]));
  // A paragraph break, or one column only, is no such band.
  assert.ok(!hasSetApartLines([...twoColumns(100, 10), ...twoColumns(232, 10)]));
  assert.ok(!hasSetApartLines([...body(100, 10), ...body(316, 10)]));
});
