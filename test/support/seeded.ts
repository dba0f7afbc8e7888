// A seeded generator of numbers in [0, 1), for what a test or a bench makes at random but must make the same on every
// run and machine (a corpus, random Markdown, random trees): mulberry32. An LCG multiplied in floating point past 2^53
// falls into a short cycle and repeats what it makes.
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), state | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}
