// The web playground (DECISIONS §8 "Playground and reference"): a page that talks to this service
// only. The API key lives in this module's memory (never storage, never the URL); the event stream
// is read with fetch because EventSource cannot send the bearer header; Markdown is rendered by
// marked and sanitised by DOMPurify before it touches the DOM; PDF pages are drawn by pdf.js here.
import DOMPurify from 'dompurify';
import { marked } from 'marked';
import * as pdfjs from 'pdfjs-dist';
import { SseParser } from '../../src/client/sse.js';

pdfjs.GlobalWorkerOptions.workerSrc = '/playground/pdf.worker.min.mjs';

interface ConvertPage { index: number; markdown: string; error?: string }
interface ConvertResult { markdown: string; pages: ConvertPage[]; meta: Record<string, unknown> }
interface Envelope { code?: string; message?: string; doc_url?: string; request_id?: string }

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const form = $<HTMLFormElement>('form');
const keyInput = $<HTMLInputElement>('key');
const fileInput = $<HTMLInputElement>('file');
const modelSelect = $<HTMLSelectElement>('model');
const statusLine = $<HTMLParagraphElement>('status');
const progress = $<HTMLProgressElement>('progress');
const errorBox = $<HTMLDivElement>('error');
const resultSection = $<HTMLElement>('result');
const pageSelect = $<HTMLSelectElement>('page');
const rendered = $<HTMLElement>('rendered');
const raw = $<HTMLPreElement>('raw');
const toggle = $<HTMLButtonElement>('view-toggle');
const canvas = $<HTMLCanvasElement>('page-canvas');
const image = $<HTMLImageElement>('page-image');
const downloadMd = $<HTMLAnchorElement>('download-md');
const downloadJson = $<HTMLAnchorElement>('download-json');
const submit = $<HTMLButtonElement>('convert');

/** Bounds: a stream read gives up after this long without a byte (the server beats every 15 s). */
const STREAM_IDLE_MS = 45_000;

let apiKey = ''; // page memory only
let pdfDoc: pdfjs.PDFDocumentProxy | null = null;
let imageUrl: string | null = null;
let downloads: string[] = [];
let current: { markdown: string; result: ConvertResult | null } = { markdown: '', result: null };

keyInput.addEventListener('input', () => { apiKey = keyInput.value.trim(); });

function setStatus(text: string): void {
  statusLine.textContent = text;
}

function showError(env: Envelope, status?: number): void {
  errorBox.hidden = false;
  errorBox.replaceChildren();
  const head = document.createElement('strong');
  head.textContent = env.code ?? `HTTP ${status ?? '?'}`;
  head.className = 'code';
  const msg = document.createElement('span');
  msg.textContent = env.message ? ` — ${env.message} ` : ' ';
  errorBox.append(head, msg);
  if (env.doc_url || env.code) {
    const link = document.createElement('a');
    // doc_url is this service's own page; only its path is followed (nothing leaves this origin).
    link.href = env.doc_url ? new URL(env.doc_url, location.href).pathname : `/docs/errors/${env.code}`;
    link.textContent = 'What does this mean?';
    errorBox.append(link);
  }
  setStatus('');
  progress.hidden = true;
}

async function envelopeOf(res: Response): Promise<Envelope> {
  try {
    return (await res.json()) as Envelope;
  } catch {
    return {};
  }
}

async function loadModels(): Promise<void> {
  try {
    const res = await fetch('/v1/version');
    const info = (await res.json()) as { models?: Array<{ id: string; label: string }> };
    for (const m of info.models ?? []) {
      const opt = document.createElement('option');
      opt.value = m.id;
      opt.textContent = `${m.id} — ${m.label}`;
      modelSelect.append(opt);
    }
    const auto = document.createElement('option');
    auto.value = 'auto';
    auto.textContent = 'auto (route by content)';
    modelSelect.append(auto);
  } catch {
    /* the default model still works */
  }
}

