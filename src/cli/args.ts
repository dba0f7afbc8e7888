// The command line's arguments, read with node:util parseArgs into one value; every mistake becomes a one-line
// reason (exit code 2). No secret is an option (the API token, the client secret, the platform token): command
// lines end up in process lists and CI logs.
import { parseArgs } from 'node:util';
import { DEFAULT_CONCURRENCY, MAX_CONCURRENCY } from '../core/run/runner';
import type { SiblingOrder } from '../core/tree/treePlanTypes';

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
  /** The flags' --space/--parent win over the target a --state record remembers. */
  retarget: boolean;
  /** Replace pages that were edited on the wiki since their last publish (the edit guard leaves them out otherwise). */
  overwriteEdited: boolean;
  /** The identity provider, for read access to the wiki's pages (else WIKI_PUBLISHER_AUTH_URL). */
  authUrl: string | undefined;
  /** The wiki site whose page routes are read (else WIKI_PUBLISHER_BASE_URL). */
  baseUrl: string | undefined;
  /** Publish the one folder given as a page tree under --parent, its page IDs kept in the folder's .wiki-pages.json. */
  tree: boolean;
  /** With --tree: read .wiki-pages.json but never write it (the page IDs it would record are listed instead). */
  noRecord: boolean;
  /** The organisation's diagram renderer (a Kroki base URL), else WIKI_PUBLISHER_DIAGRAMS: Mermaid fences become images. */
  diagrams: string | undefined;
  /** What stdout carries: lines for people, JSON lines (--json), or one Markdown document at the end (`plan`). */
  format: OutputFormat;
  /** --report FILE: a JUnit XML report of the run, written at its end. */
  reportPath: string | undefined;
  /** --markdown-file FILE: the run's Markdown document (the plan, or the results), written at its end. */
  markdownPath: string | undefined;
  /** --expect-plan: the reviewed plan's digest (or @FILE holding a plan): anything else is refused, nothing sent. */
  expectPlan: string | undefined;
  /** --no-notice: pages carry no publish notice (the wiki then cannot tell an edit there from a publish). */
  noNotice: boolean;
  /** --source-url: where a file's repository path is shown, for the notice's link (else the CI system's, if any). */
  sourceUrl: string | undefined;
  /** --sibling-order: with --tree, new pages after the pages they link to ('links', the default) or by name. */
  siblingOrder: SiblingOrder;
}

export type OutputFormat = 'text' | 'json' | 'markdown';
const FORMATS: readonly OutputFormat[] = ['text', 'json', 'markdown'];

export type Command = { kind: 'help' } | { kind: 'version' } | { kind: 'publish'; args: PublishArgs };

export type ParsedCommand = { ok: true; command: Command } | { ok: false; message: string };

export { DEFAULT_CONCURRENCY };
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
  retarget: { type: 'boolean' },
  'overwrite-edited': { type: 'boolean' },
  'auth-url': { type: 'string' },
  'base-url': { type: 'string' },
  tree: { type: 'boolean' },
  'no-record': { type: 'boolean' },
  diagrams: { type: 'string' },
  format: { type: 'string' },
  report: { type: 'string' },
  'markdown-file': { type: 'string' },
  'expect-plan': { type: 'string' },
  'no-notice': { type: 'boolean' },
  'source-url': { type: 'string' },
  'sibling-order': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'V' },
} as const;

// The first pattern that matches a flag's name picks the refusal; the last catches every other secret-like name.
const SECRET_FLAGS: ReadonlyArray<readonly [RegExp, string]> = [
  [/^(api-?)?token$/i, 'The API token is read only from the WIKI_PUBLISHER_API_TOKEN environment variable'],
  [/client[-_]?secret/i, 'The client secret is read only from the WIKI_PUBLISHER_CLIENT_SECRET environment variable'],
  [/platform[-_]?token/i, 'The platform token is read only from the WIKI_PUBLISHER_PLATFORM_TOKEN environment variable'],
  [/token|secret|password|credential/i,
    'Secrets are read only from the environment (WIKI_PUBLISHER_API_TOKEN, WIKI_PUBLISHER_CLIENT_SECRET, WIKI_PUBLISHER_PLATFORM_TOKEN)'],
];

