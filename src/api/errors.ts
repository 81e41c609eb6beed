// The central error handling (spec §7, DECISIONS §7): every non-2xx answer is the one envelope,
// with request_id = the X-Request-Id header and doc_url = $DOCCONV_PUBLIC_URL/docs/errors/<code>.
// Internal errors say nothing about their cause; the log has it under the same request id.
import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
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
  const e = err as FastifyError & { validation?: Array<{ params?: { missingProperty?: string }; instancePath?: string; keyword?: string }>; validationContext?: string };
  if (e && Array.isArray(e.validation)) {
    // spec §4: a result read without its one-time token (absent, or `?token=` with no value) is
    // `missing_token`, not a generic 400.
    const tokenAbsent = (v: { params?: { missingProperty?: string }; instancePath?: string; keyword?: string }) =>
      v.params?.missingProperty === 'token' || (v.instancePath === '/token' && v.keyword === 'minLength');
    if (e.validationContext === 'querystring' && e.validation.some(tokenAbsent)) return { code: 'missing_token', headers: {}, internal: false };
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

/** A fresh request id, the same shape as the app's `genReqId`. */
export function newRequestId(): string {
  return `req_${randomUUID().replace(/-/g, '')}`;
}

/**
 * Fastify `frameworkErrors`: what the router refuses before any route or hook runs (a path
 * parameter over the router's length limit, a URL that does not decode). Still the §7 envelope:
 * a parameter too long to be any id of ours names nothing (404 not_found); an undecodable URL is
 * 400 invalid_request.
 */
export function frameworkErrorHandler(publicUrl: string) {
  return (err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const code: ErrorCode = err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'not_found' : 'invalid_request';
    const message = code === 'not_found' ? undefined : 'The request URL is malformed.';
    reply.code(ERROR_CATALOGUE[code].status).header('X-Request-Id', request.id).header('content-type', 'application/json; charset=utf-8');
    return reply.send(errorEnvelope(code, request.id, publicUrl, message));
  };
}

/**
 * Fastify `clientErrorHandler`: a request Node's parser refuses (headers over the size limit, a
 * malformed request line, a client timeout) never reaches Fastify. Answer it with the §7 envelope
 * too: 400 invalid_request (the catalogue has no 408/431 code), then close the connection.
 */
export function clientErrorHandler(publicUrl: string) {
  return (err: NodeJS.ErrnoException, socket: Socket) => {
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    if (socket.writable) {
      const id = newRequestId();
      const message = err.code === 'HPE_HEADER_OVERFLOW' ? 'The request headers are too large.'
        : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 'The request was not received in time.' : 'The HTTP request is malformed.';
      const body = JSON.stringify(errorEnvelope('invalid_request', id, publicUrl, message));
      socket.write(
        `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
          `X-Request-Id: ${id}\r\nConnection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy(err);
  };
}
