// A pattern the matcher would not compile (longer than MAX_PATTERN_LENGTH), as a walk reports it: where it is written.

export interface RefusedPattern {
  /** A .gitignore's label, or a setting's name (files.exclude). */
  source: string;
  /** Its line in a file (1-based); none for a setting. */
  line?: number;
}

/** Whether a verdict (true, false or a refused pattern) is a refused pattern. */
export function isRefusedPattern(verdict: boolean | RefusedPattern | undefined): verdict is RefusedPattern {
  return typeof verdict === 'object';
}
