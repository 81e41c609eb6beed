// The `builtin` model: our CPU parser (src/convert) behind the same convert contract as the GPU
// adapters. Its ParseErrors become ServiceErrors with the same code (catalogue strings).
import { ServiceError } from '../errors/service-error.js';
import { mapParserError, type ParserLoader } from './adapters/common.js';
import type { ConvertInput, ConvertOptions, ConvertOutput } from './types.js';
import { blocksFromPageModel } from './blocks.js';

export const BUILTIN_BACKEND = 'builtin';

export async function convertBuiltin(loadParser: ParserLoader, doc: ConvertInput, opts: ConvertOptions): Promise<ConvertOutput> {
  const parser = await loadParser();
  try {
    const skip = opts.onPageError === 'skip';
    // DECISIONS §8: a selection, or partial results, name the pages (the count is the probe's).
    const pages = doc.selection ?? (skip ? Array.from({ length: doc.pages }, (_, i) => i) : undefined);
    const out = await parser.parseDocument(doc.bytes, {
      lang: opts.lang,
      pageTimeoutS: opts.pageTimeoutS,
      signal: opts.signal,
      onPage: opts.onPage,
      owner: opts.owner,
      ...(pages ? { pages } : {}),
      ...(skip ? { skipFailedPages: true } : {}),
    });
    const result: ConvertOutput = { pages: out.pages, backend: BUILTIN_BACKEND };
    if (doc.selection) result.indexes = [...doc.selection];
    if (skip) result.failed = out.failed ?? [];
    if (out.pageModels) result.layout = out.pageModels.map(blocksFromPageModel);
    // Only where it differs from the join, and not beside failed pages (their halves are not there).
    if (out.markdown !== undefined && !out.failed?.length && out.markdown !== out.pages.join('\n\n')) result.markdown = out.markdown;
    return result;
  } catch (err) {
    const mapped = mapParserError(err);
    if (mapped instanceof ServiceError) throw mapped;
    // LanguageError (a `lang` without installed data) carries code invalid_request and its message.
    const e = err as { name?: unknown; code?: unknown; message?: unknown };
    if (e?.name === 'LanguageError' && e.code === 'invalid_request') throw new ServiceError('invalid_request', String(e.message));
    throw err;
  }
}
