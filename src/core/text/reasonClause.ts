/** An error's reason as a clause a sentence goes on after: a refusal's own sentence keeps no full stop of its own. */
export function reasonClause(reason: string): string {
  return reason.replace(/\.+$/, '');
}
