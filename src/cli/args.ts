// The command line's arguments, read with node:util parseArgs into one value; every mistake becomes a one-line
// reason (exit code 2). The token is deliberately not an option: command lines end up in process lists and CI logs.
import { parseArgs } from 'node:util';
import { MAX_CONCURRENCY } from '../core/run/runner';

export interface PublishArgs {
  paths: string[];
  spaceId: string | undefined;
  parentId: string | undefined;
  overwrite: boolean;
  dryRun: boolean;
  json: boolean;
  concurrency: number;
  force: boolean;
  statePath: string | undefined;
  endpoint: string | undefined;
  timeoutSeconds: number;
}

export type Command = { kind: 'help' } | { kind: 'version' } | { kind: 'publish'; args: PublishArgs };

export type ParsedCommand = { ok: true; command: Command } | { ok: false; message: string };

export const DEFAULT_CONCURRENCY = 4;
export const DEFAULT_TIMEOUT_SECONDS = 60;
const MAX_TIMEOUT_SECONDS = 600;

const OPTIONS = {
  space: { type: 'string' },
  parent: { type: 'string' },
  overwrite: { type: 'boolean' },
  'dry-run': { type: 'boolean' },
  json: { type: 'boolean' },
  concurrency: { type: 'string' },
  force: { type: 'boolean' },
  state: { type: 'string' },
  endpoint: { type: 'string' },
  timeout: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'V' },
} as const;

export function parseCommandLine(argv: readonly string[]): ParsedCommand {
  // Refused by name before parsing, so no message can ever quote the value that followed it.
  const tokenFlag = argv.find((arg) => /^--?(api-?)?token(=|$)/i.test(arg));
  if (tokenFlag !== undefined) {
    return fail('The API token is read only from the WIKI_PUBLISHER_API_TOKEN environment variable, never from a flag (command lines show up in process lists and CI logs).');
  }
  let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true; strict: true }>>;
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    return fail(firstLine(error instanceof Error ? error.message : String(error)));
  }
  const { values, positionals } = parsed;
  if (values.help) return { ok: true, command: { kind: 'help' } };
  if (values.version) return { ok: true, command: { kind: 'version' } };
  const [command, ...paths] = positionals;
  if (command === undefined) return fail('No command given.');
  if (command !== 'publish') return fail(`Unknown command "${command}"; the only command is "publish".`);
  if (paths.length === 0) return fail('Name at least one Markdown file or folder to publish.');

  const concurrency = integerOption(values.concurrency, DEFAULT_CONCURRENCY, 1, MAX_CONCURRENCY);
  if (concurrency === undefined) return fail(`--concurrency must be a whole number from 1 to ${MAX_CONCURRENCY}.`);
  const timeoutSeconds = integerOption(values.timeout, DEFAULT_TIMEOUT_SECONDS, 1, MAX_TIMEOUT_SECONDS);
  if (timeoutSeconds === undefined) return fail(`--timeout must be a whole number of seconds from 1 to ${MAX_TIMEOUT_SECONDS}.`);
  const spaceId = values.space?.trim();
  if (spaceId === '') return fail('--space must not be empty; give a space key such as DOCS, or a space ID.');
  const parentId = values.parent?.trim();
  if (parentId !== undefined && !/^\d+$/.test(parentId)) return fail('--parent must be a page ID made of digits only, such as 123456.');
  if (values.state?.trim() === '') return fail('--state must name a file.');

  return {
    ok: true,
    command: {
      kind: 'publish',
      args: {
        paths, spaceId, parentId, concurrency, timeoutSeconds,
        overwrite: values.overwrite ?? false,
        dryRun: values['dry-run'] ?? false,
        json: values.json ?? false,
        force: values.force ?? false,
        statePath: values.state,
        endpoint: values.endpoint,
      },
    },
  };
}

/** undefined when the text is not a whole number within the bounds. */
function integerOption(text: string | undefined, fallback: number, min: number, max: number): number | undefined {
  if (text === undefined) return fallback;
  if (!/^\s*\d+\s*$/.test(text)) return undefined;
  const value = Number(text);
  return value >= min && value <= max ? value : undefined;
}

function firstLine(text: string): string {
  return text.split('\n')[0] ?? text;
}

function fail(message: string): ParsedCommand {
  return { ok: false, message };
}
