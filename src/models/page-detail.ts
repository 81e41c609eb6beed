// What a conversion delivered beyond the Markdown (DECISIONS §8), derived once from a gateway
// answer for both paths: the sync reply (src/api/convert.ts) and the stored job result
// (src/jobs/service.ts), so the two cannot drift apart.
import type { ConvertOutput, PageBlocks, PageFailure } from './types.js';

/** Both fields absent for a plain request, so it gets exactly the spec's shape. */
export interface PageDetail {
  /** Source index of each page when a selection was converted; absent = 0..n-1. */
  indexes?: number[];
  /** With on_page_error=skip (then `meta.failed_pages` is always present): the failed pages. */
  failed?: PageFailure[];
  /** With formats=blocks: each page's width, height and blocks, same order as the pages. */
  layout?: PageBlocks[];
  /** The document's Markdown where it is not the pages joined by blank lines (ConvertOutput.markdown). */
  markdown?: string;
}

/** The document's Markdown (spec ConvertResult.markdown, and the Markdown result). */
export function documentMarkdown(pages: string[], detail: Pick<PageDetail, 'markdown'>): string {
  return detail.markdown ?? pages.join('\n\n');
}

/** Whether a job's or request's canonical formats (`md,json,blocks` subset) ask for blocks. */
export function wantsBlocks(formats: string): boolean {
  return formats.split(',').includes('blocks');
}

/**
 * The DECISIONS §8 detail of a gateway answer; `failed` only when the caller asked for skip,
 * `layout` only with formats=blocks.
 */
export function pageDetail(out: Pick<ConvertOutput, 'indexes' | 'failed' | 'layout' | 'markdown'>, skip: boolean, blocks: boolean): PageDetail {
  const detail: PageDetail = {};
  if (out.markdown !== undefined) detail.markdown = out.markdown;
  if (out.indexes) detail.indexes = out.indexes;
  if (skip) detail.failed = out.failed ?? [];
  if (blocks && out.layout) detail.layout = out.layout;
  return detail;
}

/** Pages to charge (DECISIONS §8: only delivered ones); undefined = the reservation as made. */
export function chargedPages(pages: number, detail: PageDetail): number | undefined {
  return detail.failed ? pages - detail.failed.length : undefined;
}
