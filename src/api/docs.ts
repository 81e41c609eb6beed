// GET /docs/errors and /docs/errors/:code: one HTML page per catalogue code (the target of every
// envelope's doc_url). Not part of the OpenAPI document.
import type { FastifyPluginAsync } from 'fastify';
import { ROUTE_AUTH } from '../accounts/scopes.js';
import { ERROR_CATALOGUE, ERROR_CODES, isErrorCode } from '../errors/catalogue.js';
import { ERROR_GUIDANCE } from '../errors/guidance.js';
import { ServiceError } from '../errors/service-error.js';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title>` +
  `<style>body{font:16px/1.5 system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem}code{background:#f3f3f3;padding:0 .2em}td,th{padding:.2em .6em;text-align:left}</style>` +
  `</head><body>${body}</body></html>`;

export const docsRoutes: FastifyPluginAsync = async (app) => {
  const config = { auth: ROUTE_AUTH.public };
  const schema = { hide: true };

  app.get('/docs/errors', { config, schema }, async (_request, reply) => {
    const rows = ERROR_CODES.map((c) => {
      const e = ERROR_CATALOGUE[c];
      const reserved = ERROR_GUIDANCE[c] === 'reserved' ? ' <em>(reserved: not raised by this service)</em>' : '';
      return `<tr><td><a href="errors/${c}"><code>${c}</code></a></td><td>${e.status}</td><td><code>${e.type}</code></td><td>${esc(e.description)}${reserved}</td></tr>`;
    }).join('');
    return reply.type('text/html; charset=utf-8').send(page('docconv error codes',
      `<h1>Error codes</h1><p>Every error response is <code>{type, code, request_id, message, doc_url}</code>; branch on <code>code</code>. The API reference is at <a href="../docs">/docs</a>.</p>` +
      `<table><thead><tr><th>code</th><th>HTTP</th><th>type</th><th>meaning</th></tr></thead><tbody>${rows}</tbody></table>`));
  });

  app.get<{ Params: { code: string } }>('/docs/errors/:code', { config, schema }, async (request, reply) => {
    const code = request.params.code;
    if (!isErrorCode(code)) throw new ServiceError('not_found', 'No such error code.');
    const e = ERROR_CATALOGUE[code];
    const advice = ERROR_GUIDANCE[code];
    const guidance = advice === 'reserved'
      ? '<p><strong>Reserved:</strong> the specification defines this code for flows this service does not run (billing, sign-in); docconv never answers it.</p>'
      : `<h2>Cause</h2><p>${esc(advice.cause)}</p><h2>Remedy</h2><p>${esc(advice.remedy)}</p>`;
    return reply.type('text/html; charset=utf-8').send(page(`docconv error ${code}`,
      `<p><a href="../errors">All error codes</a> · <a href="../../docs">API reference</a></p><h1><code>${code}</code></h1><p>${esc(e.description)}</p>` +
      `<table><tr><th>HTTP status</th><td>${e.status}</td></tr><tr><th>type</th><td><code>${e.type}</code></td></tr><tr><th>CLI exit code</th><td>${e.exitCode}</td></tr></table>` +
      guidance +
      (e.status === 429 ? '<p>Honour <code>Retry-After</code>, back off exponentially and retry with the same <code>Idempotency-Key</code>.</p>' : '')));
  });
};
