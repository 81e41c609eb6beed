// Lists on scans: marks OCR misreads or drops (layout/ocr-marks.ts, paragraphs.ts markLost, lists.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TextRun } from '../../src/convert/layout/types.js';
import { createLayoutContext, layoutPageToMarkdown } from '../../src/convert/layout/index.js';
import { readListMarks } from '../../src/convert/layout/ocr-marks.js';
import { nextLabel } from '../../src/convert/layout/lists.js';
import { page, words } from './fixtures/runs.js';

const SIZE = 10;
const LEFT = 72;
/** The items' text hangs 1.8 em right of their marks. */
const HANG = LEFT + 18;
/** Prose filling the measure (72-520 pt at 0.5 em a character, words a quarter em apart). */
const FULL = 'alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike november oscar papa';
/** An item's line filling the measure from the hanging indent. */
const FULL_ITEM = 'alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike november oscar';

/** OCR words: tight boxes, confidences, no baseline. */
const ocrWords = (text: string, x: number, y: number) => words(text, x, y, SIZE, { confidence: 92, baseline: undefined });

/** A mark as OCR reads it: `text`, `w` × `h` em, at the left edge. */
function mark(text: string, y: number, w = 0.4, h = 0.4): TextRun {
  return { text, x: LEFT, y: y + 0.3 * SIZE, width: w * SIZE, height: h * SIZE, fontSize: SIZE, bold: false, italic: false, monospace: false, confidence: 60 };
}

const markdown = (runs: TextRun[]) => layoutPageToMarkdown(page(runs, { fromOcr: true }), createLayoutContext());

test('bullets and dashes OCR read as other glyphs are list marks when they open aligned lines at a hanging indent', () => {
  const runs = [
    ...ocrWords('Opening prose of the page runs across the whole measure before the list.', LEFT, 100),
    mark('~', 114, 0.55, 0.12), ...ocrWords('first item of the list', HANG, 114),
    mark('e', 128), ...ocrWords('second item of the list', HANG, 128),
    mark('=', 142, 0.6, 0.2), ...ocrWords('third item of the list', HANG, 142),
    mark('°', 156), ...ocrWords('fourth item of the list', HANG, 156),
  ];
  const md = markdown(runs);
  assert.match(md, /^- first item of the list\n- second item of the list\n- third item of the list\n- fourth item of the list$/m, md);
  const marks = readListMarks(runs).filter((r) => r.x === LEFT && r.y !== 100).map((r) => r.text);
  assert.deepEqual(marks, ['–', '•', '–', '•'], 'flat marks are dashes, the others bullets');
});

test('a lone mark, a word at a normal space, or a capital is no list mark', () => {
  const dialogue = [mark('~', 114, 0.55, 0.12), ...ocrWords('said nothing more about it', HANG, 114)];
  assert.equal(readListMarks(dialogue)[0].text, '~', 'one mark with no other at its edge');
  const prose = [...ocrWords('a word opens this line of prose', LEFT, 100), ...ocrWords('a word opens this line too', LEFT, 114)];
  assert.deepEqual(readListMarks(prose).map((r) => r.text), prose.map((r) => r.text), 'a word at a normal space');
  const capitals = [mark('L', 100, 0.6, 0.7), ...ocrWords('first item', HANG, 100), mark('L', 114, 0.6, 0.7), ...ocrWords('second item', HANG, 114)];
  assert.equal(readListMarks(capitals)[0].text, 'L', 'an L may be a misread number: not a bullet');
});

test('a line hanging under an item after a short line is the next item, its lost mark numbered on; after a full line it wraps', () => {
  const runs = [
    ...ocrWords(FULL, LEFT, 100),
    ...ocrWords('1.', LEFT, 114), ...ocrWords('Field within special stage', HANG, 114),
    ...ocrWords('Never choice decide world question', HANG, 128),
    ...ocrWords('Case entire object social annual', HANG, 142),
    ...ocrWords(FULL_ITEM, HANG, 156),
    ...ocrWords('wrapped end of that item.', HANG, 170),
  ];
  const md = markdown(runs);
  assert.match(md, /^1\. Field within special stage\n2\. Never choice decide world question\n3\. Case entire object social annual\n4\. alpha.*wrapped end of that item\.$/m, md);
});

test('a text layer keeps its lines: a short item line with one hanging under it is one item', () => {
  const runs = [
    ...words(FULL, LEFT, 100, SIZE),
    ...words('1.', LEFT, 114, SIZE), ...words('Field within special stage', HANG, 114, SIZE),
    ...words('Never choice decide world question', HANG, 128, SIZE),
  ];
  const md = layoutPageToMarkdown(page(runs), createLayoutContext());
  assert.match(md, /^1\. Field within special stage Never choice decide world question$/m, md);
});

test('the label after an item: numbers and letters count on, bullets repeat', () => {
  assert.equal(nextLabel('2.'), '3.');
  assert.equal(nextLabel('9)'), '10)');
  assert.equal(nextLabel('b)'), 'c)');
  assert.equal(nextLabel('(a)'), '(b)');
  assert.equal(nextLabel('•'), '•');
});

test('item numbers OCR read with a comma or colon for their stop are numbers again where the list has others at their edge', () => {
  const num = (text: string, y: number) => ({ ...ocrWords(text, LEFT, y)[0] });
  const runs = [
    ...ocrWords('Opening prose of the page runs across the whole measure before the list.', LEFT, 100),
    num('1,', 114), ...ocrWords('First item of the list', LEFT + 14, 114),
    num('2.', 128), ...ocrWords('Second item of the list', LEFT + 14, 128),
    num('3:', 142), ...ocrWords('Third item of the list', LEFT + 14, 142),
  ];
  const md = markdown(runs);
  assert.match(md, /^1\. First item of the list\n2\. Second item of the list\n3\. Third item of the list$/m, md);
  // A figure and a comma opening a lone line of prose stay as read.
  const prose = [...ocrWords('5, Harbour Street was sold in the spring of that year to a', LEFT, 114), ...ocrWords('buyer from the north whose name the records do not give.', LEFT, 128)];
  assert.match(markdown(prose), /^5, Harbour Street/m);
});
