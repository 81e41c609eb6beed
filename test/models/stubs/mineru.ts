// A mineru-api 3.4.4 stub (models-wire.md §1): GET /health, POST /file_parse with the real
// multipart fields, answers shaped like the recorded ones (content_list as a JSON string,
// page_idx restarting at 0 for the window, discarded blocks after each page's body).
import { countPdfPages, parseMultipart, send, startStub, type StubHandle, type StubOptions } from './common.js';

export interface MineruStubOptions extends StubOptions {
  /** content_list items of a physical page (absolute index); default: `mineruPageItems`. */
  pageItems?: (page: number) => Array<Record<string, unknown>>;
  version?: string;
}

/** The default page content: a title on page 0, then a paragraph, a table, an equation, an image and furniture. */
export function mineruPageItems(page: number): Array<Record<string, unknown>> {
  const items: Array<Record<string, unknown>> = [];
  if (page === 0) items.push({ type: 'text', text: 'Annual Report', text_level: 1, bbox: [100, 50, 900, 90] });
  items.push({ type: 'text', text: `Body text of page ${page + 1}.`, bbox: [100, 100, 900, 200] });
  items.push({
    type: 'table',
    img_path: 'images/t.jpg',
    table_caption: ['Table 1: Results'],
    table_footnote: [],
    table_body: '<html><body><table><tr><td>Year</td><td>Value</td></tr><tr><td>2024</td><td>42</td></tr></table></body></html>',
    bbox: [100, 300, 900, 500],
  });
  items.push({ type: 'equation', text: '$$\nE = mc^2\n$$', text_format: 'latex', img_path: 'images/e.jpg', bbox: [100, 550, 900, 600] });
  items.push({ type: 'image', img_path: 'images/i.jpg', image_caption: ['Figure 1: A chart'], image_footnote: [], bbox: [100, 650, 900, 900] });
  items.push({ type: 'header', text: 'ACME Corp confidential', bbox: [100, 10, 900, 30] });
  items.push({ type: 'page_number', text: String(page + 1), bbox: [480, 960, 520, 980] });
  return items;
}

export function startMineruStub(opts: MineruStubOptions = {}): Promise<StubHandle> {
  const version = opts.version ?? '3.4.4';
  const pageItems = opts.pageItems ?? mineruPageItems;
  return startStub(opts, {
    workPath: '/file_parse',
    healthUp: (_req, res) => send(res, 200, { status: 'healthy', version, protocol_version: 2, queued_tasks: 0, processing_tasks: 0 }),
    healthDown: (res) => send(res, 503, { status: 'unhealthy', version, error: 'model not loaded' }),
    async work(req, res, step) {
      const parts = parseMultipart(req.body, req.headers['content-type']);
      const files = parts?.find((p) => p.name === 'files');
      if (!parts || !files || files.filename === undefined) {
        return send(res, 422, { detail: [{ type: 'missing', loc: ['body', 'files'], msg: 'Field required', input: null }] });
      }
      const field = (name: string) => parts.find((p) => p.name === name)?.data.toString('utf8');
      const backend = field('backend') ?? 'hybrid-engine';
      if (!['vlm-engine', 'vlm-http-client', 'hybrid-engine', 'hybrid-http-client', 'pipeline'].includes(backend)) {
        return send(res, 400, { detail: 'Invalid backend. Supported backends: …' });
      }
      const isPdf = files.data.subarray(0, 5).toString('latin1') === '%PDF-';
      const total = isPdf ? await countPdfPages(files.data) : 1;
      const start = Number(field('start_page_id') ?? 0);
      const end = Math.min(Number(field('end_page_id') ?? 99999), total - 1);
      const stem = files.filename.replace(/\.[^.]*$/, '');
      const items: Array<Record<string, unknown>> = [];
      for (let p = start; p <= end; p++) items.push(...pageItems(p).map((it) => ({ ...it, page_idx: p - start })));
      const contentList = step === 'malformed' ? '[{"type": "text", "text": "cut off' : JSON.stringify(items, null, 4);
      send(res, 200, {
        task_id: '6f1c-stub',
        status: 'completed',
        backend,
        file_names: [stem],
        created_at: '2026-01-01T00:00:00Z',
        started_at: '2026-01-01T00:00:00Z',
        completed_at: '2026-01-01T00:00:01Z',
        error: null,
        status_url: '/tasks/6f1c-stub',
        result_url: '/tasks/6f1c-stub/result',
        version,
        results: { [stem]: { md_content: '# Annual Report\n\n…', content_list: contentList } },
      });
    },
  });
}
