// The files the runner reads after a step: GITHUB_OUTPUT (step outputs, each in the heredoc form with a delimiter
// that cannot occur in the value) and GITHUB_STEP_SUMMARY (Markdown shown on the run's page). Both are appended to.
import { randomBytes } from 'node:crypto';
import { appendFile } from 'node:fs/promises';

/** GitHub refuses a step summary over 1 MiB, counted in bytes: a name in Japanese takes three a character. */
export const STEP_SUMMARY_MAX_BYTES = 1_000_000;

export async function appendOutputs(path: string | undefined, outputs: Record<string, string>): Promise<void> {
  if (!path) return;
  const lines: string[] = [];
  for (const [name, value] of Object.entries(outputs)) {
    let delimiter = `ghadelimiter_${randomBytes(16).toString('hex')}`;
    while (value.includes(delimiter)) delimiter = `ghadelimiter_${randomBytes(16).toString('hex')}`;
    lines.push(`${name}<<${delimiter}`, value, delimiter);
  }
  await appendFile(path, `${lines.join('\n')}\n`, 'utf8');
}

export async function appendStepSummary(path: string | undefined, markdown: string): Promise<void> {
  if (!path) return;
  await appendFile(path, `${markdown.trimEnd()}\n`, 'utf8');
}
