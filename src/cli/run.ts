// The CLI's dispatcher: finds the command, parses its arguments, runs it and maps every failure to
// an exit code (spec §7: each error code has a stable exit code; 2 usage, 3 network, 1 other).
import { CLI_EXIT } from '../errors/catalogue.js';
import { commandHelp, parseCommandArgs, splitCommandWords, type Command } from './args.js';
import { COMMANDS } from './commands/index.js';
import { CliContext, type CliIo } from './context.js';
import { reportError } from './report.js';
import { CLI_VERSION } from './version.js';


const GROUPS: Record<string, string> = {
  jobs: 'inspect, follow, cancel and read async jobs',
  keys: 'list, create, rotate and revoke API keys',
  admin: 'operator API (DOCCONV_ADMIN_TOKEN): accounts',
  'admin accounts': 'create and update accounts',
};

export async function runCli(argv: string[], io: CliIo): Promise<number | undefined> {
  // `docconv help jobs get` = `docconv jobs get --help`
  if (argv[0] === 'help' && argv.length > 1) return runCli([...argv.slice(1), '--help'], io);
  // Take another word only while the words so far name a group, not yet a command.
  const { words, rest } = splitCommandWords(argv, (w) => {
    const name = w.join(' ');
    return !COMMANDS.some((c) => c.name === name) && COMMANDS.some((c) => c.name.startsWith(`${name} `));
  });
  if (words.length === 0 || words[0] === 'help') {
    if (argv.includes('--version') || argv.includes('-V')) {
      io.stdout.write(`docconv ${CLI_VERSION}\n`);
      return CLI_EXIT.ok;
    }
    const wantsHelp = words[0] === 'help' || argv.includes('--help') || argv.includes('-h');
    io[wantsHelp ? 'stdout' : 'stderr'].write(mainHelp());
    return wantsHelp ? CLI_EXIT.ok : CLI_EXIT.usage;
  }
  const match = findCommand(words);
  if (!match) {
    const group = words.slice(0, 2).join(' ') in GROUPS ? words.slice(0, 2).join(' ') : words[0] in GROUPS ? words[0] : undefined;
    const wantsHelp = rest.includes('--help') || rest.includes('-h');
    if (group && (wantsHelp || words.length === group.split(' ').length)) {
      io[wantsHelp ? 'stdout' : 'stderr'].write(groupHelp(group));
      return wantsHelp ? CLI_EXIT.ok : CLI_EXIT.usage;
    }
    io.stderr.write(`docconv: unknown command: ${words.join(' ')}\nRun 'docconv --help' for the list of commands.\n`);
    return CLI_EXIT.usage;
  }
  const { command, extra } = match;
  try {
    const parsed = parseCommandArgs(command, [...extra, ...rest]);
    if (parsed.values.help) {
      io.stdout.write(commandHelp(command));
      return CLI_EXIT.ok;
    }
    const ctx = new CliContext(io, parsed, command.name);
    return await command.run(ctx, parsed);
  } catch (error) {
    const hasApiKey = Boolean(io.env.DOCCONV_API_KEY) || argv.some((a) => a === '--api-key' || a.startsWith('--api-key='));
    return reportError(io, command.name, argv.includes('--json'), error, hasApiKey);
  }
}

/** Longest command name matching the leading words; unmatched words become positionals. */
function findCommand(words: string[]): { command: Command; extra: string[] } | undefined {
  for (let n = Math.min(3, words.length); n >= 1; n--) {
    const name = words.slice(0, n).join(' ');
    const command = COMMANDS.find((c) => c.name === name);
    if (command) return { command, extra: words.slice(n) };
  }
  return undefined;
}

function mainHelp(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length + (c.args ? c.args.length + 1 : 0)));
  const rows = COMMANDS.map((c) => `  ${`${c.name}${c.args ? ` ${c.args}` : ''}`.padEnd(width)}  ${c.summary}`);
  return [
    `docconv ${CLI_VERSION}: convert PDFs and images to Markdown with a docconv service`,
    '',
    'Usage: docconv <command> [options]',
    '',
    'Commands:',
    ...rows,
    '',
    'Configuration: DOCCONV_BASE_URL (default http://localhost:8080), DOCCONV_API_KEY, DOCCONV_ADMIN_TOKEN;',
    'the flags --base-url and --api-key override the environment.',
    "Exit codes: 0 success, 1 other failure, 2 usage error, 3 network failure, 10+ per error code ('docconv errors').",
    "Run 'docconv <command> --help' for a command's options.",
    '',
  ].join('\n');
}

function groupHelp(group: string): string {
  const commands = COMMANDS.filter((c) => c.name.startsWith(`${group} `));
  const width = Math.max(...commands.map((c) => c.name.length + (c.args ? c.args.length + 1 : 0)));
  return [
    `Usage: docconv ${group} <command> [options]`,
    '',
    `${GROUPS[group]}.`,
    '',
    'Commands:',
    ...commands.map((c) => `  ${`${c.name}${c.args ? ` ${c.args}` : ''}`.padEnd(width)}  ${c.summary}`),
    '',
  ].join('\n');
}
