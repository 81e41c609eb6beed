// A PaddleX serving stub for the PaddleOCR-VL pipeline (models-wire.md §3): GET /health and
// POST /layout-parsing with the real validation (fileType required for base64, plain base64),
// the real envelope, and the 10-page truncation of PDFs.
import { countPdfPages, send, startStub, type StubHandle, type StubOptions } from './common.js';

export interface PaddlexStubOptions extends StubOptions {
  /** Markdown of a page (index within the request); default `paddlexPageMarkdown`. */
  pageMarkdown?: (page: number) => string;
  /** Serving.extra.max_num_input_imgs (default 10). */
  maxPages?: number;
  /** prunedResult.parsing_res_list of a page (index within the request); default none. */
  parsingResList?: (page: number) => unknown[];
}

export function paddlexPageMarkdown(page: number): string {
  return (
    `# Rapport ${page + 1}\n\n## 1. Introduction\n\nTexte du paragraphe.\n\n` +
    `<div style="text-align: center;"><img src="imgs/img_in_image_box_${page}.jpg" alt="Image" width="50%" /></div>\n\n` +
    `<table border=1 style='margin: auto; width: max-content;'><tr><td>a</td><td>b</td></tr><tr><td>1</td><td>2</td></tr></table>\n\n` +
    `$$\nx^2\n$$\n\n![](imgs/img_in_chart_box_${page}.jpg)`
  );
}

const logId = () => `stub-${Math.random().toString(16).slice(2, 10)}`;

export function startPaddlexStub(opts: PaddlexStubOptions = {}): Promise<StubHandle> {
  const pageMarkdown = opts.pageMarkdown ?? paddlexPageMarkdown;
  const maxPages = opts.maxPages ?? 10;
  return startStub(opts, {
    workPath: '/layout-parsing',
    healthUp: (_req, res) => send(res, 200, { logId: logId(), errorCode: 0, errorMsg: 'Healthy' }),
    healthDown: (res) => send(res, 503, { logId: logId(), errorCode: 503, errorMsg: 'Service Unavailable' }),
    async work(req, res, step) {
      let body: { file?: unknown; fileType?: unknown; visualize?: unknown };
      try {
        body = JSON.parse(req.body.toString('utf8'));
      } catch {
        return send(res, 422, { logId: logId(), errorCode: 422, errorMsg: '[{"type":"json_invalid"}]' });
      }
      if (typeof body.file !== 'string') return send(res, 422, { logId: logId(), errorCode: 422, errorMsg: '[{"type":"missing","loc":["body","file"]}]' });
      if (body.fileType !== 0 && body.fileType !== 1) return send(res, 422, { logId: logId(), errorCode: 422, errorMsg: 'File type cannot be determined' });
      if (body.file.startsWith('data:') || !/^[A-Za-z0-9+/]*={0,2}$/.test(body.file)) {
        return send(res, 500, { logId: logId(), errorCode: 500, errorMsg: 'Internal server error' });
      }
      const bytes = Buffer.from(body.file, 'base64');
      const sent = body.fileType === 0 ? await countPdfPages(bytes) : 1;
      const pages = Math.min(sent, maxPages); // the server silently drops pages past the limit
      const count = step === 'malformed' ? Math.max(0, pages - 1) : pages;
      const results = Array.from({ length: count }, (_, i) => ({
        prunedResult: { page_count: pages, width: 1224, height: 1584, model_settings: {}, parsing_res_list: opts.parsingResList?.(i) ?? [] },
        markdown: { text: pageMarkdown(i), images: { [`imgs/img_in_image_box_${i}.jpg`]: '/9j/4AAQSkZJRg==' }, isStart: true, isEnd: true },
        outputImages: null,
        inputImage: null,
      }));
      const dataInfo = body.fileType === 0 ? { type: 'pdf', numPages: pages, pages: results.map(() => ({ width: 1224, height: 1584 })) } : { type: 'image', width: 1224, height: 1584 };
      send(res, 200, { logId: logId(), errorCode: 0, errorMsg: 'Success', result: { layoutParsingResults: results, dataInfo } });
    },
  });
}
