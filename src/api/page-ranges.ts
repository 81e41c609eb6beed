// The `pages` form field (DECISIONS §8 "Page ranges"): 1-based page numbers and ranges joined by
// commas (`1-3,7,10-`, `N-` = to the end), whitespace ignored, overlaps merged, order ascending.
// Pure: the route calls it once the page count is known, so every refusal can name that count.
import { ServiceError } from '../errors/service-error.js';

/** More terms than this is not a page selection anyone writes; the field is bounded anyway. */
export const MAX_PAGE_RANGE_TERMS = 1000;

const TERM = /^(\d+)(?:(-)(\d*))?$/;

function refuse(pageCount: number, why: string): ServiceError {
  const pages = pageCount === 1 ? '1 page' : `${pageCount} pages`;
  return new ServiceError('invalid_request', `pages ${why}; the document has ${pages} (use e.g. 1-3,7,10-).`);
}

/**
 * The selected zero-based page indexes, ascending and unique. Throws 400 invalid_request for a
 * malformed selection, a page 0, a reversed range, or a page beyond `pageCount`.
 */
export function selectPages(spec: string, pageCount: number): number[] {
  const terms = spec.replace(/\s+/g, '').split(',');
  if (terms.length > MAX_PAGE_RANGE_TERMS) throw refuse(pageCount, `has more than ${MAX_PAGE_RANGE_TERMS} terms`);
  const selected = new Set<number>();
  for (const term of terms) {
    const m = TERM.exec(term);
    if (!m) throw refuse(pageCount, term === '' ? 'has an empty term' : 'is malformed');
    const first = Number(m[1]);
    const last = m[2] === undefined ? first : m[3] === '' ? pageCount : Number(m[3]);
    if (!Number.isSafeInteger(first) || !Number.isSafeInteger(last)) throw refuse(pageCount, 'names a page beyond the document');
    if (first === 0 || last === 0) throw refuse(pageCount, 'are numbered from 1');
    if (last < first) throw refuse(pageCount, `has a reversed range ${first}-${last}`);
    if (first > pageCount || last > pageCount) throw refuse(pageCount, 'names a page beyond the document');
    for (let p = first; p <= last; p++) selected.add(p - 1);
  }
  return [...selected].sort((a, b) => a - b);
}

/** True when the selection is the whole document (then nothing changes from a request without `pages`). */
export function isWholeDocument(selection: readonly number[], pageCount: number): boolean {
  return selection.length === pageCount;
}
