// Paces a stream of store writes (a running job's `page` events): a write may start once
// `intervalMs` has passed since the previous one ended; the first is due at once. `flush()` makes
// the pending wait end now (the conversion is over: its last pages must not wait).

export class WritePacer {
  private lastEnd = -Infinity;
  private flushed = false;
  private wake: (() => void) | null = null;

  constructor(private readonly intervalMs: number) {}

  /** Resolves when the next write may start (at most `intervalMs` from now). */
  async due(): Promise<void> {
    const wait = this.lastEnd + this.intervalMs - Date.now();
    if (wait <= 0 || this.flushed) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, wait);
      function done(): void {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
    this.wake = null;
  }

  /** A write ended. */
  wrote(): void {
    this.lastEnd = Date.now();
  }

  /** No more pacing: a pending wait ends now and later writes are due at once. */
  flush(): void {
    this.flushed = true;
    this.wake?.();
  }
}
