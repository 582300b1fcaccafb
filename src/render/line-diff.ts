/**
 * lineDiff: two texts as the lines kept, removed and added (longest common subsequence), so a plan
 * shows which line of a long SQL query or filter changed instead of both texts whole.
 */

export interface LineOp {
  /** ' ' kept, '-' only before, '+' only after */
  readonly op: ' ' | '-' | '+'
  readonly text: string
}

// beyond this many cells of the LCS table the middle is shown as removed then added, in bounded time
const MAX_CELLS = 1_000_000

export const lineDiff = (before: string, after: string): LineOp[] => {
  const a = before.split('\n')
  const b = after.split('\n')
  // the common head and tail need no table
  let head = 0
  while (head < a.length && head < b.length && a[head] === b[head]) head++
  let tail = 0
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++
  const x = a.slice(head, a.length - tail)
  const y = b.slice(head, b.length - tail)
  const kept = (t: string): LineOp => ({ op: ' ', text: t })
  const middle: LineOp[] =
    x.length * y.length > MAX_CELLS
      ? [...x.map((t): LineOp => ({ op: '-', text: t })), ...y.map((t): LineOp => ({ op: '+', text: t }))]
      : lcs(x, y)
  return [...a.slice(0, head).map(kept), ...middle, ...a.slice(a.length - tail).map(kept)]
}

const lcs = (x: ReadonlyArray<string>, y: ReadonlyArray<string>): LineOp[] => {
  const n = x.length
  const m = y.length
  // len[i * (m + 1) + j]: the LCS length of x[i..] and y[j..]
  const len = new Uint32Array((n + 1) * (m + 1))
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      len[i * (m + 1) + j] =
        x[i] === y[j]
          ? len[(i + 1) * (m + 1) + j + 1] + 1
          : Math.max(len[(i + 1) * (m + 1) + j], len[i * (m + 1) + j + 1])
  const out: LineOp[] = []
  let i = 0
  let j = 0
  while (i < n && j < m) {
    if (x[i] === y[j]) {
      out.push({ op: ' ', text: x[i++] })
      j++
    } else if (len[(i + 1) * (m + 1) + j] >= len[i * (m + 1) + j + 1]) out.push({ op: '-', text: x[i++] })
    else out.push({ op: '+', text: y[j++] })
  }
  while (i < n) out.push({ op: '-', text: x[i++] })
  while (j < m) out.push({ op: '+', text: y[j++] })
  return out
}