export function parseCommandLine(argv: readonly string[]): ParsedCommand {
  // Refused by name before parsing, so no message can ever quote the value that followed it.
  const secretRefusal = refuseSecretFlags(argv);
  if (secretRefusal !== undefined) return fail(secretRefusal);
  const mistyped = suggestForUnknownOption(argv);
  if (mistyped !== undefined) return fail(mistyped);
  let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true; strict: true; tokens: true }>>;
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true, tokens: true });
  } catch (error) {
    return fail(firstLine(error instanceof Error ? error.message : String(error)));
  }
  const repeated = repeatedValueFlag(parsed.tokens);
  if (repeated !== undefined) return fail(repeated);
  const { values, positionals } = parsed;
  if (values.help) return { ok: true, command: { kind: 'help' } };
  if (values.version) return { ok: true, command: { kind: 'version' } };
  const [command, ...paths] = positionals;
  if (command === undefined) return fail('No command given.');
  if (command !== 'publish' && command !== 'plan') return fail(`Unknown command "${command}"; the commands are "publish" and "plan".`);
  if (paths.length === 0) return fail(`Name at least one Markdown file or folder to ${command}.`);
  const format = outputFormat(command, values.format, values.json);
  if (typeof format === 'object') return fail(format.problem);
  if (values.report?.trim() === '') return fail('--report must name a file, such as wiki-publisher-junit.xml.');
  if (values['markdown-file']?.trim() === '') return fail('--markdown-file must name a file, such as wiki-plan.md.');
  const expectPlan = values['expect-plan']?.trim();
  if (expectPlan !== undefined && (command === 'plan' || values['dry-run'])) return fail('--expect-plan goes with publish (a dry run sends nothing to check).');
  if (expectPlan !== undefined && !expectPlan.startsWith('@') && !/^[0-9a-fA-F]{12,64}$/.test(expectPlan)) {
    return fail('--expect-plan takes the reviewed plan digest (12 to 64 hex digits, as the plan prints it) or @FILE holding the reviewed plan.');
  }
  if (values.tree && paths.length !== 1) return fail('--tree publishes one folder: name exactly one.');
  if (values['no-record'] && !values.tree) return fail('--no-record goes with --tree (it keeps .wiki-pages.json as it is).');
  const siblingOrder = values['sibling-order']?.trim().toLowerCase() ?? 'links';
  if (siblingOrder !== 'links' && siblingOrder !== 'name') return fail('--sibling-order must be "links" (a new page after the pages it links to, sent once) or "name" (the folder\'s order).');
  if (values['sibling-order'] !== undefined && !values.tree) return fail('--sibling-order goes with --tree (it orders the new pages of a tree).');

  const concurrency = integerOption(values.concurrency, DEFAULT_CONCURRENCY, 1, MAX_CONCURRENCY);
  if (concurrency === undefined) return fail(`--concurrency must be a whole number from 1 to ${MAX_CONCURRENCY}.`);
  const timeoutSeconds = integerOption(values.timeout, DEFAULT_TIMEOUT_SECONDS, 1, MAX_TIMEOUT_SECONDS);
  if (timeoutSeconds === undefined) return fail(`--timeout must be a whole number of seconds from 1 to ${MAX_TIMEOUT_SECONDS}.`);
  const spaceId = values.space?.trim();
  if (spaceId === '') return fail('--space must not be empty; give a space key such as DOCS, or a space ID.');
  const parentId = values.parent?.trim();
  if (parentId !== undefined && !/^\d+$/.test(parentId)) return fail('--parent must be a page ID made of digits only, such as 123456.');
  if (values.state?.trim() === '') return fail('--state must name a file.');
  for (const flag of ['auth-url', 'base-url', 'source-url'] as const) {
    if (values[flag]?.trim() === '') return fail(`--${flag} must be a URL, such as https://wiki.example.com.`);
  }

  return {
    ok: true,
    command: {
      kind: 'publish',
      args: {
        paths, spaceId, parentId, concurrency, timeoutSeconds,
        overwrite: values.overwrite ?? false,
        dryRun: command === 'plan' || (values['dry-run'] ?? false),
        json: format === 'json',
        format,
        reportPath: values.report,
        markdownPath: values['markdown-file'],
        expectPlan,
        force: values.force ?? false,
        statePath: values.state,
        endpoint: values.endpoint,
        retarget: values.retarget ?? false,
        overwriteEdited: values['overwrite-edited'] ?? false,
        authUrl: values['auth-url']?.trim(),
        baseUrl: values['base-url']?.trim(),
        tree: values.tree ?? false,
        noRecord: values['no-record'] ?? false,
        diagrams: values.diagrams?.trim() || undefined,
        noNotice: values['no-notice'] ?? false,
        sourceUrl: values['source-url']?.trim(),
        siblingOrder,
      },
    },
  };
}

