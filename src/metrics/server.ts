// The metrics listener (DECISIONS §8): Prometheus text at GET /metrics on its own port
// (DOCCONV_METRICS_PORT, bound to DOCCONV_METRICS_HOST), never on the public port. src/main.ts
// listens on it; nothing else is served here.
import http from 'node:http';
import type { Registry } from 'prom-client';

/** A scraper is a trusted neighbour, but still bounded: no socket held open by a slow client. */
export const METRICS_REQUEST_TIMEOUT_MS = 10_000;
export const METRICS_HEADERS_TIMEOUT_MS = 5_000;

export function createMetricsServer(registry: Registry): http.Server {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
      return;
    }
    registry.metrics().then(
      (text) => {
        res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      () => res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('metrics unavailable\n'),
    );
  });
  server.requestTimeout = METRICS_REQUEST_TIMEOUT_MS;
  server.headersTimeout = METRICS_HEADERS_TIMEOUT_MS;
  return server;
}
