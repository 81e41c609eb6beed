// The `docconv` command as a subprocess against a real docconv server (buildApp, PGlite): the
// README walk-through (admin account, convert, watch, result, usage, keys), each class of error with
// its exit code, and retries through a proxy that answers 429 once.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DocconvClient } from '../../src/client/index.js';
import { ERROR_CATALOGUE } from '../../src/errors/catalogue.js';
import { makePdf } from './fixtures.js';
import { ADMIN_TOKEN, runDocconv, startFlakyProxy, startRealServer, type RealServer } from './real-server.js';

let server: RealServer;
let apiKey: string;
let work: string;

before(async () => {
  server = await startRealServer();
  work = mkdtempSync(join(tmpdir(), 'docconv-cli-e2e-'));
  const created = await runDocconv(['admin', 'accounts', 'create', '--tier', 'pro', '--email-verified'], { env: { DOCCONV_BASE_URL: server.url, DOCCONV_ADMIN_TOKEN: ADMIN_TOKEN } });
  assert.equal(created.code, 0, created.stderr);
  apiKey = created.stdout.trim();
  assert.match(apiKey, /^dc_live_[A-Za-z0-9]+_[A-Za-z0-9]+$/);
});

after(async () => {
  await server?.close();
});

const env = (extra: Record<string, string> = {}): Record<string, string> => ({ DOCCONV_BASE_URL: `${server.url}/v1`, DOCCONV_API_KEY: apiKey, ...extra });

test('convert: a one-page PDF into a directory (sync), written paths on stdout', async () => {
  const input = join(work, 'one');
  mkdirSync(input);
  writeFileSync(join(input, 'letter.pdf'), await makePdf(1, 'Letter'));
  const out = join(work, 'out-one');
  const r = await runDocconv(['convert', join(input, 'letter.pdf'), '-o', out, '--formats', 'md,json', '--model', 'builtin'], { env: env() });
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(r.stdout.trim().split('\n'), [join(out, 'letter.md'), join(out, 'letter.json')]);
  assert.equal(r.stderr, ''); // not a terminal, no --progress: quiet
  const md = readFileSync(join(out, 'letter.md'), 'utf8');
  assert.match(md, /Letter 1/);
  assert.match(md, /The \w+ near the \w+ keeps 1 /);
  const json = JSON.parse(readFileSync(join(out, 'letter.json'), 'utf8'));
  assert.equal(json.meta.pages, 1);
  assert.equal(json.markdown, md);
});

test('convert --formats md,blocks: NAME.json pages carry boxes, and the Markdown is their non-furniture blocks joined', async () => {
  const input = join(work, 'blocks');
  mkdirSync(input);
  writeFileSync(join(input, 'memo.pdf'), await makePdf(1, 'Memo'));
  const out = join(work, 'out-blocks');
  const r = await runDocconv(['convert', join(input, 'memo.pdf'), '-o', out, '--formats', 'md,blocks', '--model', 'builtin'], { env: env() });
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(r.stdout.trim().split('\n'), [join(out, 'memo.md'), join(out, 'memo.json')]);
  const json = JSON.parse(readFileSync(join(out, 'memo.json'), 'utf8'));
  const page = json.pages[0];
  assert.ok(page.width > 0 && page.height > 0 && page.blocks.length > 0);
  for (const b of page.blocks) {
    assert.ok(b.bbox[0] >= 0 && b.bbox[0] <= b.bbox[2] && b.bbox[2] <= page.width && b.bbox[1] <= b.bbox[3] && b.bbox[3] <= page.height, JSON.stringify(b));
  }
  const content = page.blocks.filter((b: { type: string }) => b.type !== 'page_header' && b.type !== 'page_footer');
  assert.equal(page.markdown, content.map((b: { markdown: string }) => b.markdown).join('\n\n'));
  assert.equal(readFileSync(join(out, 'memo.md'), 'utf8'), page.markdown);
});

