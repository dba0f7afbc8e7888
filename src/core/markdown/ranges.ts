// [start, end) offsets into a text, in order of their starts: the code and HTML of a scanned text.

export type Ranges = ReadonlyArray<readonly [number, number]>;

/**
 * Whether one of the ranges holds `offset`: the last that starts at or before it, found by a binary search. Ranges come
 * in order of their starts and none starts inside the one before it.
 */
export function inRanges(ranges: Ranges, offset: number): boolean {
  let low = 0;
  let high = ranges.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((ranges[middle] as readonly [number, number])[0] <= offset) low = middle + 1;
    else high = middle;
  }
  return low > 0 && offset < (ranges[low - 1] as readonly [number, number])[1];
}
