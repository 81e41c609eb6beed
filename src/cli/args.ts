// Command definitions and argument parsing on node:util parseArgs (no CLI framework). Each command
// declares its options and positionals once; --help text is generated from the same declaration.
import { parseArgs } from 'node:util';
import type { CliContext } from './context.js';

export class UsageError extends Error {
  constructor(message: string, readonly command?: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export interface OptionSpec {
  type: 'string' | 'boolean';
  short?: string;
  multiple?: boolean;
  /** Placeholder in help, e.g. DIR. */
  value?: string;
  description: string;
}

export interface Command {
  /** Words after `docconv`, e.g. `jobs get`. */
  name: string;
  summary: string;
  /** Positionals in help, e.g. `FILE...`. */
  args?: string;
  /** Inclusive bounds on positionals. */
  minArgs?: number;
  maxArgs?: number;
  options?: Record<string, OptionSpec>;
  /** Extra help text (examples, notes). */
  details?: string;
  run(ctx: CliContext, parsed: ParsedArgs): Promise<number | undefined>;
}

export interface ParsedArgs {
  values: Record<string, string | boolean | string[] | undefined>;
  positionals: string[];
}

/** Options every command accepts. */
export const GLOBAL_OPTIONS: Record<string, OptionSpec> = {
  'base-url': { type: 'string', value: 'URL', description: 'service origin (env DOCCONV_BASE_URL, default http://localhost:8080; a trailing /v1 is fine)' },
  'api-key': { type: 'string', value: 'KEY', description: 'API key (env DOCCONV_API_KEY)' },
  json: { type: 'boolean', description: 'machine-readable JSON on stdout' },
  quiet: { type: 'boolean', short: 'q', description: 'no progress or notes on stderr (errors still)' },
  help: { type: 'boolean', short: 'h', description: 'show help' },
};

/** Global options that take a value (needed to find the command words before full parsing). */
const GLOBAL_VALUE_OPTIONS = new Set(Object.entries(GLOBAL_OPTIONS).filter(([, o]) => o.type === 'string').flatMap(([n, o]) => [`--${n}`, ...(o.short ? [`-${o.short}`] : [])]));

/**
 * Splits argv into command words and the rest. Global options may precede the command
 * (`docconv --base-url X jobs get ID`). Words are taken while they extend a known command
 * (`wantsMore(words)`), so `docconv convert a.pdf -o out` keeps `a.pdf` as an argument.
 */
export function splitCommandWords(argv: string[], wantsMore: (words: string[]) => boolean): { words: string[]; rest: string[] } {
  const words: string[] = [];
  const rest: string[] = [];
  let i = 0;
  for (; i < argv.length && (words.length === 0 || wantsMore(words)); i++) {
    const arg = argv[i];
    if (arg === '--') break;
    if (arg.startsWith('-') && arg !== '-') {
      rest.push(arg);
      if (GLOBAL_VALUE_OPTIONS.has(arg) && i + 1 < argv.length) rest.push(argv[++i]);
      continue;
    }
    words.push(arg);
  }
  return { words, rest: [...rest, ...argv.slice(i)] };
}

export function parseCommandArgs(command: Command, argv: string[]): ParsedArgs {
  const specs = { ...GLOBAL_OPTIONS, ...command.options };
  const options = Object.fromEntries(
    Object.entries(specs).map(([name, o]) => [name, { type: o.type, ...(o.short ? { short: o.short } : {}), ...(o.multiple ? { multiple: true } : {}) }]),
  );
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args: joinDashValues(argv, specs), options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message.replace(/\. To specify a positional argument.*$/s, ''), command.name);
  }
  const values = parsed.values as ParsedArgs['values'];
  if (values.help) return { values, positionals: parsed.positionals };
  const count = parsed.positionals.length;
  if (command.minArgs !== undefined && count < command.minArgs) throw new UsageError(`missing argument: ${command.args ?? ''}`.trim(), command.name);
  if (command.maxArgs !== undefined && count > command.maxArgs) throw new UsageError(`unexpected argument: ${parsed.positionals[command.maxArgs]}`, command.name);
  return { values, positionals: parsed.positionals };
}

/**
 * `--token -abc` → `--token=-abc`: a value may start with a dash (base64url tokens, `-o -`), which
 * parseArgs would reject as ambiguous. Joined only when the next word is not one of our options.
 */
function joinDashValues(argv: string[], specs: Record<string, OptionSpec>): string[] {
  const valued = new Map<string, string>();
  const known = new Set<string>();
  for (const [name, o] of Object.entries(specs)) {
    known.add(`--${name}`);
    if (o.short) known.add(`-${o.short}`);
    if (o.type === 'string') {
      valued.set(`--${name}`, `--${name}`);
      if (o.short) valued.set(`-${o.short}`, `--${name}`);
    }
  }
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') {
      out.push(...argv.slice(i));
      break;
    }
    const next = argv[i + 1];
    const long = valued.get(arg);
    if (long && next !== undefined && next.startsWith('-') && next !== '--' && !known.has(next.split('=')[0])) {
      out.push(`${long}=${next}`);
      i++;
    } else {
      out.push(arg);
    }
  }
  return out;
}

export function commandHelp(command: Command): string {
  const lines = [`Usage: docconv ${command.name}${command.options && Object.keys(command.options).length ? ' [options]' : ''}${command.args ? ` ${command.args}` : ''}`, '', command.summary, ''];
  if (command.options && Object.keys(command.options).length) {
    lines.push('Options:', ...optionLines(command.options), '');
  }
  lines.push('Global options:', ...optionLines(GLOBAL_OPTIONS));
  if (command.details) lines.push('', command.details.trimEnd());
  return `${lines.join('\n')}\n`;
}

function optionLines(options: Record<string, OptionSpec>): string[] {
  const rows = Object.entries(options).map(([name, o]) => {
    const flag = `${o.short ? `-${o.short}, ` : '    '}--${name}${o.type === 'string' ? ` ${o.value ?? 'VALUE'}` : ''}`;
    return [flag, o.description + (o.multiple ? ' (repeatable)' : '')] as const;
  });
  const width = Math.max(...rows.map(([flag]) => flag.length));
  return rows.map(([flag, description]) => `  ${flag.padEnd(width)}  ${description}`);
}

/** Typed accessors for parsed values. */
export function str(parsed: ParsedArgs, name: string): string | undefined {
  const value = parsed.values[name];
  return typeof value === 'string' ? value : undefined;
}

export function bool(parsed: ParsedArgs, name: string): boolean {
  return parsed.values[name] === true;
}

export function list(parsed: ParsedArgs, name: string): string[] {
  const value = parsed.values[name];
  return Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
}

export function positiveInt(parsed: ParsedArgs, name: string, fallback: number, command: string): number {
  const raw = str(parsed, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) throw new UsageError(`--${name} must be a positive integer, got ${raw}`, command);
  return Number(raw);
}
