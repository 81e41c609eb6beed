// Typed job progress events (spec §6, payloads DECISIONS §5) and their decoding from raw SSE.
import type { JobStatusName } from './types.js';
import type { RawSseEvent } from './sse.js';

export interface QueuedEvent { type: 'queued'; id?: string; data: { job_id: string; status: JobStatusName } }
export interface WarmingEvent { type: 'warming'; id?: string; data: { job_id: string; status: JobStatusName; backend?: string } }
export interface PageEvent {
  type: 'page'; id?: string;
  /** `error`: with on_page_error=skip, the page failed with this code (DECISIONS §8). */
  data: { job_id: string; index: number; pages_done: number; pages: number; error?: string };
}
export interface CompletedEvent {
  type: 'completed';
  id?: string;
  data: { job_id: string; status: JobStatusName; token: string; result_url: string; markdown_url?: string; json_url?: string };
}
export interface ErrorEvent { type: 'error'; id?: string; data: { job_id: string; code: string; message?: string } }

export type JobEvent = QueuedEvent | WarmingEvent | PageEvent | CompletedEvent | ErrorEvent;
export type JobEventType = JobEvent['type'];

const KINDS = new Set<string>(['queued', 'warming', 'page', 'completed', 'error']);

/** The stream ends after these (DECISIONS §5). */
export function isFinalEvent(event: JobEvent): event is CompletedEvent | ErrorEvent {
  return event.type === 'completed' || event.type === 'error';
}

/**
 * Decodes one raw SSE event; undefined for kinds this client does not know (v1 changes are
 * additive, spec §9, so an unknown kind is skipped rather than fatal) or an unreadable payload.
 */
export function decodeJobEvent(raw: RawSseEvent): JobEvent | undefined {
  if (!KINDS.has(raw.event)) return undefined;
  let data: unknown;
  try {
    data = JSON.parse(raw.data);
  } catch {
    return undefined;
  }
  if (typeof data !== 'object' || data === null) return undefined;
  return { type: raw.event, id: raw.id, data } as JobEvent;
}
