// Large buffers let go of are returned to the OS promptly (DECISIONS §6: the document leaves this
// node's memory as soon as the job no longer needs it; issue 11 item 4).
//
// An upload is one buffer of its own (mmap-sized), unmapped only when V8 collects the object that
// holds it, and an idle main thread allocates too little to start a major GC: after 24 × 60 MB
// uploads (npm run test:resilience) RSS stayed at 1,558 MB two seconds after the last job; with one
// collection a second it was 604 MB. So a release of at least RELEASE_COLLECT_BYTES schedules one
// full collection RELEASE_COLLECT_DELAY_MS later (releases in between share it): one pause of tens
// of milliseconds per burst, not per request.
import { fullCollection } from './convert/full-collection.js';

export const RELEASE_COLLECT_BYTES = 16 * 1024 * 1024;
export const RELEASE_COLLECT_DELAY_MS = 1_000;

let timer: NodeJS.Timeout | undefined;

/** Call after dropping the last reference to `bytes` bytes of buffers. */
export function releasedLargeBuffer(bytes: number): void {
  if (bytes < RELEASE_COLLECT_BYTES || timer) return;
  timer = setTimeout(() => {
    timer = undefined;
    fullCollection();
  }, RELEASE_COLLECT_DELAY_MS);
  timer.unref();
}

/**
 * Once the service has started (store migrated, pool warm): start-up leaves garbage that an idle
 * main thread would keep for good (measured: idle RSS 329-369 MiB → 323 with one collection), and
 * the service is idle now, so the heap is shrunk too (full-collection.ts).
 */
export function releaseStartupMemory(): void {
  fullCollection({ shrink: true });
}
