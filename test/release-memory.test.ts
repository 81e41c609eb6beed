import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RELEASE_COLLECT_BYTES, RELEASE_COLLECT_DELAY_MS, releasedLargeBuffer } from '../src/release-memory.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// An idle thread: nothing allocates, so only the scheduled collection can free the dropped buffer.
test('a dropped large buffer is collected shortly after its release, with no allocation to trigger a GC', async () => {
  let buffer: Buffer | undefined = Buffer.allocUnsafe(RELEASE_COLLECT_BYTES);
  const ref = new WeakRef(buffer);
  await sleep(50); // past the turn that created it (WeakRef targets live to the end of their job)
  const released = buffer.byteLength;
  buffer = undefined;
  releasedLargeBuffer(released);
  const until = Date.now() + RELEASE_COLLECT_DELAY_MS + 2_000;
  while (ref.deref() !== undefined && Date.now() < until) await sleep(50);
  assert.ok(ref.deref() === undefined, 'the buffer was collected');
});
