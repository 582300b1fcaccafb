/** Run `f` over every item, at most `n` at a time, results in the items' order. */
export const eachAtOnce = async <A, B>(
  items: ReadonlyArray<A>,
  n: number,
  f: (a: A) => Promise<B>,
): Promise<ReadonlyArray<B>> => {
  const out: B[] = new Array<B>(items.length)
  let next = 0
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++
      out[i] = await f(items[i])
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(n, items.length)) }, worker))
  return out
}