test('convert: a folder, async jobs followed over SSE with --progress, --json report, default output next to inputs', async () => {
  const folder = join(work, 'batch');
  mkdirSync(folder);
  writeFileSync(join(folder, 'a.pdf'), await makePdf(2, 'Alpha'));
  writeFileSync(join(folder, 'b.pdf'), await makePdf(3, 'Beta'));
  writeFileSync(join(folder, 'ignored.txt'), 'not a document');
  const r = await runDocconv(['convert', folder, '--async', '--progress', '--json'], { env: env() });
  assert.equal(r.code, 0, r.stderr);
  const report = JSON.parse(r.stdout) as Array<{ input: string; ok: boolean; outputs: string[]; job_id?: string; pages?: number; mode: string }>;
  assert.deepEqual(report.map((f) => [f.ok, f.mode, f.pages, f.outputs]), [
    [true, 'async', 2, [join(folder, 'a.md')]],
    [true, 'async', 3, [join(folder, 'b.md')]],
  ]);
  assert.ok(report.every((f) => f.job_id));
  assert.match(readFileSync(join(folder, 'b.md'), 'utf8'), /keeps 3 /); // page 3's first line (headings repeat: the parser drops them as running headers)
  // progress: one line per event on a non-terminal with --progress
  assert.match(r.stderr, /a\.pdf: queued/);
  assert.match(r.stderr, /b\.pdf: page 3\/3/);
  assert.match(r.stderr, /a\.pdf: completed/);
  assert.match(r.stderr, /done .*b\.pdf → .*b\.md \(3 pages\)/);
});

test('convert -o -: Markdown on stdout', async () => {
  const file = join(work, 'stdout.pdf');
  writeFileSync(file, await makePdf(1, 'Piped'));
  const r = await runDocconv(['convert', file, '-o', '-'], { env: env() });
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^# Piped 1/);
  assert.equal(existsSync(join(work, 'stdout.md')), false);
});

test('jobs watch, jobs get and jobs result (read once: the second read exits 46 result_consumed)', async () => {
  const client = new DocconvClient({ baseUrl: server.url, apiKey });
  const job = await client.convertAsync({ file: await makePdf(2, 'Watched'), formats: ['md'] });
  const watch = await runDocconv(['jobs', 'watch', job.job_id, '--json'], { env: env() });
  assert.equal(watch.code, 0, watch.stderr);
  const events = watch.stdout.trim().split('\n').map((l) => JSON.parse(l) as { event: string; id: string; data: Record<string, unknown> });
  assert.equal(events[0].event, 'queued');
  assert.deepEqual(events.filter((e) => e.event === 'page').map((e) => e.data.pages_done), [1, 2]);
  const completed = events.at(-1)!;
  assert.equal(completed.event, 'completed');
  const token = completed.data.token as string;

  const status = await runDocconv(['jobs', 'get', job.job_id, '--json'], { env: env() });
  assert.equal(status.code, 0, status.stderr);
  assert.equal(JSON.parse(status.stdout).status, 'completed');

  const first = await runDocconv(['jobs', 'result', job.job_id, '--token', token], { env: env() });
  assert.equal(first.code, 0, first.stderr);
  assert.match(first.stdout, /keeps 2 \w+s beside/);
  const second = await runDocconv(['jobs', 'result', job.job_id, '--token', token], { env: env() });
  assert.equal(second.code, ERROR_CATALOGUE.result_consumed.exitCode, second.stderr);
  assert.match(second.stderr, /result_consumed/);
});

test('convert --detach prints job ids; jobs watch -o reads the result once into a file', async () => {
  const file = join(work, 'detached.pdf');
  writeFileSync(file, await makePdf(3, 'Detached'));
  const submitted = await runDocconv(['convert', file, '--detach'], { env: env() });
  assert.equal(submitted.code, 0, submitted.stderr);
  const jobId = submitted.stdout.trim();
  assert.match(jobId, /^\S+$/);
  const out = join(work, 'detached.md');
  const watch = await runDocconv(['jobs', 'watch', jobId, '-o', out], { env: env() });
  assert.equal(watch.code, 0, watch.stderr);
  assert.match(watch.stdout, /^queued +\S+\n/);
  assert.match(watch.stdout, /page +3\/3\n/);
  assert.match(watch.stdout, /completed +\S+ token=\S+/);
  assert.match(readFileSync(out, 'utf8'), /keeps 3 /);
  const again = await runDocconv(['jobs', 'watch', jobId, '-o', out], { env: env() });
  assert.equal(again.code, ERROR_CATALOGUE.result_consumed.exitCode, again.stderr);
});

