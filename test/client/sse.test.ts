import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SseParser } from '../../src/client/index.js';

test('parses events with id, event and JSON data; ignores comments (heartbeats)', () => {
  const parser = new SseParser();
  const events = parser.push(': heartbeat\n\nid: 1\nevent: queued\ndata: {"job_id":"j","status":"queued"}\n\n');
  assert.deepEqual(events, [{ event: 'queued', data: '{"job_id":"j","status":"queued"}', id: '1', retry: undefined }]);
});

test('handles chunks split anywhere, CRLF and CR line ends, multi-line data', () => {
  const text = 'id: 7\r\nevent: page\r\ndata: a\r\ndata: b\r\n\r\nevent: x\rdata: c\r\r\n';
  for (let split = 0; split <= text.length; split++) {
    const parser = new SseParser();
    const events = [...parser.push(text.slice(0, split)), ...parser.push(text.slice(split))];
    assert.deepEqual(events.map((e) => [e.event, e.data, e.id]), [['page', 'a\nb', '7'], ['x', 'c', '7']], `split at ${split}`);
  }
});

test('the last event id persists across events; retry is read; no-data blocks and unknown fields are ignored', () => {
  const parser = new SseParser();
  const events = parser.push('id: 3\n\nretry: 2500\nfoo: bar\ndata\n\ndata: x\n\n');
  assert.deepEqual(events, [
    { event: 'message', data: '', id: '3', retry: 2500 },
    { event: 'message', data: 'x', id: '3', retry: undefined },
  ]);
  assert.equal(parser.lastEventId, '3');
});

test('an incomplete trailing event is discarded at end of stream', () => {
  const parser = new SseParser();
  assert.deepEqual(parser.push('event: page\ndata: {}\n'), []);
  parser.end();
  assert.deepEqual(parser.push('\n'), []);
});
