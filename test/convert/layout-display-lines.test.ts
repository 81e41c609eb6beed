// Display equations set between lines of prose with no extra space around them: the equation is
// a block of its own (a formula, its number kept), the prose around it stays whole (issue 9).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TextRun } from '../../src/convert/layout/types.js';
import { words, page } from './fixtures/runs.js';
import { createLayoutContext, layoutPageToMarkdown } from '../../src/convert/layout/index.js';

const mi = { fontName: 'ABCDEF+CMMI10' };
const rm = { fontName: 'ABCDEF+CMR10' };
const LINE = 'a line of body text that runs across the whole column to the right margin of the page here';
const prose = (y0: number, n: number, extra: Partial<TextRun> = {}): TextRun[] =>
  Array.from({ length: n }, (_, i) => words(LINE, 72, y0 + i * 12, 10, extra)).flat();
/** The column's right margin: where a full prose line ends. */
const RIGHT = (() => {
  const last = words(LINE, 72, 0).at(-1)!;
  return last.x + last.width;
})();
/** An equation number set at the right margin on the line whose top is y. */
const numberAt = (text: string, y: number): TextRun[] => words(text, RIGHT - text.length * 5, y, 10, rm);

test('a numbered equation set in math fonts between prose lines at the body pitch is a formula of its own', () => {
  const eq = [...words('h', 200, 200, 10, mi), ...words('=', 210, 200, 10, rm), ...words('Wx', 220, 200, 10, mi), ...words('+', 235, 200, 10, rm), ...words('Uy', 245, 200, 10, mi), ...numberAt('(3)', 200)];
  const md = layoutPageToMarkdown(page([...prose(80, 10, rm), ...eq, ...prose(212, 5, rm)]), createLayoutContext());
  assert.match(md, /^\$h=Wx\+Uy\$ \(3\)$/m, md);
  // The prose before and after keeps all its lines, in order.
  const paras = md.split('\n\n').filter((p) => p.includes('body text'));
  assert.equal(paras.length, 2, md);
  assert.equal(paras[0].split(LINE).length - 1, 10, md);
  assert.equal(paras[1].split(LINE).length - 1, 5, md);
  // The formula stays where it is set, between the two stretches of prose.
  assert.ok(md.indexOf(paras[0]) < md.indexOf('$h=') && md.indexOf('$h=') < md.lastIndexOf(paras[1]), md);
});

test('an indented line of plain-font math ending in an equation number at the margin is cut from the prose', () => {
  const eq = [...words('x = a + b', 200, 200, 10, rm), ...numberAt('(12)', 200)];
  const md = layoutPageToMarkdown(page([...prose(80, 10, rm), ...eq, ...prose(212, 5, rm)]), createLayoutContext());
  assert.match(md, /^\$x=a\+b\$ \(12\)$/m, md);
});

test('not a display: a paragraph indent, or a flush-left prose line that closes with a citation number', () => {
  const indented = words('the paragraph starts here after its indent and runs on to the margin of the', 92, 212, 10, rm);
  const cite = [...words('as shown in', 72, 224, 10, rm), ...words('(3)', RIGHT - 15, 224, 10, rm)];
  const md = layoutPageToMarkdown(page([...prose(80, 12, rm), ...indented, ...cite, ...prose(236, 4, rm)]), createLayoutContext());
  assert.ok(!md.includes('$'), md);
  assert.match(md, /as shown in \(3\)/, md);
});
