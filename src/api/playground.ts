// GET / and /playground/<file>: the web playground (DECISIONS §8), static files built by
// scripts/build-playground.mjs into dist/playground (at `npm ci`, through the build). Only the
// files of that folder are served, by exact name, read once; outside /v1 and public. The page
// talks to this origin only.
import { readFileSync, readdirSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ROUTE_AUTH } from '../accounts/scopes.js';
import { ServiceError } from '../errors/service-error.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

/** The built playground: package root/dist/playground, wherever this module runs from (src or dist). */
export const PLAYGROUND_DIR = join(import.meta.dirname, '..', '..', 'dist', 'playground');

/** Same-origin only: the page may load its own scripts, pdf.js's worker and blob: images, and fetch this service. */
const CSP = "default-src 'self'; img-src 'self' blob: data:; worker-src 'self' blob:; style-src 'self' 'unsafe-inline'; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

function loadFiles(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return files; // not built: / answers 404 not_found, the API is unaffected
  }
  for (const name of names) if (TYPES[extname(name)]) files.set(name, readFileSync(join(dir, name)));
  return files;
}

export function playgroundRoutes(dir: string = PLAYGROUND_DIR) {
  return async (app: FastifyInstance): Promise<void> => {
    const files = loadFiles(dir);
    const config = { auth: ROUTE_AUTH.public };
    const schema = { hide: true };
    const send = (name: string, reply: import('fastify').FastifyReply) => {
      const body = files.get(name);
      if (!body) throw new ServiceError('not_found', 'No such file.');
      return reply.type(TYPES[extname(name)]!).header('content-security-policy', CSP).header('x-content-type-options', 'nosniff').send(body);
    };
    app.get('/', { config, schema }, async (_request, reply) => send('index.html', reply));
    app.get<{ Params: { file: string } }>('/playground/:file', { config, schema }, async (request, reply) => send(request.params.file, reply));
  };
}
