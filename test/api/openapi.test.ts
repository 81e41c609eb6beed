// Structural validation of GET /v1/openapi.json against the spec's route list and OpenAPI 3.0.3 rules.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ERROR_CODES } from '../../src/errors/catalogue.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';

const SPEC_ROUTES: Array<[string, string]> = [
  ['post', '/v1/convert'],
  ['get', '/v1/jobs/{id}'], ['delete', '/v1/jobs/{id}'], ['get', '/v1/jobs/{id}/events'],
  ['get', '/v1/jobs/{id}/result'], ['get', '/v1/jobs/{id}/markdown'], ['get', '/v1/jobs/{id}/json'],
  ['get', '/v1/keys'], ['post', '/v1/keys'], ['delete', '/v1/keys/{key_id}'], ['post', '/v1/keys/{key_id}/rotate'],
  ['get', '/v1/usage'], ['get', '/v1/version'], ['get', '/v1/health'], ['get', '/v1/openapi.json'],
  ['post', '/v1/admin/accounts'], ['patch', '/v1/admin/accounts/{account_id}'],
];
const PUBLIC = new Set(['/v1/health', '/v1/version', '/v1/openapi.json', '/v1/jobs/{id}/result', '/v1/jobs/{id}/markdown', '/v1/jobs/{id}/json']);
const ALLOWED_KEYWORDS = new Set([
  'title', 'multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum', 'maxLength', 'minLength', 'pattern',
  'maxItems', 'minItems', 'uniqueItems', 'maxProperties', 'minProperties', 'required', 'enum', 'type', 'allOf', 'oneOf', 'anyOf',
  'not', 'items', 'properties', 'additionalProperties', 'description', 'format', 'default', 'nullable', 'discriminator',
  'readOnly', 'writeOnly', 'xml', 'externalDocs', 'example', 'deprecated', '$ref',
]);

function walkSchemas(node: unknown, visit: (schema: Record<string, unknown>, path: string) => void, path = '#') {
  if (!node || typeof node !== 'object') return;
  const o = node as Record<string, unknown>;
  if ('schema' in o && o.schema && typeof o.schema === 'object') checkSchema(o.schema as Record<string, unknown>, visit, `${path}/schema`);
  for (const [k, v] of Object.entries(o)) if (k !== 'schema') walkSchemas(v, visit, `${path}/${k}`);
}
function checkSchema(s: Record<string, unknown>, visit: (schema: Record<string, unknown>, path: string) => void, path: string) {
  visit(s, path);
  const subs = [s.items, s.not, s.additionalProperties, ...((s.allOf ?? []) as unknown[]), ...((s.anyOf ?? []) as unknown[]), ...((s.oneOf ?? []) as unknown[]), ...Object.values((s.properties ?? {}) as object)];
  for (const sub of subs) if (sub && typeof sub === 'object') checkSchema(sub as Record<string, unknown>, visit, path + '/*');
}

