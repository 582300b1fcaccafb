/**
 * The closest of some names to a mistyped one ("did you mean"), by edit distance; undefined when
 * nothing is near enough to be a plausible typo.
 */
const distance = (a: string, b: string): number => {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    let diag = row[0]
    row[0] = i
    for (let j = 1; j <= b.length; j++) {
      const up = row[j]
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1))
      diag = up
    }
  }
  return row[b.length]
}

export const closest = (given: string, names: ReadonlyArray<string>): string | undefined => {
  let best: string | undefined
  let bestD = Infinity
  for (const n of names) {
    const d = distance(given.toLowerCase(), n.toLowerCase())
    if (d < bestD) [best, bestD] = [n, d]
  }
  return best !== undefined && bestD <= Math.max(2, Math.floor(given.length / 3)) ? best : undefined
}