function formatsChosen(): string {
  const f = [($<HTMLInputElement>('fmt-md').checked ? 'md' : ''), ($<HTMLInputElement>('fmt-json').checked ? 'json' : '')].filter(Boolean);
  return f.length ? f.join(',') : 'md,json';
}

/** Follows a job's events over fetch; resolves with the `completed` event's data. */
async function followJob(eventsUrl: string): Promise<{ result_url: string; markdown_url: string; json_url: string }> {
  const res = await fetch(new URL(eventsUrl).pathname, { headers: { authorization: `Bearer ${apiKey}`, accept: 'text/event-stream' } });
  if (!res.ok || !res.body) throw Object.assign(new Error('stream'), { envelope: await envelopeOf(res), status: res.status });
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  const parser = new SseParser();
  for (;;) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const idle = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(Object.assign(new Error('idle'), { envelope: { message: 'The event stream went silent.' } })), STREAM_IDLE_MS); });
    const chunk = await Promise.race([reader.read(), idle]).finally(() => clearTimeout(timer));
    if (chunk.done) throw Object.assign(new Error('closed'), { envelope: { message: 'The event stream closed early.' } });
    for (const ev of parser.push(chunk.value)) {
      const data = JSON.parse(ev.data) as Record<string, unknown>;
      if (ev.event === 'queued') setStatus('Queued…');
      else if (ev.event === 'warming') setStatus(`Warming up ${String(data.backend ?? 'the model')}…`);
      else if (ev.event === 'page') {
        const done = Number(data.pages_done);
        const total = Number(data.pages);
        progress.hidden = false;
        progress.max = total;
        progress.value = done;
        setStatus(`Converting: page ${done} of ${total}${data.error ? ` (page ${Number(data.index) + 1} failed: ${String(data.error)})` : ''}`);
      } else if (ev.event === 'completed') {
        void reader.cancel();
        return data as { result_url: string; markdown_url: string; json_url: string };
      } else if (ev.event === 'error') {
        void reader.cancel();
        throw Object.assign(new Error('job failed'), { envelope: { code: data.code, message: data.message } as Envelope });
      }
    }
  }
}

function release(): void {
  for (const url of downloads) URL.revokeObjectURL(url);
  downloads = [];
  if (imageUrl) URL.revokeObjectURL(imageUrl);
  imageUrl = null;
  void pdfDoc?.destroy();
  pdfDoc = null;
}

function offerDownload(anchor: HTMLAnchorElement, body: string, type: string, name: string): void {
  const url = URL.createObjectURL(new Blob([body], { type }));
  downloads.push(url);
  anchor.href = url;
  anchor.download = name;
  anchor.hidden = false;
}

async function showSource(file: File, index: number): Promise<void> {
  if (file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf')) {
    pdfDoc ??= await pdfjs.getDocument({ data: new Uint8Array(await file.arrayBuffer()), isEvalSupported: false }).promise;
    const page = await pdfDoc.getPage(Math.min(pdfDoc.numPages, index + 1));
    const viewport = page.getViewport({ scale: 1.5 });
    canvas.width = viewport.width;
    canvas.height = viewport.height;
    canvas.hidden = false;
    image.hidden = true;
    await page.render({ canvasContext: canvas.getContext('2d')!, viewport, canvas }).promise;
  } else {
    imageUrl ??= URL.createObjectURL(file);
    image.src = imageUrl;
    image.hidden = false;
    canvas.hidden = true;
  }
}

function showPage(markdown: string): void {
  rendered.innerHTML = DOMPurify.sanitize(marked.parse(markdown, { async: false }) as string);
  raw.textContent = markdown;
}

