// V8 keeps a whole string alive for any piece cut from it (a slice, a regular expression's match, a trimmed line):
// a plan that keeps a file's title, headings and link destinations would keep the file's text through them. What a
// plan keeps of a text is copied apart from it.

/** The same characters in a string of their own, apart from any larger text they were cut from. */
export function detached(text: string): string {
  // Two pieces joined are copied into one new string, one object holding the characters, apart from the text and from
  // the pieces (V8 makes a join of strings a string of its own, not a concatenation of them). A JSON round trip gives
  // the same at four times the cost; a slice of a new concatenation is two objects, the slice and its copy. A string of
  // one character is never a piece of another. Each UTF-16 unit is kept as it is, lone surrogates included.
  return text.length < 2 ? text : [text.slice(0, 1), text.slice(1)].join('');
}

export function detachedAll(texts: readonly string[]): string[] {
  return texts.map(detached);
}
