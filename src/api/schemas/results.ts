// Spec §4 read-once result routes: GET /jobs/{id}/result, /markdown, /json (one-time token, no key).
import { Type } from '@sinclair/typebox';
import { NO_AUTH, described, errorResponses } from './common.js';
import { ConvertResult } from './convert.js';
import { JobIdParams } from './jobs.js';

/** `token` is required; a missing one is answered 400 missing_token (mapped by the error handler). */
export const ResultQuery = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 512, description: 'The one-time download token from the `completed` event.' }) },
  { additionalProperties: true },
);

const RESULT_ERRORS = errorResponses('missing_token', 'invalid_request', 'forbidden', 'api_not_available_on_tier', 'job_not_found', 'result_consumed', 'rate_limited');

export const resultSchema = {
  summary: 'Read the result once (JSON or Markdown by Accept / formats)',
  tags: ['results'],
  security: NO_AUTH,
  params: JobIdParams,
  querystring: ResultQuery,
  response: {
    200: {
      description: 'ConvertResult JSON or Markdown; the result is purged after this read.',
      content: { 'application/json': { schema: ConvertResult }, 'text/markdown': { schema: Type.String() } },
    },
    ...RESULT_ERRORS,
  },
};

export const markdownResultSchema = {
  summary: 'Read the result once as Markdown',
  tags: ['results'],
  security: NO_AUTH,
  params: JobIdParams,
  querystring: ResultQuery,
  response: { 200: { description: 'The whole Markdown; purged after this read.', content: { 'text/markdown': { schema: Type.String() } } }, ...RESULT_ERRORS },
};

export const jsonResultSchema = {
  summary: 'Read the result once as ConvertResult JSON',
  tags: ['results'],
  security: NO_AUTH,
  params: JobIdParams,
  querystring: ResultQuery,
  response: { 200: described(ConvertResult, 'The result as ConvertResult JSON; purged after this read.'), ...RESULT_ERRORS },
};
