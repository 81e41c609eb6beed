import { test } from 'node:test';
import assert from 'node:assert/strict';
import { WritePacer } from '../../src/jobs/write-pacer.js';

test('write pacer: the first write is due at once, the next one an interval after the previous ended', async () => {
  const pacer = new WritePacer(200);
  let t0 = performance.now();
  await pacer.due();
  assert.ok(performance.now() - t0 < 50, 'first write not delayed');
  pacer.wrote();
  t0 = performance.now();
  await pacer.due();
  assert.ok(performance.now() - t0 >= 150, 'second write waits for the interval');
});

test('write pacer: flush ends a pending wait at once and later writes are not paced', async () => {
  const pacer = new WritePacer(10_000);
  pacer.wrote();
  const t0 = performance.now();
  const waiting = pacer.due();
  setTimeout(() => pacer.flush(), 20);
  await waiting;
  assert.ok(performance.now() - t0 < 2_000, 'flush released the wait');
  pacer.wrote();
  const t1 = performance.now();
  await pacer.due();
  assert.ok(performance.now() - t1 < 50, 'no pacing after flush');
});
