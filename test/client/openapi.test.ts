import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { DocconvClient, OPERATIONS } from '../../src/client/index.js';
import type { OperationSpec } from '../../src/client/operations.js';
import { startRealServer, type RealServer } from '../cli/real-server.js';

let server: RealServer;
before(async () => {
  server = await startRealServer();
});
after(async () => {
  await server?.close();
});

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
/** `{id}` and `{job_id}` are the same path shape: compare templates with parameters blanked. */
const shape = (method: string, path: string): string => `${method.toUpperCase()} ${path.replace(/\{[^}]+\}/g, '{}')}`;

test("the client's operations are exactly the operations of the server's /openapi.json", async () => {
  const client = new DocconvClient({ baseUrl: `${server.url}/v1` });
  const doc = (await client.openapi()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
  assert.equal(doc.openapi, '3.0.3');
  const served = Object.entries(doc.paths)
    .flatMap(([path, item]) => Object.keys(item).filter((m) => METHODS.includes(m)).map((m) => shape(m, path)))
    .sort();
  const ours = Object.values(OPERATIONS).map((op) => shape(op.method, `/v1${op.path}`)).sort();
  assert.deepEqual(ours, served);
});

test('operation auth and Idempotency-Key support agree with the document', async () => {
  const client = new DocconvClient({ baseUrl: server.url });
  const doc = (await client.openapi()) as { paths: Record<string, Record<string, { security?: unknown[]; parameters?: Array<{ in: string; name: string }> }>> };
  for (const [name, op] of Object.entries(OPERATIONS) as Array<[string, OperationSpec]>) {
    const entry = doc.paths[`/v1${op.path}`]?.[op.method.toLowerCase()];
    assert.ok(entry, `${name}: ${op.method} ${op.path} not in the document`);
    const takesKey = (entry.parameters ?? []).some((p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key');
    assert.equal(takesKey, op.idempotent === true, `${name}: Idempotency-Key`);
    const security = entry.security ?? [];
    const isPublic = security.length === 0 || security.every((s) => Object.keys(s as object).length === 0);
    assert.equal(isPublic, op.auth === 'none', `${name}: public`);
  }
});
