// The slice of the Store (src/store, docs/architecture.md) the jobs domain uses, declared
// structurally so this domain does not depend on a driver.
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface JobsDb extends Queryable {
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  listen(channel: string, fn: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
}

/** NOTIFY channels (PostgreSQL identifiers). */
export const CHANNELS = {
  /** payload: job id; a new event was appended (or the job was deleted). */
  jobEvents: 'docconv_job_events',
  /** payload: job id; the job was cancelled, its owner must abort. */
  jobCancel: 'docconv_job_cancel',
} as const;
