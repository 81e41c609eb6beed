// A sentence cut by a column or region break is one paragraph; a sidebar or heading placed between
// its halves moves after it (issue 9).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { continues, joinContinuations } from '../../src/convert/layout/continuations.js';
import { createLayoutContext, layoutPage } from '../../src/convert/layout/index.js';
import { blockMarkdown, renderPageMarkdown } from '../../src/convert/markdown/render.js';
import type { Block, BlockType } from '../../src/convert/model.js';
import { words, page } from './fixtures/runs.js';

function para(text: string, x: number, y: number, extra: Partial<Block> = {}, type: BlockType = 'paragraph'): Block {
  const bbox: Block['bbox'] = [x, y, x + 200, y + 10];
  return { type, bbox, inline: [[{ text, bold: false, italic: false }]], lines: [{ text, bbox }], size: 10, bold: false, italic: false, ...extra };
}

test('continues: open end and lower-case start in the same size; not after a stop, a capital, or another size', () => {
  assert.ok(continues(para('the market grew each year,', 50, 700), para('and the industry followed.', 300, 80)));
  assert.ok(continues(para('Donec nonummy', 50, 700), para('pellentesque ante.', 300, 80)));
  assert.ok(!continues(para('The market grew.', 50, 700), para('and then it fell.', 300, 80)));
  assert.ok(!continues(para('the market grew', 50, 700), para('The industry followed.', 300, 80)));
  assert.ok(!continues(para('the market grew', 50, 700), para('and the industry.', 300, 80, { size: 7 })));
  assert.ok(!continues(para('Summary', 50, 700, { bold: true }), para('and the industry.', 300, 80)));
});

test('joinContinuations: the halves join and a banner heading between them moves after the paragraph', () => {
  const blocks = [
    para('Sales rose each year,', 50, 700),
    para('INDUSTRY WATCH', 300, 60, { size: 14, level: 2 }, 'heading'),
    para('and the industry grew with them.', 300, 90),
    para('Next paragraph.', 300, 120),
  ];
  const out = joinContinuations(blocks);
  assert.deepEqual(out.map(blockMarkdown), ['Sales rose each year, and the industry grew with them.', '## INDUSTRY WATCH', 'Next paragraph.']);
  assert.deepEqual(out[0].bbox, [50, 90, 500, 710]);
  assert.deepEqual(joinContinuations([para('a hyphen-', 50, 700), para('ated word.', 300, 80)]).map(blockMarkdown), ['a hyphenated word.']);
});

test('page: a sentence running from the foot of the left column to the top of the right one is one paragraph', () => {
  const runs = [];
  for (let i = 0; i < 20; i++) runs.push(...words(i === 19 ? 'and the left column ends here without a stop' : `left column line ${i} of the running text goes on`, 50, 100 + i * 12));
  for (let i = 0; i < 20; i++) runs.push(...words(i === 0 ? 'continuing in the right column until it ends.' : `right column line ${i} of the running text goes on`, 320, 100 + i * 12));
  const md = renderPageMarkdown(layoutPage(page(runs), createLayoutContext()));
  assert.match(md, /ends here without a stop continuing in the right column/);
});

test('joinContinuations: a sidebar (aside blocks, whatever their types) between the halves is one unit that moves after the paragraph', () => {
  const blocks = [
    para('Sales rose each year,', 50, 100),
    para('Key facts', 58, 120, { aside: true, bold: true, level: 3 }, 'heading'),
    para('Small print in the box.', 58, 135, { aside: true, size: 8 }),
    para('More of it on a second paragraph', 58, 150, { aside: true, size: 8 }),
    para('and the industry grew with them.', 50, 180),
  ];
  const out = joinContinuations(blocks);
  assert.deepEqual(out.map(blockMarkdown), ['Sales rose each year, and the industry grew with them.', '### Key facts', 'Small print in the box.', 'More of it on a second paragraph']);
  // The sidebar's open last paragraph does not run on into the body text after it.
  const open = [para('Sales rose.', 50, 100), para('More of it on a second paragraph', 58, 150, { aside: true }), para('and the industry grew.', 50, 180)];
  assert.equal(joinContinuations(open).length, 3);
});

test('joinContinuations: a sentence running on through a code listing set in its column keeps the listing in its place', () => {
  const blocks = [
    para('Data in a file where each row looks like', 72, 100),
    para('23 Feb 2005|43.72', 90, 118, {}, 'code'),
    para('can be read in via the function below.', 72, 136),
  ];
  assert.deepEqual(joinContinuations(blocks).map((b) => b.type), ['paragraph', 'code', 'paragraph']);
  // A listing floated to the top of the next column is not between the halves: they join.
  const floated = [para('the sentence ends the column', 50, 700), para('x <- 1', 300, 60, {}, 'code'), para('and goes on below the listing.', 300, 90)];
  assert.deepEqual(joinContinuations(floated).map((b) => b.type), ['paragraph', 'code']);
});
