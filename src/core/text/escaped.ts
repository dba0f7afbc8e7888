// Backslash escapes as Markdown (CommonMark) and JSON strings both write them: a character is escaped by the run of
// backslashes right before it when that run is odd (`\\"` is a backslash, then a quote that is not escaped).

/** Whether an odd number of backslashes stands right before `at`. */
export function isEscaped(text: string, at: number): boolean {
  let count = 0;
  for (let before = at - 1; before >= 0 && text[before] === '\\'; before--) count++;
  return (count & 1) === 1;
}
