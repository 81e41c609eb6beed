// GET /signup: the page behind the default `unlock_url` (DECISIONS §1: DOCCONV_SIGNUP_URL defaults
// to $DOCCONV_PUBLIC_URL/signup, which answered 404). docconv has no self-service sign-up: it says
// how an account and a key are obtained. An operator with a real sign-up sets DOCCONV_SIGNUP_URL.
import type { FastifyInstance } from 'fastify';
import { ROUTE_AUTH } from '../accounts/scopes.js';

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Get a docconv API key</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem}code{background:#f3f3f3;padding:0 .2em}</style>
</head><body><h1>Get a docconv API key</h1>
<p>This docconv service has no self-service sign-up. Accounts and their first API key are created by
the operator of this service (or its billing system) through the admin API:</p>
<pre><code>curl -X POST /v1/admin/accounts -H "Authorization: Bearer $DOCCONV_ADMIN_TOKEN" \\
  -H 'Content-Type: application/json' -d '{"tier": "starter", "email_verified": true}'</code></pre>
<p>Ask them for a key on a paid tier (starter, pro or power: the free tier has no API access), then
send it as <code>Authorization: Bearer dc_live_…</code>. Try it in the <a href="/">playground</a>;
the <a href="/docs">API reference</a> lists every operation.</p>
</body></html>`;

export async function signupRoutes(app: FastifyInstance): Promise<void> {
  app.get('/signup', { config: { auth: ROUTE_AUTH.public }, schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(PAGE));
}
