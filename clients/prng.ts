/**
 * prng: a small seeded generator (mulberry32) for fault injection and jitter in tests: the same
 * seed always yields the same sequence, so a failing chaos run can be replayed exactly.
 */

/** Returns a function yielding floats in [0, 1), determined by `seed` alone. */
export const prng = (seed: number): (() => number) => {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
