// What the app adds to Fastify's types: decorations every route plugin can rely on.
import type { Config } from '../config.js';
import type { Idempotency } from '../accounts/idempotency.js';
import type { Metering } from '../accounts/metering.js';
import type { MeterLeases } from '../accounts/meter-lease.js';
import type { Caller, RouteAuth, Scope } from '../accounts/scopes.js';
import type { AccountService } from '../accounts/service.js';
import type { Store } from '../store/types.js';
import type { UploadAdmission } from './upload-admission.js';

export type DepState = 'up' | 'down' | 'warming';
/** A /health probe: sync or async; a throw or a timeout counts as `down`. */
export type HealthProbe = () => DepState | Promise<DepState>;

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    store: Store;
    accounts: AccountService;
    metering: Metering;
    /** Slot + reservation leases: the only way conversions take and settle meters. */
    meters: MeterLeases;
    idempotency: Idempotency;
    /** Node upload capacity: bytes in flight and uploads per account (DECISIONS §9). */
    uploads: UploadAdmission;
    /** Adds a dependency to GET /health (store is built in). Anything but `up` makes the service `degraded`. */
    registerHealthProbe(name: string, probe: HealthProbe): void;
  }
  interface FastifyRequest {
    /** Who is calling (DECISIONS §3); set before the handler runs on every non-public route. */
    caller: Caller;
  }
  interface FastifyContextConfig {
    /** Access policy of the route (see ROUTE_AUTH in src/accounts/scopes.ts). */
    auth?: RouteAuth;
    /** Shorthand for `auth: { mode: 'key', scope }`. */
    scope?: Scope;
  }
}

export {};
