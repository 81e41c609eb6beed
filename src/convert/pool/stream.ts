// A pool task that streams its results as events (rendered pages, split page windows), consumed as
// an async iterable with backpressure: the worker produces the next item only once the consumer
// took this one, so memory stays flat however long the document.
import type { RunOptions, WorkerPool } from './pool.js';
import type { TaskEvent } from './protocol.js';

export interface StreamOptions {
  signal?: AbortSignal;
  pageTimeoutS: number;
  group?: RunOptions['group'];
}

/** Items of `kind`'s events of type `type`, mapped by `pick`; the task is cancelled if the consumer stops early. */
export async function* streamTask<T>(
  pool: WorkerPool,
  kind: string,
  payload: unknown,
  type: string,
  pick: (e: Record<string, unknown>) => T,
  opts: StreamOptions,
): AsyncIterable<T> {
  const stop = new AbortController();
  const signal = opts.signal ? AbortSignal.any([opts.signal, stop.signal]) : stop.signal;
  const ready: Array<{ item: T; ack: () => void }> = [];
  let wake: (() => void) | undefined;
  let finished = false;
  let failure: unknown;
  const task = pool.run<null>(kind, payload, {
    signal,
    group: opts.group,
    pageTimeoutS: opts.pageTimeoutS,
    onEvent: (e, ack) => {
      if (e.type !== type) return ack();
      ready.push({ item: pick(e as Record<string, unknown>), ack });
      wake?.();
    },
  });
  task.then(
    () => { finished = true; wake?.(); },
    (err: unknown) => { failure = err; finished = true; wake?.(); },
  );
  try {
    for (;;) {
      const next = ready.shift();
      if (next) {
        next.ack(); // lets the worker produce the following item while this one is consumed
        yield next.item;
        continue;
      }
      if (failure !== undefined) throw failure;
      if (finished) return;
      await new Promise<void>((resolve) => (wake = resolve));
      wake = undefined;
    }
  } finally {
    if (!finished) stop.abort();
  }
}