/** `plan` prints Markdown unless told otherwise; --json is --format json. */
function outputFormat(command: string, format: string | undefined, json: boolean | undefined): OutputFormat | { problem: string } {
  const named = format?.trim().toLowerCase();
  if (named !== undefined && !FORMATS.includes(named as OutputFormat)) return { problem: `--format must be ${FORMATS.join(', ')}.` };
  if (json && named !== undefined && named !== 'json') return { problem: `--json and --format ${named} ask for two formats; give one.` };
  if (json) return 'json';
  return (named as OutputFormat | undefined) ?? (command === 'plan' ? 'markdown' : 'text');
}

function refuseSecretFlags(argv: readonly string[]): string | undefined {
  // After a bare "--" everything is a file name, even one that starts with dashes.
  const end = argv.indexOf('--');
  for (const arg of end === -1 ? argv : argv.slice(0, end)) {
    const name = /^--?([^=]+)/.exec(arg)?.[1];
    const refusal = name === undefined ? undefined : SECRET_FLAGS.find(([pattern]) => pattern.test(name))?.[1];
    if (refusal !== undefined) return `${refusal}, never from a flag (command lines show up in process lists and CI logs).`;
  }
  return undefined;
}

/**
 * A flag that takes a value, given twice with two values (`--space A ... --space B`, often a CI variable's flags beside
 * the template's own): which one was meant is a guess, so the run names both rather than take the last.
 */
function repeatedValueFlag(tokens: ReturnType<typeof parseArgs>['tokens']): string | undefined {
  const seen = new Map<string, string>();
  for (const token of tokens ?? []) {
    if (token.kind !== 'option' || token.value === undefined) continue;
    const earlier = seen.get(token.name);
    if (earlier !== undefined && earlier !== token.value) {
      return `--${token.name} is given twice, as "${earlier}" and as "${token.value}": give it once.`;
    }
    seen.set(token.name, token.value);
  }
  return undefined;
}

/** "Unknown option '--spcae'. Did you mean --space?" for the first unknown long option, when one is close. */
function suggestForUnknownOption(argv: readonly string[]): string | undefined {
  const { tokens } = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: false, tokens: true });
  for (const token of tokens) {
    if (token.kind === 'option-terminator') return undefined;
    if (token.kind !== 'option' || Object.hasOwn(OPTIONS, token.name)) continue;
    // No close match: the strict parse that follows words the refusal (with its hint about "--").
    const meant = token.rawName.startsWith('--') ? closestOption(token.name) : undefined;
    return meant === undefined ? undefined : `Unknown option '${token.rawName}'. Did you mean --${meant}?`;
  }
  return undefined;
}

function closestOption(typed: string): string | undefined {
  // One slip in a short name, two in a long one: beyond that a suggestion is a guess.
  const allowed = Math.min(2, Math.max(1, Math.floor(typed.length / 4)));
  let best: { name: string; distance: number } | undefined;
  for (const name of Object.keys(OPTIONS)) {
    const distance = editDistance(typed.toLowerCase(), name);
    if (distance <= allowed && (best === undefined || distance < best.distance)) best = { name, distance };
  }
  return best?.name;
}

/** Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours cost 1 each. */
function editDistance(a: string, b: string): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row: number[] = [i];
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        row.push(j);
        continue;
      }
      const above = rows[i - 1] ?? [];
      const substitution = (above[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      let distance = Math.min((above[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, substitution);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) distance = Math.min(distance, (rows[i - 2]?.[j - 2] ?? 0) + 1);
      row.push(distance);
    }
    rows.push(row);
  }
  return rows[a.length]?.[b.length] ?? 0;
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
