// The slice of the Store (src/store) the jobs domain uses.
import type { Query, Store } from '../store/types.js';

export type { Query };
export type JobsDb = Pick<Store, 'query' | 'tx' | 'listen' | 'notify' | 'onResync'>;

/** NOTIFY channels (PostgreSQL identifiers). */
export const CHANNELS = {
  /** payload: job id, then `@` and the sending hub's id (events.ts); a new event was appended (or the job was deleted). */
  jobEvents: 'docconv_job_events',
  /** payload: job id; the job was cancelled, its owner must abort. */
  jobCancel: 'docconv_job_cancel',
} as const;
