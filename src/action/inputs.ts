// The action's inputs as the runner passes them: INPUT_<NAME> in the environment, the name upper-cased with spaces as
// "_" (hyphens stay: INPUT_DRY-RUN). They mirror the command line's flags and become its arguments, so the action
// and the CLI parse and check them in one place (src/cli/args.ts). No input is a secret: those come through `env`.

export interface ActionInputs {
  /** The command line the inputs stand for (without `expect-plan`, which needs a file: see main.ts). */
  argv: string[];
  /** The reviewed plan: a digest, or the text of the plan's comment (its hidden marker holds the digest). */
  expectPlan: string | undefined;
  summary: boolean;
  annotations: boolean;
}

export type ReadInputs = { ok: true; inputs: ActionInputs } | { ok: false; message: string };

/** A plan digest is a SHA-256: 64 hex digits. */
export const FULL_DIGEST_HEX = 64;

const VALUE_FLAGS = ['space', 'parent', 'state', 'concurrency', 'timeout', 'endpoint', 'auth-url', 'base-url', 'diagrams', 'sibling-order'] as const;
const SWITCHES = ['tree', 'overwrite', 'overwrite-edited', 'force', 'retarget', 'dry-run', 'no-record'] as const;

export function input(env: NodeJS.ProcessEnv, name: string): string {
  return (env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] ?? '').trim();
}

export function readActionInputs(env: NodeJS.ProcessEnv): ReadInputs {
  const paths = input(env, 'path').split(/\r?\n/).map((line) => line.trim()).filter((line) => line !== '');
  if (paths.length === 0) return { ok: false, message: 'Input "path" is required: the Markdown files or folders to publish, one per line.' };
  // Every path after "--": a file name that starts with dashes is still a file name.
  const argv = ['publish'];
  for (const flag of VALUE_FLAGS) {
    const value = input(env, flag);
    if (value !== '') argv.push(`--${flag}`, value);
  }
  for (const flag of [...SWITCHES, 'summary', 'annotations'] as const) {
    const value = booleanInput(env, flag);
    if (typeof value === 'string') return { ok: false, message: value };
  }
  for (const flag of SWITCHES) if (booleanInput(env, flag) === true) argv.push(`--${flag}`);
  argv.push('--', ...paths);
  const expectPlan = input(env, 'expect-plan');
  // The short form people read is 48 bits, enough to find a plan, not to vouch for one: a workflow that publishes
  // what was reviewed compares every bit, so a bare digest must be whole (a comment's text carries the whole one).
  if (/^[0-9a-fA-F]+$/.test(expectPlan) && expectPlan.length !== FULL_DIGEST_HEX) {
    return { ok: false, message: `Input "expect-plan" must be the whole plan digest (${FULL_DIGEST_HEX} hex digits, the "plan-digest" output) or the plan's comment text, not ${expectPlan.length} hex digits: the action compares all ${FULL_DIGEST_HEX}.` };
  }
  return {
    ok: true,
    inputs: {
      argv,
      expectPlan: expectPlan === '' ? undefined : expectPlan,
      summary: booleanInput(env, 'summary', true) === true,
      annotations: booleanInput(env, 'annotations', true) === true,
    },
  };
}

/** The YAML 1.2 core schema's booleans, as actions/toolkit reads them; anything else is a mistake worth saying. */
function booleanInput(env: NodeJS.ProcessEnv, name: string, fallback = false): boolean | string {
  const value = input(env, name);
  if (value === '') return fallback;
  if (['true', 'True', 'TRUE'].includes(value)) return true;
  if (['false', 'False', 'FALSE'].includes(value)) return false;
  return `Input "${name}" must be true or false, not "${value.slice(0, 40)}".`;
}
