/**
 * machineSpeedMs: how long this machine takes, now, for a fixed piece of plain CPU work (an
 * integer loop in a fresh `node`, no allocation, no I/O), the median of `runs`. The machines the
 * bench runs on change speed by tens of percent from one minute to the next (session 11: the same
 * loop took 333–491 ms within a minute at load 0), so a full run records this at its start and end:
 * a reader can tell a slow machine from slow code, which a load average does not show.
 */
import { spawnSync } from 'node:child_process'
import { childEnv } from './child-env'

/** the work: 10^8 iterations of an add and a remainder, timed inside the process (start-up excluded) */
const LOOP =
  'let x=0;const t=performance.now();for(let i=0;i<1e8;i++)x+=i%7;process.stdout.write(String(performance.now()-t+(x<0?1:0)))'

export const machineSpeedMs = (runs = 3): number => {
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const r = spawnSync(process.execPath, ['-e', LOOP], { env: childEnv(), encoding: 'utf8', timeout: 30_000 })
    const ms = Number(r.stdout)
    if (r.status !== 0 || !Number.isFinite(ms))
      throw new Error(`the machine-speed loop failed: ${r.stderr.trim().slice(-300)}`)
    times.push(ms)
  }
  times.sort((a, b) => a - b)
  return Math.round(times[Math.floor(times.length / 2)] * 10) / 10
}
