// Read-once results (spec §4, DECISIONS §5): GET /v1/jobs/{id}/result | /markdown | /json?token=…
// No bearer key: the one-time token authorises; the job owner's tier at read time must have API
// access. A wrong token consumes nothing (403); a read or expired result is 410.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TIERS } from '../config.js';
import { ROUTE_AUTH } from '../accounts/scopes.js';
import { ServiceError } from '../errors/service-error.js';
import { tokensEqual } from '../jobs/crypto.js';
import type { StoredResult } from '../jobs/result-store.js';
import { buildConvertResult } from './convert.js';
import { documentMarkdown } from '../models/page-detail.js';
import { jsonResultSchema, markdownResultSchema, resultSchema } from './schemas/results.js';
import './jobs-runtime.js';

interface Req { Params: { id: string }; Querystring: { token: string } }
type Shape = 'markdown' | 'json';

/** q-value the Accept header gives a media type (most specific match wins); absent header → 1. */
function acceptQ(accept: string | undefined, type: string): number {
  if (!accept) return 1;
  const [major] = type.split('/');
  let best = -1;
  let q = 0;
  for (const entry of accept.split(',')) {
    const [range, ...params] = entry.trim().toLowerCase().split(';').map((s) => s.trim());
    const specificity = range === type ? 2 : range === `${major}/*` ? 1 : range === '*/*' ? 0 : -1;
    if (specificity < 0 || specificity < best) continue;
    const qp = params.find((p) => p.startsWith('q='));
    best = specificity;
    q = qp ? Number(qp.slice(2)) || 0 : 1;
  }
  return q;
}

/** DECISIONS §4: /result follows Accept, else `md` alone → Markdown, else JSON. */
export function negotiateResult(accept: string | undefined, formats: string): Shape {
  const md = acceptQ(accept, 'text/markdown');
  const json = acceptQ(accept, 'application/json');
  if (md > json) return 'markdown';
  if (json > md) return 'json';
  return formats === 'md' ? 'markdown' : 'json';
}

export async function resultRoutes(app: FastifyInstance): Promise<void> {
  const read = (shape: Shape | 'negotiate') => async (request: FastifyRequest<Req>, reply: FastifyReply) => {
    const { id } = request.params;
    const token = request.query.token;
    if (!token) throw new ServiceError('missing_token');
    const job = await app.jobService.jobs.get(id);
    if (!job) throw new ServiceError('job_not_found');
    const account = await app.accounts.account(job.accountId);
    if (!account || !TIERS[account.tier].apiAccess) throw new ServiceError('api_not_available_on_tier');
    if (!tokensEqual(token, app.jobService.tokenFor(job))) throw new ServiceError('forbidden', 'The token does not match this job.');
    const claim = await app.jobService.results.claimOnce(id, token);
    if (claim.kind === 'gone') throw new ServiceError('result_consumed');
    const result: StoredResult = claim.result;
    const as = shape === 'negotiate' ? negotiateResult(request.headers.accept, result.formats) : shape;
    reply.header('cache-control', 'no-store');
    request.log.info({ job_id: id, account: job.accountId }, 'result read');
    if (as === 'markdown') return reply.code(200).type('text/markdown; charset=utf-8').send(documentMarkdown(result.pages, result));
    return reply.code(200).type('application/json; charset=utf-8').send(buildConvertResult(result.pages, result.meta, { indexes: result.indexes, failed: result.failed, layout: result.layout, markdown: result.markdown }));
  };
  const config = { auth: ROUTE_AUTH.token };
  // No implicit HEAD: it would run the read and purge the result without delivering it (spec §3:
  // only a successful read consumes). HEAD is then an unsupported method, 404 not_found.
  const exposeHeadRoute = false;
  app.get<Req>('/jobs/:id/result', { schema: resultSchema, config, exposeHeadRoute }, read('negotiate'));
  app.get<Req>('/jobs/:id/markdown', { schema: markdownResultSchema, config, exposeHeadRoute }, read('markdown'));
  app.get<Req>('/jobs/:id/json', { schema: jsonResultSchema, config, exposeHeadRoute }, read('json'));
}
