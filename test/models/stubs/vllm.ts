// A vLLM OpenAI-compatible server stub serving granite-docling (models-wire.md §2): GET /health
// (empty 200), GET /v1/models, POST /v1/chat/completions answering DocTags the way vLLM does
// (the matched stop string `</doctag>` removed).
import { send, startStub, type StubCall, type StubHandle, type StubOptions } from './common.js';

export interface VllmStubOptions extends StubOptions {
  /** The served model id (default ibm-granite/granite-docling-258M) and its root. */
  servedId?: string;
  root?: string;
  /** DocTags answered for the n-th completion request (0-based); default `sampleDocTags`. */
  doctags?: (n: number, req: StubCall) => string;
  /** Answer errors in the older `{"object":"error",…}` shape instead of `{"error":{…}}`. */
  oldErrorShape?: boolean;
}

export function sampleDocTags(n: number): string {
  return (
    `<doctag><page_header><loc_10><loc_5><loc_200><loc_15>ACME confidential</page_header>` +
    `<section_header_level_1><loc_41><loc_30><loc_300><loc_45>Page ${n + 1} heading</section_header_level_1>` +
    `<text><loc_41><loc_50><loc_450><loc_90>Some paragraph text.</text>` +
    `<otsl><loc_41><loc_100><loc_450><loc_200><ched>Name<ched>Score<nl><fcel>Ada<fcel>10<nl></otsl>` +
    `<formula><loc_41><loc_210><loc_450><loc_230>E = mc^2</formula>` +
    `<page_footer><loc_240><loc_480><loc_260><loc_490>${n + 1}</page_footer>`
  ); // vLLM removed the matched stop string </doctag>
}

export function startVllmStub(opts: VllmStubOptions = {}): Promise<StubHandle> {
  const servedId = opts.servedId ?? 'ibm-granite/granite-docling-258M';
  const root = opts.root ?? 'ibm-granite/granite-docling-258M';
  const doctags = opts.doctags ?? ((n: number) => sampleDocTags(n));
  let n = 0;
  return startStub(opts, {
    workPath: '/v1/chat/completions',
    healthUp: (_req, res) => send(res, 200, ''),
    healthDown: (res) => send(res, 503, ''),
    extra(req, res) {
      if (req.method === 'GET' && req.path === '/v1/models') {
        send(res, 200, { object: 'list', data: [{ id: servedId, object: 'model', created: 1, owned_by: 'vllm', root, parent: null, max_model_len: 8192 }] });
        return true;
      }
      return false;
    },
    work(req, res, step) {
      let body: { model?: string; messages?: unknown[] };
      try {
        body = JSON.parse(req.body.toString('utf8'));
      } catch {
        return send(res, 400, errorBody(opts, 'Invalid JSON', 400));
      }
      if (body.model !== servedId) return send(res, 404, errorBody(opts, `The model \`${body.model}\` does not exist.`, 404));
      const i = n++;
      const content = step === 'malformed' ? '<doctag><otsl><loc_1><loc_2><loc_3><loc_4><fcel>a' + '<ecel>'.repeat(500) : doctags(i, req);
      send(res, 200, {
        id: `chatcmpl-${i}`,
        object: 'chat.completion',
        created: 1,
        model: servedId,
        choices: [{ index: 0, message: { role: 'assistant', content }, logprobs: null, finish_reason: step === 'malformed' ? 'length' : 'stop', stop_reason: step === 'malformed' ? null : '</doctag>' }],
        usage: { prompt_tokens: 800, completion_tokens: 120, total_tokens: 920 },
      });
    },
  });
}

function errorBody(opts: VllmStubOptions, message: string, code: number): object {
  return opts.oldErrorShape
    ? { object: 'error', message, type: 'BadRequestError', param: null, code }
    : { error: { message, type: code === 404 ? 'NotFoundError' : 'BadRequestError', param: null, code } };
}
