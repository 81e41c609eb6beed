// `docconv serve`: runs the service in this process, exactly like `npm start` (src/main.ts).
import { str, type Command } from '../args.js';

export const serveCommand: Command = {
  name: 'serve',
  summary: 'run the docconv service (same as npm start)',
  maxArgs: 0,
  options: {
    port: { type: 'string', value: 'PORT', description: 'listen port (env PORT, default 8080)' },
    host: { type: 'string', value: 'HOST', description: 'listen address (env HOST, default 0.0.0.0)' },
  },
  details: 'All other configuration is environment variables (DOCCONV_DATA_DIR, DATABASE_URL, DOCCONV_ADMIN_TOKEN, …); see README.md.',
  async run(ctx, parsed) {
    const port = str(parsed, 'port');
    const host = str(parsed, 'host');
    if (port !== undefined) ctx.io.env.PORT = port;
    if (host !== undefined) ctx.io.env.HOST = host;
    // src/main.ts reads process.env (the CLI's io.env is process.env when run as a command) and
    // listens; importing it by URL keeps the CLI free of a compile-time edge to the server.
    await import(new URL(`../../main.${import.meta.url.endsWith('.ts') ? 'ts' : 'js'}`, import.meta.url).href);
    return undefined;
  },
};
