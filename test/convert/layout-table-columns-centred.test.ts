// A group heading centred on the cells of right-aligned figure columns (issue 9, tables): it lies
// left of their text's middle and may start where the first column's widest figure starts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildSegments } from '../../src/convert/layout/lines.js';
import { placeChunks } from '../../src/convert/layout/table-columns.js';
import { words } from './fixtures/runs.js';

/** One line's chunks: each text at its x, 9 pt, on top y. */
const line = (y: number, ...cells: Array<[string, number]>) => buildSegments(cells.flatMap(([t, x]) => words(t, x, y, 9)));

test('a heading line centred between right-aligned columns spans them, even flush with the first one\'s widest figure', () => {
  // Column 1's figures 195.7-218.2, column 2's 240.5-290 (right-aligned); the heading starts at
  // 195.7 and is centred on the middle between the two columns' centres, 13 pt short of the right.
  const lines = [
    line(230, ['Remain Version Text', 195.7]),
    line(254, ['Until', 66], ['1997', 200.2], ['1998', 272]),
    line(269, ['Against', 66], ['6.9', 204.7], ['2506.95', 258.5]),
    line(283, ['Approach', 66], ['381.8', 195.7], ['12345678.90', 240.5]),
  ];
  const placed = placeChunks(lines, [150, 229], 2);
  assert.deepEqual(placed[0].map((p) => [p.col, p.span]), [[1, 2]]);
  // A heading of the first column running on over the channel, another heading beside it, stays.
  const crowded = [line(230, ['Remain Version Text', 195.7], ['Cost', 282]), ...lines.slice(1)];
  assert.equal(placeChunks(crowded, [150, 229], 2)[0][0].span, 1);
});
