// [start, end) offsets into a text, in order of their starts: the code and HTML of a scanned text.

export type Ranges = ReadonlyArray<readonly [number, number]>;

/** Ranges kept as numbers (scanLists.ts RangeList): how many, and each one's start and end by index. */
export interface RangePairs {
  readonly count: number;
  startAt(index: number): number;
  endAt(index: number): number;
}

/**
 * Whether one of the ranges holds `offset`: the last that starts at or before it, found by a binary search. Ranges come
 * in order of their starts and none starts inside the one before it.
 */
export function inRanges(ranges: Ranges | RangePairs, offset: number): boolean {
  if (!Array.isArray(ranges)) return inPairs(ranges as RangePairs, offset);
  const tuples = ranges as Ranges;
  let low = 0;
  let high = tuples.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((tuples[middle] as readonly [number, number])[0] <= offset) low = middle + 1;
    else high = middle;
  }
  return low > 0 && offset < (tuples[low - 1] as readonly [number, number])[1];
}

/** inRanges of ranges kept as numbers. */
function inPairs(pairs: RangePairs, offset: number): boolean {
  let low = 0;
  let high = pairs.count;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (pairs.startAt(middle) <= offset) low = middle + 1;
    else high = middle;
  }
  return low > 0 && offset < pairs.endAt(low - 1);
}
