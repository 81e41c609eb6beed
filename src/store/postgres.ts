// PostgreSQL store via `pg` (DATABASE_URL): a Pool for queries, one dedicated client for LISTEN,
// re-connected with back-off; after a reconnect `onResync` fires because notifications may be lost.
import pg from 'pg';
import type { Query, ResyncHandler, Store } from './types.js';

export interface PostgresStoreOptions {
  connectionString: string;
  /** Schema to use (created if missing) - tests give each app its own. Channels are prefixed with it. */
  schema?: string;
  poolSize?: number;
  onResync?: ResyncHandler;
  onError?: (err: Error) => void;
}

const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 10_000;

export async function openPostgresStore(opts: PostgresStoreOptions): Promise<Store> {
  const schema = opts.schema;
  if (schema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error(`invalid schema name "${schema}"`);
  const clientConfig: pg.ClientConfig = { connectionString: opts.connectionString };
  if (schema) clientConfig.options = `-c search_path=${schema}`;
  if (schema) {
    const c = new pg.Client({ connectionString: opts.connectionString });
    await c.connect();
    try {
      await c.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    } catch (err) {
      // Two nodes creating it at once: IF NOT EXISTS can still race on the catalogue's unique index.
      if ((err as { code?: string }).code !== '23505' && (err as { code?: string }).code !== '42P06') throw err;
    } finally {
      await c.end();
    }
  }
  const pool = new pg.Pool({ ...clientConfig, max: opts.poolSize ?? 10 });
  const onError = opts.onError ?? (() => {});
  pool.on('error', onError);
  await pool.query('SELECT 1');

  const chan = (c: string) => (schema ? `${schema}__${c}` : c);
  const handlers = new Map<string, Set<(payload: string) => void>>();
  const resync = new Set<ResyncHandler>();
  if (opts.onResync) resync.add(opts.onResync);
  let listener: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;
  let backoff = RECONNECT_MIN_MS;
  let reconnectTimer: NodeJS.Timeout | null = null;

  const ident = (c: string) => `"${chan(c).replace(/"/g, '""')}"`;

  async function connectListener(isReconnect: boolean): Promise<pg.Client> {
    const client = new pg.Client(clientConfig);
    client.on('notification', (msg) => {
      const name = schema ? msg.channel.slice(schema.length + 2) : msg.channel;
      for (const fn of handlers.get(name) ?? []) fn(msg.payload ?? '');
    });
    const lost = (err?: Error) => {
      if (err) onError(err);
      if (listener !== client) return;
      listener = null;
      scheduleReconnect();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    await client.connect();
    for (const c of handlers.keys()) await client.query(`LISTEN ${ident(c)}`);
    listener = client;
    backoff = RECONNECT_MIN_MS;
    if (isReconnect) for (const fn of resync) fn();
    return client;
  }

  function scheduleReconnect() {
    if (closed || reconnectTimer) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      connecting = connectListener(true).catch((err) => {
        onError(err);
        backoff = Math.min(backoff * 2, RECONNECT_MAX_MS);
        scheduleReconnect();
        throw err;
      });
      connecting.catch(() => {}).finally(() => { connecting = null; });
    }, backoff);
    reconnectTimer.unref();
  }

  async function getListener(): Promise<pg.Client | null> {
    if (listener) return listener;
    if (connecting) return connecting.catch(() => null);
    connecting = connectListener(false);
    try { return await connecting; } finally { connecting = null; }
  }

  const query: Query = async <T>(sql: string, params?: unknown[]) => (await pool.query(sql, params)).rows as T[];

  return {
    kind: 'postgres',
    query,
    async tx(fn) {
      const client = await pool.connect();
      // A checked-out client whose connection dies (server restart, pg_terminate_backend) emits
      // 'error'; unheard, that event would crash the process. The query in flight rejects anyway.
      let broken: Error | undefined;
      const onClientError = (err: Error) => { broken = err; onError(err); };
      client.on('error', onClientError);
      try {
        await client.query('BEGIN');
        const result = await fn(async <T>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as T[]);
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch((e: Error) => { broken ??= e; });
        throw err;
      } finally {
        client.off('error', onClientError);
        // A broken client is discarded, not handed to the next caller.
        client.release(broken);
      }
    },
    async listen(channel, fn) {
      let set = handlers.get(channel);
      const fresh = !set;
      if (!set) handlers.set(channel, (set = new Set()));
      set.add(fn);
      const client = await getListener();
      // A fresh connection LISTENs every known channel itself; a repeated LISTEN is a no-op.
      if (fresh && client) await client.query(`LISTEN ${ident(channel)}`).catch(onError);
      return async () => {
        const s = handlers.get(channel);
        if (!s) return;
        s.delete(fn);
        if (s.size === 0) {
          handlers.delete(channel);
          await listener?.query(`UNLISTEN ${ident(channel)}`).catch(() => {});
        }
      };
    },
    async notify(channel, payload) {
      await pool.query('SELECT pg_notify($1, $2)', [chan(channel), payload]);
    },
    onResync(fn) {
      resync.add(fn);
    },
    async close() {
      if (closed) return;
      closed = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      const l = listener;
      listener = null;
      await l?.end().catch(() => {});
      await pool.end();
    },
  };
}
