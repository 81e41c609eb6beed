// Spec §2 AsyncJob/JobLinks/JobStatus and the routes GET/DELETE /jobs/{id}, GET /jobs/{id}/events.
import { Type, type Static } from '@sinclair/typebox';
import { BEARER, KEY_ROUTE_ERRORS, KEY_ROUTE_HEADERS, Obj, StringEnum, described, errorResponses } from './common.js';

export const JOB_STATES = ['queued', 'warming', 'processing', 'completed', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];
export const JobStatusEnum = StringEnum(JOB_STATES, { title: 'JobStatusEnum' });

export const JobLinks = Obj(
  {
    self: Type.Optional(Type.String({ format: 'uri' })),
    events: Type.Optional(Type.String({ format: 'uri' })),
    result: Type.Optional(Type.String({ format: 'uri' })),
  },
  { title: 'JobLinks' },
);

export const AsyncJob = Obj({ job_id: Type.String(), status: JobStatusEnum, links: JobLinks }, { title: 'AsyncJob' });
export type AsyncJob = Static<typeof AsyncJob>;

export const JobStatus = Obj(
  {
    job_id: Type.String(),
    status: JobStatusEnum,
    backend: Type.Optional(Type.String()),
    error_code: Type.Optional(Type.String({ description: 'An error code (spec §7) when failed.' })),
    pages: Type.Optional(Type.Integer({ minimum: 0 })),
    pages_done: Type.Optional(Type.Integer({ minimum: 0 })),
  },
  { title: 'JobStatus' },
);
export type JobStatus = Static<typeof JobStatus>;

export const JobIdParams = Obj({ id: Type.String({ minLength: 1, maxLength: 128 }) });

const LAST_EVENT_ID = Type.Object({ 'Last-Event-ID': Type.Optional(Type.String({ maxLength: 32, description: 'Resume after this event id.' })) });

export const getJobSchema = {
  summary: 'Job status (metadata only)',
  tags: ['jobs'],
  security: BEARER,
  params: JobIdParams,
  response: { 200: described(JobStatus, 'The job (metadata only, never document content).', KEY_ROUTE_HEADERS), ...errorResponses(...KEY_ROUTE_ERRORS, 'api_not_available_on_tier', 'job_not_found') },
};

export const cancelJobSchema = {
  summary: 'Cancel a queued or running job (releases its reservation and slot, no charge)',
  tags: ['jobs'],
  security: BEARER,
  params: JobIdParams,
  response: { 204: Type.Unsafe({ type: 'null', description: 'Cancelled.' }), ...errorResponses(...KEY_ROUTE_ERRORS, 'api_not_available_on_tier', 'job_not_found') },
};

export const jobEventsSchema = {
  summary: 'Progress stream (server-sent events: queued, warming, page, completed, error)',
  description: [
    'A `text/event-stream`. Each event has an `id:` (its sequence number, for `Last-Event-ID`) and one JSON `data:` line:',
    '',
    '- `queued` `{job_id, status}`; `warming` `{job_id, status, backend}` while a backend starts;',
    '- `page` `{job_id, index, pages_done, pages}` per converted page (`index` is the page\'s zero-based index in the',
    '  file; pages may finish out of order; with `on_page_error=skip` a failed page adds `error`: its code);',
    '- `completed` `{job_id, status, token, result_url, markdown_url, json_url}`: the one-time `token` authorises one',
    '  read of the result (the URLs carry it); the stream then closes;',
    '- `error` `{job_id, code, message}`: the job failed (or is unknown: `job_not_found`); the stream then closes.',
    '',
    'The stream first replays what already happened (after `Last-Event-ID` when sent), then follows live, with a',
    'comment heartbeat every 15 s. Reconnecting after the final event replays it (with its token) and closes.',
    'Browsers: `EventSource` cannot send the bearer key; read the stream with `fetch` instead.',
  ].join('\n'),
  tags: ['jobs'],
  security: BEARER,
  params: JobIdParams,
  headers: LAST_EVENT_ID,
  response: {
    200: {
      description: 'An SSE stream; an unknown job is reported in-stream as an `error` event with `job_not_found`.',
      content: {
        'text/event-stream': {
          schema: Type.String({ description: 'Server-sent events; see the operation description for the events and their data.' }),
          example: [
            'id: 1\nevent: queued\ndata: {"job_id":"job_4f1c…","status":"queued"}\n',
            'id: 2\nevent: page\ndata: {"job_id":"job_4f1c…","index":0,"pages_done":1,"pages":2}\n',
            'id: 3\nevent: page\ndata: {"job_id":"job_4f1c…","index":1,"pages_done":2,"pages":2}\n',
            'id: 4\nevent: completed\ndata: {"job_id":"job_4f1c…","status":"completed","token":"…","result_url":"https://docconv.example/v1/jobs/job_4f1c…/result?token=…","markdown_url":"…/markdown?token=…","json_url":"…/json?token=…"}\n',
          ].join('\n'),
        },
      },
    },
    ...errorResponses(...KEY_ROUTE_ERRORS, 'api_not_available_on_tier', 'concurrency_limit'),
  },
};
