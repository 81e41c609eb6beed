// 413 file_too_large is answered while the upload streams: the server stops at the plan's maximum
// and never waits for (or holds) the rest of the body.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { TIERS } from '../../src/config.js';
import { STORE_KINDS, startService } from '../jobs/harness.js';

test('an over-limit upload gets 413 while the client is still sending', async (t) => {
  const h = await startService(t, STORE_KINDS[0]);
  const { key } = await h.account('starter');
  const max = TIERS.starter.maxFileBytes;
  const total = max * 3; // the client would send 300 MB; it must not have to
  const boundary = 'docconvboundary42';
  const url = new URL(`${h.base}/v1/convert`);
  const chunk = Buffer.alloc(1 << 20, 0x20);
  chunk.write('%PDF-1.7\n', 0);

  const outcome = await new Promise<{ status: number; body: string; sent: number; rssGrowth: number }>((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const req = http.request({ hostname: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'transfer-encoding': 'chunked' } });
    req.on('response', (res) => {
      answered = true;
      const parts: Buffer[] = [];
      res.on('data', (d) => parts.push(d));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts).toString(), sent, rssGrowth: rssPeak - rssBefore });
        req.destroy();
      });
    });
    req.on('error', (err) => { if (!answered) reject(err); });
    req.write(`--${boundary}\r\ncontent-disposition: form-data; name="model"\r\n\r\nauto\r\n--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="big.pdf"\r\ncontent-type: application/pdf\r\n\r\n`);
    const pump = () => {
      while (!answered && sent < total) {
        sent += chunk.length;
        rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
        if (!req.write(chunk)) { req.once('drain', pump); return; }
      }
      if (!answered) req.end(`\r\n--${boundary}--\r\n`);
    };
    pump();
  });
  assert.equal(outcome.status, 413);
  assert.equal(JSON.parse(outcome.body).code, 'file_too_large');
  assert.ok(outcome.sent < total, `the answer came before the body ended (${outcome.sent} of ${total} bytes sent)`);
  assert.ok(outcome.sent >= max, 'the limit is the plan maximum');
  // Only the accepted prefix (≤ the plan maximum) was ever held, not the whole body.
  assert.ok(outcome.rssGrowth < max * 2, `rss grew by ${outcome.rssGrowth}`);
  assert.equal(h.ctl.calls, 0);
});
