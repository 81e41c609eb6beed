// A `text/event-stream` parser (WHATWG HTML §9.2 "event stream interpretation"), incremental and
// pure: feed it decoded text chunks, it returns the complete events. No EventSource dependency, so
// it runs over fetch with our own headers (Authorization, Last-Event-ID).

export interface RawSseEvent {
  /** `event:` field; "message" when absent. */
  event: string;
  /** `data:` lines joined with "\n". */
  data: string;
  /** The last `id:` seen so far in the stream (the stream's "last event ID"), if any. */
  id: string | undefined;
  /** `retry:` reconnection time in ms, when this event set one. */
  retry: number | undefined;
}

export class SseParser {
  private buffer = '';
  private eventType = '';
  private data: string[] = [];
  private hasData = false;
  private retry: number | undefined;
  /** The last event ID, which persists across events (and is what a reconnect sends). */
  lastEventId: string | undefined;

  /** Feeds a chunk of decoded text; returns the events it completed. */
  push(chunk: string): RawSseEvent[] {
    this.buffer += chunk;
    const events: RawSseEvent[] = [];
    for (;;) {
      const nl = this.buffer.search(/\r\n|\r|\n/);
      if (nl < 0) break;
      // A lone "\r" at the very end may be the first half of "\r\n": wait for more input.
      if (this.buffer[nl] === '\r' && nl === this.buffer.length - 1) break;
      const eolLength = this.buffer.startsWith('\r\n', nl) ? 2 : 1;
      const line = this.buffer.slice(0, nl);
      this.buffer = this.buffer.slice(nl + eolLength);
      const event = this.line(line);
      if (event) events.push(event);
    }
    return events;
  }

  /** End of stream: an incomplete trailing event is discarded, as the standard requires. */
  end(): void {
    this.buffer = '';
    this.reset();
  }

  private line(line: string): RawSseEvent | undefined {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) return undefined; // comment (heartbeat)
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'event':
        this.eventType = value;
        break;
      case 'data':
        this.data.push(value);
        this.hasData = true;
        break;
      case 'id':
        if (!value.includes('\0')) this.lastEventId = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) this.retry = Number(value);
        break;
      default:
        break; // unknown fields are ignored
    }
    return undefined;
  }

  private dispatch(): RawSseEvent | undefined {
    if (!this.hasData) {
      this.reset();
      return undefined;
    }
    const event: RawSseEvent = { event: this.eventType || 'message', data: this.data.join('\n'), id: this.lastEventId, retry: this.retry };
    this.reset();
    return event;
  }

  private reset(): void {
    this.eventType = '';
    this.data = [];
    this.hasData = false;
    this.retry = undefined;
  }
}
