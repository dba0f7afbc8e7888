// Which of two stored sessions is the newer, without clocks. Windows on different machines (a local and a remote
// window) stamp times with clocks that may be minutes or hours apart, so "stored later" cannot be read from a
// timestamp. Every session instead carries its lineage: the sign-in it descends from (a random id, no secret)
// and how many rotations since. Within one sign-in more rotations is newer; a sign-in the lock folder saw replaced
// or signed out is older; a sign-in it never saw was stored by a window whose lock folder is elsewhere, so newer.

export interface Lineage {
  signInId: string;
  rotations: number;
}

export type Standing = 'current' | 'older' | 'newer';

/** Sign-ins a marker remembers as retired; sign-ins are rare, so this covers years of them. */
export const MAX_RETIRED_SIGN_INS = 64;

/**
 * Where a session stands against the lineage a marker records (none for a sign-out) and the sign-ins it saw
 * retired; undefined when either side was stored before lineages existed (the caller falls back).
 */
export function lineageStanding(session: { signInId?: string; rotations?: number }, recorded: Lineage | undefined, retiredSignIns: readonly string[] | undefined): Standing | undefined {
  if (session.signInId === undefined || session.rotations === undefined || retiredSignIns === undefined) return undefined;
  if (retiredSignIns.includes(session.signInId)) return 'older';
  if (!recorded) return 'newer';
  if (recorded.signInId !== session.signInId) return 'newer';
  // The same rotation count with another token is a fork no window should ever adopt.
  return session.rotations > recorded.rotations ? 'newer' : 'older';
}

/** The retired list after `signInIds` end (undefined ids are skipped), newest last, bounded. */
export function retire(retiredSignIns: readonly string[] | undefined, ...signInIds: (string | undefined)[]): string[] {
  const next = [...(retiredSignIns ?? [])];
  for (const id of signInIds) if (id !== undefined && !next.includes(id)) next.push(id);
  return next.slice(-MAX_RETIRED_SIGN_INS);
}
