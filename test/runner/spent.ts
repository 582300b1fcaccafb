/**
 * Time a test file took: wall-clock and this process's CPU (user + system), in milliseconds. On a
 * shared machine the wall time says as much about the neighbours as about the file; the CPU time
 * is what the file costs wherever it runs.
 */
export interface Spent {
  readonly wall: number
  readonly cpu: number
}

const cpuMs = (): number => {
  const u = process.cpuUsage()
  return (u.user + u.system) / 1000
}

/** Starts a measure; the function it returns gives the time since. */
export const measure = (): (() => Spent) => {
  const wall = performance.now()
  const cpu = cpuMs()
  return () => ({ wall: performance.now() - wall, cpu: cpuMs() - cpu })
}

export const addSpent = (a: Spent | undefined, b: Spent): Spent => ({
  wall: (a?.wall ?? 0) + b.wall,
  cpu: (a?.cpu ?? 0) + b.cpu,
})

/** `file 1234 ms (cpu 567 ms)` for the five longest by wall time. */
export const slowestLine = (spent: ReadonlyArray<readonly [string, Spent]>): string =>
  `slowest: ${[...spent]
    .sort((a, b) => b[1].wall - a[1].wall)
    .slice(0, 5)
    .map(([f, t]) => `${f} ${t.wall.toFixed(0)} ms (cpu ${t.cpu.toFixed(0)})`)
    .join(', ')}`
