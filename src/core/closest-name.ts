/**
 * closestName: the known name nearest to a mistyped one (edit distance), for "did you mean"
 * hints in errors about fields that do not exist.
 */

/** Levenshtein distance, case-insensitive (a wrong case is the commonest slip). */
const distance = (a: string, b: string): number => {
  const x = a.toLowerCase()
  const y = b.toLowerCase()
  let prev = Array.from({ length: y.length + 1 }, (_, j) => j)
  for (let i = 1; i <= x.length; i++) {
    const cur = [i]
    for (let j = 1; j <= y.length; j++)
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (x[i - 1] === y[j - 1] ? 0 : 1))
    prev = cur
  }
  return prev[y.length]
}

/** How far a name may be from the given one and still be offered: half its letters by default. */
const halfTheLetters = (length: number): number => Math.max(2, Math.ceil(length / 2))

/** The nearest of `names` to `given`, or undefined when none is within `near` edits of it. */
export const closestName = (
  given: string,
  names: Iterable<string>,
  near: (length: number) => number = halfTheLetters,
): string | undefined => {
  let best: string | undefined
  let bestD = Infinity
  for (const n of names) {
    const d = distance(given, n)
    if (d < bestD) {
      best = n
      bestD = d
    }
  }
  return best !== undefined && bestD <= near(given.length) ? best : undefined
}

/**
 * The nearest within a third of the letters: for commands, flags and addresses, where a wider net
 * would offer an unrelated name as the one meant.
 */
export const closestStrict = (given: string, names: Iterable<string>): string | undefined =>
  closestName(given, names, (length) => Math.max(2, Math.floor(length / 3)))
