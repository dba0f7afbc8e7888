// Many asynchronous calls with a bound on how many are in flight: reading files, and the Wiki Pages view's requests.

/** Maps with at most `limit` calls in flight; the results keep the input's order. A rejection rejects the whole. */
export async function mapBounded<T, R>(items: readonly T[], limit: number, map: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let index = next++; index < items.length; index = next++) results[index] = await map(items[index] as T);
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, limit), items.length) }, worker));
  return results;
}
