// A table's header read as a grid of its own above its body (issue 9: statistics tables): the
// body's currency signs or figures stood where the header's lines leave their gutters, so the
// band grouping closed the header's group at the body's first line (regions.ts). A grid of words
// only, a row's pitch above the grid below and within its width, is that grid's header.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { joinGridHeadings } from '../../src/convert/layout/grid-headings.js';
import { buildSegments } from '../../src/convert/layout/lines.js';
import type { Item, RegionBlock } from '../../src/convert/layout/regions.js';
import type { TextRun } from '../../src/convert/layout/types.js';
import { right, words } from './fixtures/runs.js';

function items(runs: TextRun[]): Item[] {
  return buildSegments(runs).map((seg) => ({ x0: seg.x0, x1: seg.x1, top: seg.top, bottom: seg.bottom, seg }));
}

const grid = (runs: TextRun[]): RegionBlock => ({ kind: 'grid', items: items(runs), gutters: [] });

/** A body of five rows of a label and three figures right-aligned at 150, 220, 290, from `top`. */
function body(top: number): TextRun[] {
  const runs: TextRun[] = [];
  for (let i = 0; i < 5; i++) {
    runs.push(...words(`Row label ${i + 1}`, 40, top + i * 13));
    [150, 220, 290].forEach((x, c) => runs.push(...right(`${(i + 1) * 7 + c}.5`, x, top + i * 13)));
  }
  return runs;
}

const header = (): TextRun[] => [...right('Persons', 150, 100), ...right('Percentage', 220, 100), ...right('change', 220, 112), ...right('Mean', 290, 112), ...words('Standard Private Group', 40, 126, 10, { bold: true })];

test('a grid of headings a row above the grid below is its header: one grid', () => {
  const joined = joinGridHeadings([grid(header()), grid(body(140))]);
  assert.equal(joined.length, 1);
  assert.ok(joined[0].items.some((it) => it.seg?.text === 'Persons') && joined[0].items.some((it) => it.seg?.text === 'Row label 5'));
});

test('a table above another, a grid holding figures, or a header set well above the grid, stay apart', () => {
  assert.equal(joinGridHeadings([grid(body(40)), grid(body(110))]).length, 2, 'figures: a table of its own');
  assert.equal(joinGridHeadings([grid(header()), grid(body(200))]).length, 2, 'a gap of several lines: not its header');
});