test('usage, health, version and keys create/list/rotate/revoke', async () => {
  const usage = await runDocconv(['usage', '--json'], { env: env() });
  assert.equal(usage.code, 0, usage.stderr);
  const meters = JSON.parse(usage.stdout);
  assert.equal(meters.tier, 'pro');
  assert.ok(meters.pages.used > 0);
  const text = await runDocconv(['usage'], { env: env() });
  assert.match(text.stdout, /pages: +\d+ used/);

  const health = await runDocconv(['health'], { env: { DOCCONV_BASE_URL: server.url } });
  assert.equal(health.code, 0, health.stderr);
  assert.match(health.stdout, /^status: ok/);
  const version = await runDocconv(['version', '--json'], { env: { DOCCONV_BASE_URL: server.url } });
  assert.equal(JSON.parse(version.stdout).service, 'docconv');

  const created = await runDocconv(['keys', 'create', '--scope', 'usage:read', '--json'], { env: env() });
  assert.equal(created.code, 0, created.stderr);
  const key = JSON.parse(created.stdout) as { key: string; key_id: string };
  const limited = await runDocconv(['usage', '--json', '--api-key', key.key], { env: env() });
  assert.equal(limited.code, 0, limited.stderr);
  const rotated = await runDocconv(['keys', 'rotate', key.key_id], { env: env() });
  assert.equal(rotated.code, 0, rotated.stderr);
  const newKey = rotated.stdout.trim();
  const old = await runDocconv(['usage', '--api-key', key.key], { env: env() });
  assert.equal(old.code, ERROR_CATALOGUE.invalid_api_key.exitCode);
  const newKeyId = newKey.split('_')[2];
  const revoked = await runDocconv(['keys', 'revoke', newKeyId], { env: env() });
  assert.equal(revoked.code, 0, revoked.stderr);
  const list = await runDocconv(['keys', 'list', '--json'], { env: env() });
  const keys = JSON.parse(list.stdout) as Array<{ key_id: string; revoked_at?: string }>;
  assert.ok(keys.find((k) => k.key_id === key.key_id)?.revoked_at);
  assert.ok(keys.find((k) => k.key_id === newKeyId)?.revoked_at);
  const again = await runDocconv(['keys', 'revoke', newKeyId], { env: env() });
  assert.equal(again.code, ERROR_CATALOGUE.key_not_found.exitCode);
});

