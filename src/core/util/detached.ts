// V8 keeps a whole string alive for any piece cut from it (a slice, a regular expression's match, a trimmed line):
// a plan that keeps a file's title, headings and link destinations would keep the file's text through them. What a
// plan keeps of a text is copied apart from it.

/** The same characters in a string of their own, apart from any larger text they were cut from. */
export function detached(text: string): string {
  // Concatenation makes a new string; slicing it flattens that into a fresh copy of the characters.
  return text.length === 0 ? text : (` ${text}`).slice(1);
}

export function detachedAll(texts: readonly string[]): string[] {
  return texts.map(detached);
}
