// A pool worker for test/convert/pool.test.ts: misbehaves on request (crash, hang, ignore cancel).
import { getHeapStatistics } from 'node:v8';
import { threadId } from 'node:worker_threads';
import { serveTasks } from '../../src/convert/pool/protocol.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const held: unknown[] = [];

serveTasks(async (kind, payload, ctx) => {
  const p = payload as { pages?: number; ms?: number };
  switch (kind) {
    case 'whoami':
      return { result: threadId };
    case 'hold': {
      // Keeps ~64 MB of heap alive in this thread (what a big document leaves behind).
      held.push(Array.from({ length: 8 }, () => new Array(1_000_000).fill(threadId + 0.5)));
      return { result: threadId };
    }
    case 'litter': {
      // ~64 MB of garbage (nothing kept): what a document's objects become once its run is over.
      let sum = 0;
      for (let i = 0; i < 8; i++) sum += new Array(1_000_000).fill(i + 0.5).length;
      return { result: { used: getHeapStatistics().used_heap_size, sum } };
    }
    case 'heap-used':
      return { result: getHeapStatistics().used_heap_size };
    case 'exit':
      process.exit(3); // ends this worker thread only
      break;
    case 'throw-uncaught':
      setTimeout(() => {
        throw new Error('boom');
      }, 1);
      await sleep(1_000);
      break;
    case 'hang': {
      const until = Date.now() + 60_000;
      while (Date.now() < until) {
        // busy: never yields to the message loop, so cancel cannot be seen
      }
      break;
    }
    case 'pages': {
      const pages = p.pages ?? 10;
      await ctx.emit({ type: 'start', pages });
      for (let i = 0; i < pages; i++) {
        if (ctx.signal.aborted) throw new Error('aborted');
        await sleep(p.ms ?? 50);
        await ctx.emit({ type: 'page', index: i, pagesDone: i + 1, pages });
      }
      return { result: pages };
    }
  }
  return { result: null };
});
