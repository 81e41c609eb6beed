// Headings on scans (layout/headings.ts): a line set large is a heading only when OCR reads it
// clearly; ink that reads as low-confidence fragments (handwriting, a stamp, a smudge) stays text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createLayoutContext, layoutPageToMarkdown } from '../../src/convert/layout/index.js';
import type { TextRun } from '../../src/convert/layout/types.js';
import { page, words } from './fixtures/runs.js';

const BODY = 10;
const PROSE = 'alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike november oscar papa';

const ocrWords = (text: string, y: number, size: number, confidence: number): TextRun[] => words(text, 72, y, size, { confidence, baseline: undefined });

function scan(titleConfidence: number): string {
  const runs = [
    ...ocrWords('Harbour Works Report', 80, 18, titleConfidence),
    ...[0, 1, 2, 3, 4].flatMap((i) => ocrWords(PROSE, 120 + i * 14, BODY, 90)),
  ];
  return layoutPageToMarkdown(page(runs, { fromOcr: true }), createLayoutContext());
}

test('a large line OCR reads clearly is a heading; the same line read unclearly stays text', () => {
  assert.match(scan(91), /^# Harbour Works Report$/m);
  const blurred = scan(35);
  assert.doesNotMatch(blurred, /^#/m, blurred);
  assert.match(blurred, /Harbour Works Report/, 'its words stay in the text');
});
