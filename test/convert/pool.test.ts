import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { WorkerPool } from '../../src/convert/pool/pool.js';
import { WORKER_IDLE_COLLECT_MS } from '../../src/convert/pool/protocol.js';
import { ParseAbortedError, ParseError } from '../../src/convert/errors.js';

const pool = new WorkerPool(new URL('./pool-fixture-worker.ts', import.meta.url), { size: 1 });
after(() => pool.close());

const isCode = (code: string) => (e: unknown) => e instanceof ParseError && e.code === code;

test('a worker that exits or throws is replaced; its task fails with a typed error', async () => {
  const first = await pool.run<number>('whoami', null, { pageTimeoutS: 5 });
  await assert.rejects(pool.run('exit', null, { pageTimeoutS: 5 }), isCode('malformed_document'));
  const second = await pool.run<number>('whoami', null, { pageTimeoutS: 5 });
  assert.notEqual(second, first);
  await assert.rejects(pool.run('throw-uncaught', null, { pageTimeoutS: 5 }), isCode('malformed_document'));
  const third = await pool.run<number>('whoami', null, { pageTimeoutS: 5 });
  assert.notEqual(third, second);
});

test('progress events stream back; cancel stops the task at a page boundary and frees the worker', async () => {
  const seen: number[] = [];
  assert.equal(await pool.run<number>('pages', { pages: 3, ms: 5 }, { pageTimeoutS: 5, onEvent: (e) => e.type === 'page' && seen.push(Number(e.index)) }), 3);
  assert.deepEqual(seen, [0, 1, 2]);

  const ac = new AbortController();
  const before = await pool.run<number>('whoami', null, { pageTimeoutS: 5 });
  const started = Date.now();
  const task = pool.run('pages', { pages: 1000, ms: 20 }, {
    pageTimeoutS: 5,
    signal: ac.signal,
    onEvent: (e) => e.type === 'page' && e.index === 2 && ac.abort(),
  });
  await assert.rejects(task, (e: unknown) => e instanceof ParseAbortedError);
  // The same worker (not a replacement) takes the next task promptly.
  assert.equal(await pool.run<number>('whoami', null, { pageTimeoutS: 5 }), before);
  assert.ok(Date.now() - started < 3_000);
});

test('a worker stuck past its budget is terminated and replaced (document_too_complex)', async () => {
  const before = await pool.run<number>('whoami', null, { pageTimeoutS: 5 });
  const started = Date.now();
  // 1 page × 0.1 s, raised to the pool's minimum document budget plus the kill grace.
  await assert.rejects(pool.run('hang', null, { pageTimeoutS: 0.1 }), isCode('document_too_complex'));
  assert.ok(Date.now() - started < 20_000);
  assert.notEqual(await pool.run<number>('whoami', null, { pageTimeoutS: 5 }), before);
});

test('a stuck worker that ignores cancel is replaced after the grace period', async () => {
  const ac = new AbortController();
  const task = pool.run('hang', null, { pageTimeoutS: 30, signal: ac.signal });
  setTimeout(() => ac.abort(), 200);
  await assert.rejects(task, (e: unknown) => e instanceof ParseAbortedError);
  // Queued behind the stuck worker until the grace period ends and a fresh worker starts.
  const id = await pool.run<number>('whoami', null, { pageTimeoutS: 30 });
  assert.equal(typeof id, 'number');
});

