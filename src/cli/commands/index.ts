// Every command of the CLI, in the order `docconv --help` lists them.
import type { Command } from '../args.js';
import { adminAccountsCreateCommand, adminAccountsUpdateCommand } from './admin.js';
import { convertCommand } from './convert.js';
import { errorsCommand } from './errors.js';
import { jobsCancelCommand, jobsGetCommand, jobsResultCommand, jobsWatchCommand } from './jobs.js';
import { keysCreateCommand, keysListCommand, keysRevokeCommand, keysRotateCommand } from './keys.js';
import { healthCommand, usageCommand, versionCommand } from './meta.js';
import { serveCommand } from './serve.js';

export const COMMANDS: readonly Command[] = [
  convertCommand,
  jobsGetCommand,
  jobsWatchCommand,
  jobsResultCommand,
  jobsCancelCommand,
  keysListCommand,
  keysCreateCommand,
  keysRotateCommand,
  keysRevokeCommand,
  usageCommand,
  healthCommand,
  versionCommand,
  adminAccountsCreateCommand,
  adminAccountsUpdateCommand,
  errorsCommand,
  serveCommand,
];
