// The central error handling (spec §7, DECISIONS §7): every non-2xx answer is the one envelope,
// with request_id = the X-Request-Id header and doc_url = $DOCCONV_PUBLIC_URL/docs/errors/<code>.
// Internal errors say nothing about their cause; the log has it under the same request id.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CATALOGUE, type ErrorCode } from '../errors/catalogue.js';
import { ServiceError, errorEnvelope } from '../errors/service-error.js';

const STATUS_FALLBACK: Record<number, ErrorCode> = {
  400: 'invalid_request', 401: 'unauthenticated', 403: 'forbidden', 404: 'not_found', 405: 'not_found', 406: 'invalid_request',
  409: 'invalid_state', 410: 'result_consumed', 411: 'invalid_request', 413: 'file_too_large', 414: 'invalid_request',
  415: 'unsupported_media_type', 422: 'invalid_request', 429: 'rate_limited', 431: 'invalid_request',
};

/** Maps any thrown value to a catalogue code and a safe message. */
export function classify(err: unknown): { code: ErrorCode; message?: string; headers: Record<string, string>; internal: boolean } {
  if (err instanceof ServiceError) return { code: err.code, message: err.message, headers: err.headers, internal: false };
  const e = err as FastifyError & { validation?: Array<{ params?: { missingProperty?: string } }>; validationContext?: string };
  if (e && Array.isArray(e.validation)) {
    // spec §4: a result read without its one-time token is `missing_token`, not a generic 400.
    if (e.validationContext === 'querystring' && e.validation.some((v) => v.params?.missingProperty === 'token')) return { code: 'missing_token', headers: {}, internal: false };
    return { code: 'invalid_request', message: `Invalid request: ${e.message}`.slice(0, 300), headers: {}, internal: false };
  }
  const status = typeof e?.statusCode === 'number' ? e.statusCode : 500;
  if (e?.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return { code: 'file_too_large', message: 'The request body is too large.', headers: {}, internal: false };
  if (e?.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return { code: 'unsupported_media_type', message: 'Unsupported Content-Type for this route.', headers: {}, internal: false };
  if (status >= 400 && status < 500) {
    const code = STATUS_FALLBACK[status] ?? 'invalid_request';
    // Fastify's own 4xx messages (JSON syntax, empty body…) carry no document content.
    return { code, message: code === 'invalid_request' && typeof e?.message === 'string' ? `Invalid request: ${e.message}`.slice(0, 300) : undefined, headers: {}, internal: false };
  }
  return { code: 'internal_error', headers: {}, internal: true };
}

export function sendError(request: FastifyRequest, reply: FastifyReply, code: ErrorCode, message: string | undefined, headers: Record<string, string>) {
  const publicUrl = request.server.config.publicUrl;
  reply.code(ERROR_CATALOGUE[code].status).headers(headers).header('content-type', 'application/json; charset=utf-8');
  return reply.send(errorEnvelope(code, request.id, publicUrl, message));
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err, request, reply) => {
    const c = classify(err);
    if (c.internal) request.log.error({ err }, 'internal error');
    else if (ERROR_CATALOGUE[c.code].status >= 500) request.log.warn({ code: c.code }, 'service error');
    return sendError(request, reply, c.code, c.message, c.headers);
  });
  app.setNotFoundHandler((request, reply) => sendError(request, reply, 'not_found', undefined, {}));
}