describe('GET /v1/openapi.json', () => {
  let t: TestApp;
  let doc: any;
  before(async () => {
    t = await buildTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/v1/openapi.json' });
    assert.equal(res.statusCode, 200);
    doc = res.json();
  });
  after(async () => { await t.close(); });

  it('is OpenAPI 3.0.3 with info.version 0.1.0 and a bearer security scheme', () => {
    assert.equal(doc.openapi, '3.0.3');
    assert.equal(doc.info.version, '0.1.0');
    assert.equal(typeof doc.info.title, 'string');
    assert.deepEqual(doc.components.securitySchemes.bearerAuth, { type: 'http', scheme: 'bearer', description: doc.components.securitySchemes.bearerAuth.description });
    assert.ok(doc.components.schemas.Error);
    assert.deepEqual(doc.components.schemas.Error.required.sort(), ['code', 'request_id', 'type']);
    assert.deepEqual([...doc.components.schemas.Error.properties.code.enum].sort(), [...ERROR_CODES].sort());
  });

  it('declares every spec route, with bearer security except the public ones', () => {
    for (const [method, path] of SPEC_ROUTES) {
      const op = doc.paths[path]?.[method];
      assert.ok(op, `${method.toUpperCase()} ${path} missing`);
      assert.ok(op.responses && Object.keys(op.responses).length > 1, `${path} responses`);
      if (path === '/v1/usage') assert.deepEqual(op.security, [{}, { bearerAuth: [] }]);
      else if (PUBLIC.has(path)) assert.deepEqual(op.security, [], `${path} should be public`);
      else assert.deepEqual(op.security, [{ bearerAuth: [] }], `${path} security`);
    }
    assert.deepEqual(doc.paths['/v1/admin/accounts'].post.tags, ['admin']);
    assert.deepEqual(doc.paths['/v1/admin/accounts/{account_id}'].patch.tags, ['admin']);
    assert.equal(Object.keys(doc.paths).some((p) => p.startsWith('/docs')), false);
    assert.equal(doc.paths['/v1/keys'].post.requestBody.required, false);
    assert.ok(doc.paths['/v1/keys'].post.responses['201'].headers['Idempotency-Replayed']);
    assert.ok(doc.paths['/v1/usage'].get.responses['200'].headers['X-Service-Quota-Pages-Remaining']);
    assert.ok(doc.paths['/v1/convert'].post.responses['200'].headers['RateLimit-Policy']);
    for (const [method, path] of SPEC_ROUTES) {
      for (const [status, r] of Object.entries<any>(doc.paths[path][method].responses)) {
        if (Number(status) < 300) assert.notEqual(r.description, 'Default Response', `${method} ${path} ${status} needs a description`);
      }
    }
  });

  it('every error response references the Error schema', () => {
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      for (const [method, op] of Object.entries<any>(item)) {
        for (const [status, r] of Object.entries<any>(op.responses)) {
          if (Number(status) < 400 || (path === '/v1/health' && status === '503')) continue;
          assert.deepEqual(r.content?.['application/json']?.schema, { $ref: '#/components/schemas/Error' }, `${method} ${path} ${status}`);
          assert.ok(r.headers?.['X-Request-Id'], `${method} ${path} ${status} X-Request-Id`);
          if (status === '429') for (const h of ['Retry-After', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'RateLimit-Policy']) assert.ok(r.headers[h], `${path} 429 ${h}`);
        }
      }
    }
  });

  it('convert: multipart form with the documented fields, Idempotency-Key header, JSON or Markdown 200, AsyncJob 202', () => {
    const op = doc.paths['/v1/convert'].post;
    const form = op.requestBody.content['multipart/form-data'].schema;
    assert.deepEqual(Object.keys(form.properties).sort(), ['delivery', 'file', 'formats', 'lang', 'model', 'on_page_error', 'pages', 'prefer', 'webhook', 'webhook_secret']);
    assert.deepEqual(form.required, ['file']);
    assert.equal(form.properties.file.format, 'binary');
    assert.deepEqual(form.properties.model.enum, ['auto', 'builtin', 'mineru-2.5', 'granite-docling', 'paddleocr-vl']);
    assert.equal(form.properties.model.default, 'mineru-2.5');
    const idem = op.parameters.find((p: any) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key');
    assert.equal(idem.schema.maxLength, 255);
    assert.ok(op.responses['200'].content['application/json'].schema.properties.meta);
    assert.equal(op.responses['200'].content['text/markdown'].schema.type, 'string');
    assert.deepEqual(op.responses['202'].content['application/json'].schema.required.sort(), ['job_id', 'links', 'status']);
    for (const s of ['400', '402', '403', '409', '413', '415', '422', '429', '502']) assert.ok(op.responses[s], `convert ${s}`);
    assert.ok(doc.paths['/v1/jobs/{id}/events'].get.responses['200'].content['text/event-stream']);
    assert.ok(doc.paths['/v1/jobs/{id}/markdown'].get.responses['200'].content['text/markdown']);
    const token = doc.paths['/v1/jobs/{id}/result'].get.parameters.find((p: any) => p.in === 'query' && p.name === 'token');
    assert.equal(token.required, true);
    for (const p of ['/v1/keys', '/v1/keys/{key_id}/rotate']) {
      assert.ok(doc.paths[p].post.parameters.some((x: any) => x.in === 'header' && x.name.toLowerCase() === 'idempotency-key'), p);
    }
  });

  it('uses only OpenAPI 3.0.3 schema keywords: no $id, const, type arrays or type null', () => {
    const text = JSON.stringify(doc);
    assert.ok(!text.includes('"$id"'), '$id leftover');
    assert.ok(!text.includes('"$schema"'));
    walkSchemas(doc, (s, path) => {
      for (const k of Object.keys(s)) assert.ok(ALLOWED_KEYWORDS.has(k) || k.startsWith('x-'), `${path}: keyword ${k}`);
      assert.ok(!Array.isArray(s.type), `${path}: type array`);
      assert.notEqual(s.type, 'null', `${path}: type null`);
      if (typeof s.$ref === 'string') assert.match(s.$ref, /^#\/components\/schemas\/[A-Za-z0-9._-]+$/, path);
      if (s.$ref) {
        const name = (s.$ref as string).split('/').pop()!;
        assert.ok(doc.components.schemas[name], `${path}: dangling ${s.$ref}`);
      }
    });
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      for (const [, op] of Object.entries<any>(item)) {
        for (const p of op.parameters ?? []) if (p.in === 'path') assert.ok(path.includes(`{${p.name}}`), `${path} ${p.name}`);
      }
    }
  });
});
