import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import { DocconvClient, DocconvError, type JobEvent } from '../../src/client/index.js';
import { sendJson, startStub } from './stub-server.js';

function sse(res: ServerResponse, events: Array<[id: number, type: string, data: unknown]>, end = true): void {
  if (!res.headersSent) res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  res.write(': heartbeat\n\n');
  for (const [id, type, data] of events) res.write(`id: ${id}\nevent: ${type}\ndata: ${JSON.stringify(data)}\n\n`);
  if (end) res.end();
}

const COMPLETED = { job_id: 'job_1', status: 'completed', token: 'tok_1', result_url: 'http://x/v1/jobs/job_1/result?token=tok_1', markdown_url: 'm', json_url: 'j' };
const noSleep = async (): Promise<void> => undefined;

test('resumes a dropped stream with Last-Event-ID and yields every event once, typed', async () => {
  const stub = await startStub((req, res, i) => {
    if (i === 0) return sse(res, [[1, 'queued', { job_id: 'job_1', status: 'queued' }], [2, 'page', { job_id: 'job_1', index: 0, pages_done: 1, pages: 2 }]]);
    sse(res, [[3, 'page', { job_id: 'job_1', index: 1, pages_done: 2, pages: 2 }], [4, 'completed', COMPLETED]], false);
  });
  try {
    const client = new DocconvClient({ baseUrl: stub.url, apiKey: 'K', sleep: noSleep });
    const events: JobEvent[] = [];
    for await (const event of client.jobEvents('job_1')) events.push(event);
    assert.deepEqual(events.map((e) => `${e.id}:${e.type}`), ['1:queued', '2:page', '3:page', '4:completed']);
    const last = events[3];
    assert.equal(last.type === 'completed' && last.data.token, 'tok_1');
    assert.equal(stub.requests.length, 2);
    assert.equal(stub.requests[0].headers['last-event-id'], undefined);
    assert.equal(stub.requests[1].headers['last-event-id'], '2');
    assert.equal(stub.requests[1].headers.accept, 'text/event-stream');
    assert.equal(stub.requests[1].headers.authorization, 'Bearer K');
  } finally {
    await stub.close();
  }
});

test('an idle stream (no heartbeat) is resumed; a caller-given lastEventId is sent first', async () => {
  const stub = await startStub((req, res, i) => {
    if (i === 0) return sse(res, [[6, 'page', { job_id: 'job_1', index: 5, pages_done: 6, pages: 7 }]], false); // then silence
    sse(res, [[7, 'completed', COMPLETED]]);
  });
  try {
    const client = new DocconvClient({ baseUrl: stub.url, apiKey: 'K', sleep: noSleep });
    const events: JobEvent[] = [];
    for await (const event of client.jobEvents('job_1', { lastEventId: '5', idleTimeoutMs: 150 })) events.push(event);
    assert.deepEqual(events.map((e) => e.id), ['6', '7']);
    assert.deepEqual(stub.requests.map((r) => r.headers['last-event-id']), ['5', '6']);
  } finally {
    await stub.close();
  }
});

test('waitForResult follows the stream then reads the result once with the token', async () => {
  const stub = await startStub((req, res) => {
    if (req.url.includes('/events')) return sse(res, [[1, 'queued', { job_id: 'job_1', status: 'queued' }], [2, 'completed', COMPLETED]]);
    if (req.url === '/v1/jobs/job_1/json?token=tok_1') return sendJson(res, 200, { markdown: '# A', pages: [], meta: { pages: 1, sha256: '', timing_ms: 1, backend: 'builtin' } });
    if (req.url === '/v1/jobs/job_1/markdown?token=tok_1') { res.writeHead(200, { 'content-type': 'text/markdown' }); return res.end('# B'); }
    sendJson(res, 404, { code: 'not_found', type: 'not_found', request_id: 'r' });
  });
  try {
    const client = new DocconvClient({ baseUrl: stub.url, apiKey: 'K', sleep: noSleep });
    const seen: string[] = [];
    const out = await client.waitForResult('job_1', { onEvent: (e) => seen.push(e.type) });
    assert.equal(out.markdown, '# A');
    assert.equal(out.result?.meta.backend, 'builtin');
    assert.deepEqual(seen, ['queued', 'completed']);
    const md = await client.waitForResult('job_1', { formats: ['md'] });
    assert.equal(md.markdown, '# B');
    assert.equal(md.result, undefined);
  } finally {
    await stub.close();
  }
});

test('an in-stream error event (job_not_found) becomes a DocconvError with the catalogue status', async () => {
  const stub = await startStub((req, res) => sse(res, [[1, 'error', { job_id: 'nope', code: 'job_not_found', message: 'No such job' }]]));
  try {
    const client = new DocconvClient({ baseUrl: stub.url, apiKey: 'K', sleep: noSleep });
    await assert.rejects(client.waitForResult('nope'), (e: unknown) => e instanceof DocconvError && e.code === 'job_not_found' && e.status === 404 && e.exitCode === 31);
  } finally {
    await stub.close();
  }
});

test('gives up after bounded reconnects when the stream keeps closing without progress', async () => {
  const stub = await startStub((req, res) => sse(res, []));
  try {
    const client = new DocconvClient({ baseUrl: stub.url, apiKey: 'K', sleep: noSleep });
    await assert.rejects(async () => { for await (const _ of client.jobEvents('j', { maxReconnects: 2 })) void _; }, /ended 3 times/);
    assert.equal(stub.requests.length, 3);
  } finally {
    await stub.close();
  }
});
