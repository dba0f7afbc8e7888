// V8 keeps a whole string alive for any piece cut from it (a slice, a regular expression's match, a trimmed line):
// a plan that keeps a file's title, headings and link destinations would keep the file's text through them. What a
// plan keeps of a text is copied apart from it.

/** The same characters in a string of their own, apart from any larger text they were cut from. */
export function detached(text: string): string {
  // A JSON string read back is a fresh string of one object holding the characters (lone surrogates included: they
  // are written escaped). A slice of a new concatenation, the other way to copy, is two: the slice and its copy.
  return text.length === 0 ? text : (JSON.parse(JSON.stringify(text)) as string);
}

export function detachedAll(texts: readonly string[]): string[] {
  return texts.map(detached);
}
