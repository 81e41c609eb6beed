// One full V8 collection in this thread, now. Node exposes V8's collector only behind --expose-gc;
// the flag is set once (process-wide) and the function read from a fresh context.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

type Gc = (opts?: { type: 'major'; execution: 'sync'; flavor: 'regular' | 'last-resort' }) => void;
let collect: Gc | undefined;

/**
 * `shrink`: V8's last-resort collection (major collections repeated until nothing more is freed,
 * then the heap's free pages released), which V8's own memory reducer runs ~8 s into an idle period.
 * For a thread that is idle now (issue 11 item 4): measured on the service, pool warm, nothing
 * converted, RSS sampled each second: 263 MiB for 8 s then 231 with a regular collection at
 * start-up, 225 from the first second with this one. Longer than a regular collection (several
 * passes), so not for a thread that is serving.
 */
export function fullCollection(opts: { shrink?: boolean } = {}): void {
  if (!collect) {
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as Gc;
  }
  collect({ type: 'major', execution: 'sync', flavor: opts.shrink ? 'last-resort' : 'regular' });
}
