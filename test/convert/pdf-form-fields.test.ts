// Form field values become runs where their fields sit (pdf/form-fields.ts, issue 9): a check
// box's mark stays in its box, so that it reads with the label nearest it, the one it precedes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formFieldRuns, type AnnotationLike } from '../../src/convert/pdf/form-fields.js';
import { words } from './fixtures/runs.js';

const IDENTITY: [number, number, number, number, number, number] = [1, 0, 0, 1, 0, 0];
const box = (x: number, ticked: boolean): AnnotationLike => ({ subtype: 'Widget', fieldType: 'Btn', checkBox: true, exportValue: 'On', fieldValue: ticked ? 'On' : 'Off', rect: [x, 450, x + 9, 459] });

test('form fields: a check box reads with the option after it, not with the text before it', () => {
  // "Do you hold a current licence?  ☐ Yes  ☒ No": each box 3 pt before its option's label.
  const printed = [...words('Do you hold a current licence?', 72, 450, 9), ...words('Yes', 217, 450, 9), ...words('No', 257, 450, 9)];
  const marks = formFieldRuns([box(205, false), box(245, true)], IDENTITY, printed);
  assert.deepEqual(marks.map((r) => r.text), ['☐', '☒']);
  // Each mark inside its own box, on the label's line.
  assert.ok(marks[0].x >= 205 && marks[0].x + marks[0].width <= 214 && marks[1].x >= 245 && marks[1].x + marks[1].width <= 254, JSON.stringify(marks));
  // Read as pieces of the line, each mark stands nearer the label after it than the text before it.
  for (const [mark, before, after] of [[marks[0], 'licence?', 'Yes'], [marks[1], 'Yes', 'No']] as const) {
    const prev = printed.find((r) => r.text === before)!;
    const next = printed.find((r) => r.text === after)!;
    assert.ok(next.x - (mark.x + mark.width) < mark.x - (prev.x + prev.width), `${mark.text} before ${after}`);
  }
});
