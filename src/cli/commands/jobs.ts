// `docconv jobs get|cancel|watch|result` (spec §4 /jobs/{id}…, events per DECISIONS §5).
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { CLI_EXIT } from '../../errors/catalogue.js';
import { errorFromEvent, type JobEvent } from '../../client/index.js';
import { str, UsageError, type Command } from '../args.js';

export const jobsGetCommand: Command = {
  name: 'jobs get',
  summary: 'show the status of a job (metadata only)',
  args: 'ID',
  minArgs: 1,
  maxArgs: 1,
  async run(ctx, parsed) {
    const job = await ctx.client().getJob(parsed.positionals[0]);
    if (ctx.json) ctx.outJson(job);
    else {
      const progress = job.pages !== undefined ? ` (${job.pages_done ?? 0}/${job.pages} pages)` : '';
      ctx.out([`${job.job_id} ${job.status}${progress}`, ...(job.backend ? [`backend: ${job.backend}`] : []), ...(job.error_code ? [`error: ${job.error_code}`] : [])].join('\n'));
    }
    return CLI_EXIT.ok;
  },
};

export const jobsCancelCommand: Command = {
  name: 'jobs cancel',
  summary: 'cancel a queued or running job (its page reservation is released, no charge)',
  args: 'ID',
  minArgs: 1,
  maxArgs: 1,
  async run(ctx, parsed) {
    const id = parsed.positionals[0];
    await ctx.client().cancelJob(id);
    if (ctx.json) ctx.outJson({ job_id: id, cancelled: true });
    else ctx.note(`job ${id} cancelled`);
    return CLI_EXIT.ok;
  },
};

export const jobsWatchCommand: Command = {
  name: 'jobs watch',
  summary: 'follow a job\'s progress events until it completes or fails',
  args: 'ID',
  minArgs: 1,
  maxArgs: 1,
  options: {
    'last-event-id': { type: 'string', value: 'N', description: 'resume after this event id' },
    output: { type: 'string', short: 'o', value: 'FILE', description: 'when the job completes, read its result once into FILE (JSON if FILE ends in .json, else Markdown)' },
  },
  details: [
    'Prints one line per event on stdout (--json: one JSON object per line).',
    'The completed event carries the one-time token: read the result with -o FILE, or later with',
    '  docconv jobs result ID --token TOKEN',
    'Exit code: 0 when the job completed, the error code\'s exit code when it failed.',
  ].join('\n'),
  async run(ctx, parsed) {
    const id = parsed.positionals[0];
    const output = str(parsed, 'output');
    const client = ctx.client();
    for await (const event of client.jobEvents(id, { lastEventId: str(parsed, 'last-event-id') })) {
      if (ctx.json) ctx.io.stdout.write(`${JSON.stringify({ event: event.type, id: event.id, data: event.data })}\n`);
      // With -o the result is read here at once: its link is spent, so it is not shown.
      else ctx.out(describeEvent(event, { resultRead: Boolean(output) }));
      if (event.type === 'error') {
        const error = errorFromEvent(event.data.code, event.data.message);
        ctx.error(`docconv: job ${id} failed: ${error.code}: ${error.message}`);
        return error.exitCode;
      }
      if (event.type === 'completed' && output) {
        const path = resolve(ctx.io.cwd, output);
        const text = output.endsWith('.json')
          ? `${JSON.stringify(await client.getJson(id, event.data.token), null, 2)}\n`
          : await client.getMarkdown(id, event.data.token);
        await writeFile(path, text);
        ctx.note(`wrote ${path}`);
      }
    }
    return CLI_EXIT.ok;
  },
};

export function describeEvent(event: JobEvent, opts: { resultRead?: boolean } = {}): string {
  switch (event.type) {
    case 'queued':
      return `queued     ${event.data.job_id}`;
    case 'warming':
      return `warming    ${event.data.job_id}${event.data.backend ? ` (${event.data.backend})` : ''}`;
    case 'page':
      return `page       ${event.data.pages_done}/${event.data.pages}`;
    case 'completed':
      if (opts.resultRead) return `completed  ${event.data.job_id} token=${event.data.token}`;
      return `completed  ${event.data.job_id} token=${event.data.token}\nresult:    ${event.data.result_url}`;
    case 'error':
      return `error      ${event.data.code}${event.data.message ? `: ${event.data.message}` : ''}`;
  }
}

export const jobsResultCommand: Command = {
  name: 'jobs result',
  summary: 'read a job\'s result once with its one-time token (Markdown to stdout by default)',
  args: 'ID',
  minArgs: 1,
  maxArgs: 1,
  options: {
    token: { type: 'string', value: 'TOKEN', description: 'the one-time token from the completed event (required)' },
    format: { type: 'string', value: 'md|json', description: 'Markdown (default) or the JSON ConvertResult' },
    output: { type: 'string', short: 'o', value: 'FILE', description: 'write to FILE instead of stdout' },
  },
  details: 'A result can be read exactly once; a second read answers 410 result_consumed.',
  async run(ctx, parsed) {
    const id = parsed.positionals[0];
    const token = str(parsed, 'token');
    if (!token) throw new UsageError('--token is required (the one-time token of the completed event)', 'jobs result');
    const format = str(parsed, 'format') ?? (ctx.json ? 'json' : 'md');
    if (format !== 'md' && format !== 'json') throw new UsageError(`--format must be md or json, got ${format}`, 'jobs result');
    const client = ctx.client();
    const text = format === 'md' ? await client.getMarkdown(id, token) : `${JSON.stringify(await client.getJson(id, token), null, 2)}\n`;
    const output = str(parsed, 'output');
    if (output && output !== '-') {
      const path = resolve(ctx.io.cwd, output);
      await writeFile(path, text);
      ctx.note(`wrote ${path}`);
    } else {
      ctx.io.stdout.write(text);
    }
    return CLI_EXIT.ok;
  },
};