async function present(file: File, markdown: string, result: ConvertResult | null): Promise<void> {
  current = { markdown, result };
  resultSection.hidden = false;
  pageSelect.replaceChildren();
  const pages = result?.pages ?? [{ index: 0, markdown }];
  const whole = document.createElement('option');
  whole.value = 'all';
  whole.textContent = 'whole document';
  pageSelect.append(whole);
  for (const p of pages) {
    const opt = document.createElement('option');
    opt.value = String(p.index);
    opt.textContent = `page ${p.index + 1}${p.error ? ` (failed: ${p.error})` : ''}`;
    pageSelect.append(opt);
  }
  pageSelect.value = 'all';
  showPage(markdown);
  const base = file.name.replace(/\.[^.]+$/, '') || 'document';
  offerDownload(downloadMd, markdown, 'text/markdown', `${base}.md`);
  if (result) offerDownload(downloadJson, `${JSON.stringify(result, null, 2)}\n`, 'application/json', `${base}.json`);
  else downloadJson.hidden = true;
  await showSource(file, pages[0]?.index ?? 0).catch(() => { canvas.hidden = true; });
}

pageSelect.addEventListener('change', () => {
  const file = fileInput.files?.[0];
  if (pageSelect.value === 'all' || !current.result) {
    showPage(current.markdown);
    return;
  }
  const page = current.result.pages.find((p) => String(p.index) === pageSelect.value);
  showPage(page?.markdown ?? '');
  if (file && page) void showSource(file, page.index).catch(() => {});
});

toggle.addEventListener('click', () => {
  const showRaw = raw.hidden;
  raw.hidden = !showRaw;
  rendered.hidden = showRaw;
  toggle.textContent = showRaw ? 'Rendered' : 'Raw Markdown';
});

form.addEventListener('submit', (e) => {
  e.preventDefault();
  void run();
});

async function run(): Promise<void> {
  const file = fileInput.files?.[0];
  if (!file || !apiKey) return;
  release();
  errorBox.hidden = true;
  resultSection.hidden = true;
  progress.hidden = true;
  submit.disabled = true;
  try {
    const body = new FormData();
    const formats = formatsChosen();
    const fields: Record<string, string> = { model: modelSelect.value, formats, lang: $<HTMLInputElement>('lang').value.trim(), pages: $<HTMLInputElement>('pages').value.trim() };
    if ($<HTMLInputElement>('skip').checked) fields.on_page_error = 'skip';
    for (const [k, v] of Object.entries(fields)) if (v) body.append(k, v);
    body.append('file', file, file.name);
    setStatus('Uploading…');
    // The server decides sync (200) or job (202); the key is sent only to this origin.
    const res = await fetch('/v1/convert', { method: 'POST', body, headers: { authorization: `Bearer ${apiKey}`, 'idempotency-key': crypto.randomUUID() } });
    if (res.status === 200) {
      setStatus('Converted.');
      if ((res.headers.get('content-type') ?? '').startsWith('text/markdown')) return await present(file, await res.text(), null);
      const result = (await res.json()) as ConvertResult;
      return await present(file, result.markdown, result);
    }
    if (res.status !== 202) return showError(await envelopeOf(res), res.status);
    const job = (await res.json()) as { job_id: string; links: { events: string } };
    setStatus('Converting…');
    const done = await followJob(job.links.events);
    const wantJson = formats.includes('json');
    const read = await fetch(new URL(wantJson ? done.json_url : done.markdown_url).pathname + new URL(wantJson ? done.json_url : done.markdown_url).search);
    if (!read.ok) return showError(await envelopeOf(read), read.status);
    progress.hidden = true;
    setStatus('Converted.');
    if (!wantJson) return await present(file, await read.text(), null);
    const result = (await read.json()) as ConvertResult;
    await present(file, result.markdown, result);
  } catch (err) {
    const e = err as { envelope?: Envelope; status?: number; message?: string };
    showError(e.envelope ?? { message: e.message ?? 'The request failed.' }, e.status);
  } finally {
    submit.disabled = false;
  }
}

void loadModels();
