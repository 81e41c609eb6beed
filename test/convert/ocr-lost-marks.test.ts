// List marks Tesseract's page reading left out (ocr/lost-marks.ts, ocr/index.ts readLostLines): a
// bullet is a solid disc left of a read line, an item's number a small mark there read again; a
// line with nothing left of it has none. Through OCR: test/eval/synthetic-scans.test.ts (scans-7022).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { unreadInk } from '../../src/convert/ocr/lost-lines.js';
import { lostMarks } from '../../src/convert/ocr/lost-marks.js';
import type { TextRun } from '../../src/convert/layout/types.js';
import type { GrayImage } from '../../src/convert/pdf/render.js';

/** A white image (one point a pixel) with dark boxes painted on it. */
function image(width: number, height: number, boxes: Array<[number, number, number, number]>, discs: Array<[number, number, number]> = []): GrayImage {
  const data = new Uint8Array(width * height).fill(250);
  for (const [x0, y0, x1, y1] of boxes) for (let y = y0; y < y1; y++) data.fill(20, y * width + x0, y * width + x1);
  for (const [cx, cy, r] of discs) for (let y = cy - r; y <= cy + r; y++) for (let x = cx - r; x <= cx + r; x++) if ((x - cx) ** 2 + (y - cy) ** 2 <= r * r) data[y * width + x] = 20;
  return { data, width, height, pointsPerPixel: 1 };
}

const run = (text: string, x: number, y: number, width: number): TextRun => ({ text, x, y, width, height: 20, fontSize: 20, bold: false, italic: false, monospace: false, confidence: 95 });

/** A line of "letters": thin strokes from x0 to x1 on rows y..y+20, with word gaps. */
function letters(x0: number, x1: number, y: number): Array<[number, number, number, number]> {
  const out: Array<[number, number, number, number]> = [];
  for (let x = x0; x + 3 <= x1; x += 7) if ((x - x0) % 70 < 56) out.push([x, y + 4, x + 3, y + 18]);
  return out;
}

test('lost marks: discs at one edge left of read lines are bullets; small marks there are cut out to be read; a lone disc and a line without a mark give none', () => {
  const lines = [40, 90, 140, 190, 240, 290];
  const boxes = lines.flatMap((y) => letters(120, 420, y));
  // Lines 3 and 4 have a number left of them ("1." "2.": a stroke and a dot), line 6 nothing.
  boxes.push([80, 144, 84, 158], [88, 154, 91, 158], [80, 194, 84, 208], [88, 204, 91, 208]);
  // Lines 1 and 2 have bullets at one edge; line 5 a lone disc further left (a speck).
  const img = image(500, 340, boxes, [[90, 40 + 11, 5], [90, 90 + 11, 5], [62, 240 + 11, 5]]);
  const runs = lines.map((y) => run('Words of the line', 120, y, 300));
  const page = unreadInk(img, runs);
  assert.ok(page);
  const { bullets, labels } = lostMarks(img, runs, page);
  assert.deepEqual(bullets.map((b) => [b.text, b.y]), [['•', 40], ['•', 90]]);
  // Each cut (set on a margin of paper) holds its line's mark: "1." at 144-158, "2." at 194-208.
  const spans = (l: (typeof labels)[number], top: number, bottom: number) => l.y <= top && l.y + l.image.height * l.image.pointsPerPixel >= bottom;
  assert.deepEqual(labels.map((l, k) => spans(l, 144 + 50 * k, 158 + 50 * k) && !spans(l, 94, 108)), [true, true]);
});
