// src/main.ts as a process: a bad configuration stops start-up with a clear message (exit 1); a
// good one answers /v1/health and shuts down cleanly on SIGTERM.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';

function startMain(env: Record<string, string>) {
  const child = spawn(process.execPath, ['dist/main.js'], { env: { ...process.env, DATABASE_URL: '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => { stderr += d; });
  child.stdout.resume();
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, stderr: () => stderr };
}

const freePort = () => new Promise<number>((resolve) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const a = s.address();
    s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
  });
});

describe('src/main.ts', () => {
  it('exits 1 with a clear message on a bad configuration', async () => {
    const p = startMain({ PORT: 'eighty' });
    assert.equal(await p.exited, 1);
    assert.match(p.stderr(), /configuration error: PORT must be an integer/);
    const q = startMain({ DOCCONV_SECRET: 'short' });
    assert.equal(await q.exited, 1);
    assert.match(q.stderr(), /DOCCONV_SECRET must be at least 32 bytes/);
    const r = startMain({ PORT: '8123', DOCCONV_METRICS_PORT: '8123' });
    assert.equal(await r.exited, 1);
    assert.match(r.stderr(), /DOCCONV_METRICS_PORT must differ from PORT/);
  });

  it('serves /v1/health, Prometheus metrics on their own port only, and exits 0 on SIGTERM', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'docconv-main-'));
    const port = await freePort();
    const metricsPort = await freePort();
    const p = startMain({ PORT: String(port), HOST: '127.0.0.1', DOCCONV_DATA_DIR: dir, DOCCONV_METRICS_PORT: String(metricsPort) });
    try {
      const deadline = Date.now() + 90_000;
      let status = 0;
      while (Date.now() < deadline) {
        try {
          const r = await fetch(`http://127.0.0.1:${port}/v1/health`);
          status = r.status;
          if (status === 200) break;
        } catch { /* not listening yet */ }
        await new Promise((r) => setTimeout(r, 100));
      }
      assert.equal(status, 200);
      // DECISIONS §8: /metrics on DOCCONV_METRICS_PORT (loopback by default), never on the public port.
      const metrics = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      assert.equal(metrics.status, 200);
      assert.match(metrics.headers.get('content-type') ?? '', /^text\/plain/);
      const text = await metrics.text();
      assert.match(text, /docconv_http_requests_total\{route="\/v1\/health",method="GET",status="200"\} \d+/);
      assert.match(text, /docconv_process_cpu_seconds_total/);
      assert.equal((await fetch(`http://127.0.0.1:${port}/metrics`)).status, 404);
      p.child.kill('SIGTERM');
      assert.equal(await p.exited, 0);
    } finally {
      p.child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