test('a warmed pool reports its live workers and replaces one that dies at once', async () => {
  const warmPool = new WorkerPool(new URL('./pool-fixture-worker.ts', import.meta.url), { size: 1 });
  try {
    assert.equal(warmPool.isWarm(), false);
    assert.equal(warmPool.liveWorkers(), 0);
    await warmPool.warm();
    assert.equal(warmPool.isWarm(), true);
    assert.equal(warmPool.liveWorkers(), 1);
    await assert.rejects(warmPool.run('exit', null, { pageTimeoutS: 5 }), isCode('malformed_document'));
    assert.equal(warmPool.stats().workers, 1, 'a replacement is started without waiting for a task');
    const deadline = Date.now() + 30_000;
    while (warmPool.liveWorkers() === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    assert.equal(warmPool.liveWorkers(), 1);
  } finally {
    await warmPool.close();
  }
  assert.equal(warmPool.isWarm(), false);
  assert.equal(warmPool.liveWorkers(), 0);
});

test('idle, the pool keeps its warm workers only: a spare started for work stops once idle (issue 11)', async () => {
  const spare = new WorkerPool(new URL('./pool-fixture-worker.ts', import.meta.url), { size: 2, warmSize: 1, spareIdleMs: 300 });
  try {
    await spare.warm();
    assert.equal(spare.stats().workers, 1, 'one warm worker');
    // Two tasks at once: a second worker starts for them, so both run side by side. (Which of the
    // two stops once idle is whichever idles first past the warm count.)
    const both = Promise.all([spare.run<number>('pages', { pages: 3, ms: 40 }, { pageTimeoutS: 5 }), spare.run<number>('whoami', null, { pageTimeoutS: 5 })]);
    const started = spare.stats().workers;
    await both;
    assert.equal(started, 2, 'the second task started a second worker');
    const idleSince = Date.now();
    while (spare.stats().workers > 1 && Date.now() - idleSince < 10_000) await new Promise((r) => setTimeout(r, 50));
    assert.equal(spare.stats().workers, 1, 'the spare stopped after its idle time');
    assert.equal(spare.liveWorkers(), 1);
    assert.equal(spare.stats().recycled, 0);
    assert.equal(await spare.run<number>('pages', { pages: 1, ms: 1 }, { pageTimeoutS: 5 }), 1, 'the warm worker still serves');
  } finally {
    await spare.close();
  }
});

test('a free worker goes to the queued owner holding fewest workers, FIFO among equals', async () => {
  // Both workers warm: the order under test is the queue's, not a spare's start-up time.
  const two = new WorkerPool(new URL('./pool-fixture-worker.ts', import.meta.url), { size: 2, warmSize: 2 });
  try {
    await two.warm();
    const started: string[] = [];
    const run = (name: string, group: string, ms: number) =>
      two.run('pages', { pages: 2, ms }, { group, pageTimeoutS: 5, onEvent: (e) => e.type === 'start' && started.push(name) });
    // Owner a holds both workers and queues a third task; b arrives later but holds none.
    const tasks = [run('a1', 'a', 150), run('a2', 'a', 400), run('a3', 'a', 5), run('b1', 'b', 5), run('c1', 'c', 5)];
    await Promise.all(tasks);
    assert.deepEqual(started.slice(0, 2).sort(), ['a1', 'a2']);
    // When a1 ends, a still holds a2: b1 and c1 (holding none) go first, in arrival order, then a3.
    assert.deepEqual(started.slice(2), ['b1', 'c1', 'a3']);
  } finally {
    await two.close();
  }
});

test('a fixed task budget (the probe\'s) is not extended by the page count the task announces', async () => {
  const started = Date.now();
  await assert.rejects(pool.run('pages', { pages: 1000, ms: 20 }, { pageTimeoutS: 30, budgetMs: 100 }), isCode('document_too_complex'));
  // 100 ms plus the kill grace, not 1,000 pages × 30 s.
  assert.ok(Date.now() - started < 10_000);
});

test('a worker left idle collects the garbage its task left (issue 11: idle memory), not while documents keep coming', async () => {
  // By default a worker a second after its task is a busy one: its heap is left as it is.
  assert.ok(WORKER_IDLE_COLLECT_MS >= 5_000);
  const { used: busy } = await pool.run<{ used: number }>('litter', null, { pageTimeoutS: 5 });
  await new Promise((r) => setTimeout(r, 1_500));
  const kept = await pool.run<number>('heap-used', null, { pageTimeoutS: 5 });
  assert.ok(kept > busy - 32 * 1024 * 1024, `heap in use ${busy} → ${kept} bytes`);
  // A task that asks for it (the start-up warm-up) is collected after its own delay.
  const { used: littered } = await pool.run<{ used: number }>('litter', null, { pageTimeoutS: 5, collectWhenIdleMs: 200 });
  await new Promise((r) => setTimeout(r, 700));
  const after = await pool.run<number>('heap-used', null, { pageTimeoutS: 5 });
  assert.ok(after < littered - 32 * 1024 * 1024, `heap in use ${littered} → ${after} bytes`);
});

test('a worker holding too much heap after its task is replaced by a fresh one; others are kept', async () => {
  const lean = new WorkerPool(new URL('./pool-fixture-worker.ts', import.meta.url), { size: 1, recycleHeapBytes: 48 * 1024 * 1024, recycleIdleMs: 1_000 });
  try {
    await lean.warm();
    const first = await lean.run<number>('whoami', null, { pageTimeoutS: 5 });
    assert.equal(await lean.run<number>('whoami', null, { pageTimeoutS: 5 }), first); // small tasks: same worker
    assert.equal(await lean.run<number>('hold', null, { pageTimeoutS: 5 }), first);
    // A task that follows at once (a document's next run) still gets the same worker…
    assert.equal(await lean.run<number>('whoami', null, { pageTimeoutS: 5 }), first);
    // …but once it has been idle, the worker is replaced.
    await new Promise((r) => setTimeout(r, 1_500));
    const next = await lean.run<number>('whoami', null, { pageTimeoutS: 5 });
    assert.notEqual(next, first);
    assert.equal(lean.stats().recycled, 1);
    assert.equal(lean.liveWorkers(), 1);
  } finally {
    await lean.close();
  }
});
