// The store seam (docs/architecture.md): one PostgreSQL dialect behind two drivers, PGlite
// (embedded, default) and `pg` (DATABASE_URL). Everything that must survive a restart goes here.

/** Runs one SQL statement with positional parameters ($1, $2…) and returns its rows. */
export type Query = <T = Record<string, unknown>>(sql: string, params?: unknown[]) => Promise<T[]>;

export interface Store {
  /** `embedded` (PGlite, one process) or `postgres` (possibly shared by several nodes). */
  readonly kind: 'pglite' | 'postgres';
  query: Query;
  /** Runs `fn` in one transaction; a throw rolls it back. */
  tx<T>(fn: (q: Query) => Promise<T>): Promise<T>;
  /** Subscribes to a channel; resolves to an unsubscribe function. PGlite: in-process only. */
  listen(channel: string, fn: (payload: string) => void): Promise<() => Promise<void>>;
  /** Publishes on a channel (PostgreSQL NOTIFY; PGlite in-process). */
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL only: called after the notification link was lost and re-established (messages may be missed). */
  onResync?(fn: ResyncHandler): void;
}

/** Called by a driver when its notification link was lost and re-established: missed messages are possible. */
export type ResyncHandler = () => void;
