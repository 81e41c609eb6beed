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
  tags: ['jobs'],
  security: BEARER,
  params: JobIdParams,
  headers: LAST_EVENT_ID,
  response: {
    200: {
      description: 'An SSE stream; an unknown job is reported in-stream as an `error` event with `job_not_found`.',
      content: { 'text/event-stream': { schema: Type.String() } },
    },
    ...errorResponses(...KEY_ROUTE_ERRORS, 'api_not_available_on_tier', 'concurrency_limit'),
  },
};
