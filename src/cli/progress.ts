// Progress of `docconv convert` on stderr. On a terminal: one bar redrawn in place (pages done over
// pages known, files done over files), with a line per finished file above it. With --progress on a
// pipe: one plain line per event (for logs). Otherwise silent: data goes to stdout, errors to stderr.
import type { JobEvent } from '../client/index.js';

export type ProgressMode = 'bar' | 'lines' | 'off';

interface FileState {
  label: string;
  phase: string;
  pagesDone: number;
  pages: number | undefined;
  finished: boolean;
}

const BAR_WIDTH = 24;
const REDRAW_MS = 100;

export class ConvertProgress {
  private readonly files: FileState[];
  private lastDraw = 0;
  private drawn = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly stream: NodeJS.WritableStream & { columns?: number },
    private readonly mode: ProgressMode,
    labels: string[],
  ) {
    this.files = labels.map((label) => ({ label, phase: 'waiting', pagesDone: 0, pages: undefined, finished: false }));
  }

  phase(index: number, phase: string): void {
    this.files[index].phase = phase;
    this.line(index, phase);
    this.schedule();
  }

  event(index: number, event: JobEvent): void {
    const file = this.files[index];
    switch (event.type) {
      case 'queued':
        file.phase = 'queued';
        this.line(index, `queued (job ${event.data.job_id})`);
        break;
      case 'warming':
        file.phase = 'warming';
        this.line(index, `warming${event.data.backend ? ` (${event.data.backend})` : ''}`);
        break;
      case 'page':
        file.phase = 'processing';
        file.pagesDone = event.data.pages_done;
        file.pages = event.data.pages;
        this.line(index, `page ${event.data.pages_done}/${event.data.pages}`);
        break;
      case 'completed':
        file.phase = 'fetching result';
        this.line(index, 'completed');
        break;
      case 'error':
        file.phase = 'failed';
        break;
    }
    this.schedule();
  }

  /** A file is finished: its summary line is printed (bar mode: above the bar). */
  done(index: number, summary: string, pages?: number): void {
    const file = this.files[index];
    file.finished = true;
    if (pages !== undefined) {
      file.pages = pages;
      file.pagesDone = pages;
    }
    if (this.mode === 'off') return;
    if (this.mode === 'bar') this.clear();
    this.stream.write(`${summary}\n`);
    if (this.mode === 'bar') this.draw();
  }

  /** A message line on the progress stream (bar mode: above the bar). */
  message(text: string): void {
    if (this.mode === 'bar') this.clear();
    this.stream.write(`${text}\n`);
    if (this.mode === 'bar' && this.timer === undefined) this.draw();
  }

  /** Removes the bar for good (before the final output and error lines). */
  finish(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.mode === 'bar') this.clear();
  }

  private line(index: number, text: string): void {
    if (this.mode === 'lines') this.stream.write(`${this.files[index].label}: ${text}\n`);
  }

  private schedule(): void {
    if (this.mode !== 'bar') return;
    const wait = this.lastDraw + REDRAW_MS - Date.now();
    if (wait <= 0) this.draw();
    else this.timer ??= setTimeout(() => {
      this.timer = undefined;
      this.draw();
    }, wait);
  }

  private draw(): void {
    this.lastDraw = Date.now();
    const text = renderBar(this.files, this.stream.columns || 80);
    this.stream.write(`\r\x1b[2K${text}`);
    this.drawn = true;
  }

  private clear(): void {
    if (this.drawn) this.stream.write('\r\x1b[2K');
    this.drawn = false;
  }
}

/** Until its result is in, a file is at most this far along (its last page is not the end of it). */
const UNFINISHED_CAP = 0.99;

/**
 * How far along the batch is, 0..1. Each file weighs the same and counts its own pages done over
 * its pages (0 while its size is unknown, 1 once finished), so the figure never goes back when a
 * job's size becomes known, and it reaches 1 only when every file is finished.
 */
export function batchFraction(files: ReadonlyArray<Pick<FileState, 'pagesDone' | 'pages' | 'finished'>>): number {
  if (files.length === 0) return 0;
  if (files.every((f) => f.finished)) return 1;
  const sum = files.reduce((n, f) => n + (f.finished ? 1 : f.pages ? Math.min(UNFINISHED_CAP, f.pagesDone / f.pages) : 0), 0);
  return Math.min(UNFINISHED_CAP, sum / files.length);
}

/** The one-line bar; pure, for tests. */
export function renderBar(files: ReadonlyArray<Pick<FileState, 'label' | 'phase' | 'pagesDone' | 'pages' | 'finished'>>, columns: number): string {
  const filesDone = files.filter((f) => f.finished).length;
  const known = files.filter((f) => f.pages !== undefined);
  const pages = known.reduce((n, f) => n + (f.pages ?? 0), 0);
  const pagesDone = known.reduce((n, f) => n + f.pagesDone, 0);
  const ratio = batchFraction(files);
  const filled = Math.floor(ratio * BAR_WIDTH);
  // Rounded down: 351 of 352 pages is 99 %, never 100 % before the end.
  const bar = `[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ${String(Math.floor(ratio * 100)).padStart(3)}%`;
  const counts = `${pages > 0 ? `${pagesDone}/${pages} pages, ` : ''}${filesDone}/${files.length} files`;
  const active = files.find((f) => !f.finished && f.phase !== 'waiting');
  const activity = active ? ` ${active.label}: ${active.phase}${active.pages !== undefined && active.phase === 'processing' ? ` ${active.pagesDone}/${active.pages}` : ''}` : '';
  const line = `${bar} ${counts}${activity}`;
  return line.length > columns - 1 ? `${line.slice(0, Math.max(10, columns - 2))}…` : line;
}
