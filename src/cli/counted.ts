/** "1 page", "3 pages": a count with its noun, plural by the count, never "page(s)". */
export function counted(count: number, one: string, many: string): string {
  return count === 1 ? `1 ${one}` : `${count} ${many}`;
}
