// Large buffers let go of are returned to the OS promptly (DECISIONS §6: the document leaves this
// node's memory as soon as the job no longer needs it; issue 11 item 4).
//
// An upload is one buffer of its own (mmap-sized), unmapped only when V8 collects the object that
// holds it, and an idle main thread allocates too little to start a major GC: after 24 × 60 MB
// uploads (npm run test:resilience) RSS stayed at 1,558 MB two seconds after the last job; with one
// collection a second it was 604 MB. So a release of at least RELEASE_COLLECT_BYTES schedules one
// full collection RELEASE_COLLECT_DELAY_MS later (releases in between share it): one pause of tens
// of milliseconds per burst, not per request.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

export const RELEASE_COLLECT_BYTES = 16 * 1024 * 1024;
export const RELEASE_COLLECT_DELAY_MS = 1_000;

let collect: (() => void) | undefined;
let timer: NodeJS.Timeout | undefined;

/** Node exposes V8's collector only behind --expose-gc; set here once, read from a fresh context. */
function collector(): () => void {
  if (!collect) {
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as () => void;
  }
  return collect;
}

/** Call after dropping the last reference to `bytes` bytes of buffers. */
export function releasedLargeBuffer(bytes: number): void {
  if (bytes < RELEASE_COLLECT_BYTES || timer) return;
  timer = setTimeout(() => {
    timer = undefined;
    collector()();
  }, RELEASE_COLLECT_DELAY_MS);
  timer.unref();
}
