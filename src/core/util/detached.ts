// V8 keeps a whole string alive for any piece cut from it (a slice, a regular expression's match, a trimmed line):
// a plan that keeps a file's title, headings and link destinations would keep the file's text through them. A plan
// that lets texts go (10,000 files) copies what it keeps.

/** The same plain data with every string copied apart from the text it was cut from; functions and other values as they are. */
export function detachedCopy<T>(value: T): T {
  return copy(value) as T;
}

function copy(value: unknown): unknown {
  // Concatenation makes a new string; slicing it flattens that into a fresh copy of the characters.
  if (typeof value === 'string') return value.length === 0 ? value : (` ${value}`).slice(1);
  if (Array.isArray(value)) return value.map(copy);
  if (typeof value !== 'object' || value === null || Object.getPrototypeOf(value) !== Object.prototype) return value;
  const copied: Record<string, unknown> = {};
  for (const [key, each] of Object.entries(value)) copied[key] = copy(each);
  return copied;
}
