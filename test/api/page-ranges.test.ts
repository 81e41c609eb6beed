import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isWholeDocument, selectPages } from '../../src/api/page-ranges.js';
import { ServiceError } from '../../src/errors/service-error.js';

const refused = (count: number) => (e: unknown) =>
  e instanceof ServiceError && e.code === 'invalid_request' && e.message.includes(`${count} page`);

test('pages: numbers and ranges, 1-based, become ascending unique zero-based indexes', () => {
  assert.deepEqual(selectPages('1-3,7,10-', 12), [0, 1, 2, 6, 9, 10, 11]);
  assert.deepEqual(selectPages('5', 5), [4]);
  assert.deepEqual(selectPages(' 3 - 4 , 1 ', 9), [0, 2, 3]);
  // Overlaps merged, order of terms free.
  assert.deepEqual(selectPages('4-6,2-5,5', 9), [1, 2, 3, 4, 5]);
  assert.deepEqual(selectPages('1-', 3), [0, 1, 2]);
  assert.deepEqual(selectPages('3-3', 3), [2]);
});

test('pages: malformed, zero, reversed or beyond the document → 400 naming the page count', () => {
  for (const spec of ['', ',', '1,,2', 'a', '1-2-3', '-3', '1.5', '0', '0-2', '3-1', '13', '12-13', '13-', '99999999999999999999', '1;2']) {
    assert.throws(() => selectPages(spec, 12), refused(12), JSON.stringify(spec));
  }
  assert.throws(() => selectPages('2', 1), (e: unknown) => e instanceof ServiceError && /has 1 page\b/.test(e.message));
});

test('pages: the number of terms is bounded', () => {
  assert.throws(() => selectPages(Array.from({ length: 1001 }, () => '1').join(','), 3), refused(3));
});

test('a selection of every page is the whole document', () => {
  assert.equal(isWholeDocument(selectPages('1-', 4), 4), true);
  assert.equal(isWholeDocument(selectPages('1-3', 4), 4), false);
});