test('errors map to their exit codes: 401 invalid key → 26, 404 job → 31, no key → 51, free tier → 11', async () => {
  const invalid = await runDocconv(['jobs', 'get', 'job_x', '--api-key', 'dc_live_nope_nope'], { env: env() });
  assert.equal(invalid.code, 26, invalid.stderr);
  assert.match(invalid.stderr, /invalid_api_key.*HTTP 401/);
  assert.equal(invalid.stdout, '');

  const missing = await runDocconv(['jobs', 'get', 'job_does_not_exist'], { env: env() });
  assert.equal(missing.code, 31, missing.stderr);
  assert.match(missing.stderr, /job_not_found/);

  const anonymous = await runDocconv(['jobs', 'get', 'job_x'], { env: { DOCCONV_BASE_URL: server.url } });
  assert.equal(anonymous.code, ERROR_CATALOGUE.unauthenticated.exitCode, anonymous.stderr);

  const admin = { DOCCONV_BASE_URL: server.url, DOCCONV_ADMIN_TOKEN: ADMIN_TOKEN };
  const free = await runDocconv(['admin', 'accounts', 'create', '--tier', 'free', '--json'], { env: admin });
  assert.equal(free.code, 0, free.stderr);
  const account = JSON.parse(free.stdout) as { account_id: string; key: string };
  const file = join(work, 'free.pdf');
  writeFileSync(file, await makePdf(1));
  const blocked = await runDocconv(['convert', file, '-o', join(work, 'free-out'), '--json', '--api-key', account.key], { env: env() });
  assert.equal(blocked.code, ERROR_CATALOGUE.api_not_available_on_tier.exitCode, blocked.stderr);
  assert.equal(JSON.parse(blocked.stdout)[0].error.code, 'api_not_available_on_tier');

  const upgraded = await runDocconv(['admin', 'accounts', 'update', account.account_id, '--tier', 'starter', '--email-verified', 'false'], { env: admin });
  assert.equal(upgraded.code, 0, upgraded.stderr);
  assert.match(upgraded.stdout, /tier=starter email_verified=false/);
  const unverified = await runDocconv(['convert', file, '-o', join(work, 'free-out'), '--api-key', account.key], { env: env() });
  assert.equal(unverified.code, ERROR_CATALOGUE.signup_required.exitCode, unverified.stderr);

  const badPlan = await runDocconv(['admin', 'accounts', 'update', account.account_id, '--tier', 'platinum'], { env: admin });
  assert.equal(badPlan.code, ERROR_CATALOGUE.invalid_plan.exitCode, badPlan.stderr);
});

test('retries a 429 (Retry-After honoured) with the same Idempotency-Key, then succeeds', async () => {
  const proxy = await startFlakyProxy(server.url, {
    failures: 1,
    match: (req) => req.method === 'POST' && (req.url ?? '').startsWith('/v1/convert'),
    answer: (res) => {
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1', 'x-request-id': 'req_proxy' });
      res.end(JSON.stringify({ type: 'rate_limit_error', code: 'rate_limited', request_id: 'req_proxy', message: 'Too many requests.' }));
    },
  });
  try {
    const file = join(work, 'retry.pdf');
    writeFileSync(file, await makePdf(1, 'Retried'));
    const started = Date.now();
    const r = await runDocconv(['convert', file, '-o', join(work, 'retry-out')], { env: { ...env(), DOCCONV_BASE_URL: proxy.url } });
    assert.equal(r.code, 0, r.stderr);
    assert.ok(Date.now() - started >= 1000, 'waited Retry-After');
    assert.match(r.stderr, /rate_limited \(HTTP 429\); retrying in 1\.\d s \(attempt 2 of \d+\)/);
    const posts = proxy.seen.filter((s) => s.method === 'POST');
    assert.equal(posts.length, 2);
    assert.equal(posts[0].answeredByProxy, true);
    assert.ok(posts[0].headers['idempotency-key']);
    assert.equal(posts[1].headers['idempotency-key'], posts[0].headers['idempotency-key']);
    assert.match(readFileSync(join(work, 'retry-out', 'retry.md'), 'utf8'), /Retried 1/);
  } finally {
    await proxy.close();
  }
});

test('502 conversion_failed is not retried and exits 14', async () => {
  const proxy = await startFlakyProxy(server.url, {
    failures: 5,
    match: (req) => req.method === 'POST',
    answer: (res) => {
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ type: 'conversion_error', code: 'conversion_failed', request_id: 'req_p', message: 'The conversion backend failed.' }));
    },
  });
  try {
    const file = join(work, 'fail.pdf');
    writeFileSync(file, await makePdf(1));
    const r = await runDocconv(['convert', file, '-o', join(work, 'fail-out')], { env: { ...env(), DOCCONV_BASE_URL: proxy.url } });
    assert.equal(r.code, ERROR_CATALOGUE.conversion_failed.exitCode, r.stderr);
    assert.equal(proxy.seen.filter((s) => s.method === 'POST').length, 1);
  } finally {
    await proxy.close();
  }
});
