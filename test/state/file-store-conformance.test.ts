/**
 * The file store against the StateStore conformance suite: each case gets its own directory; a
 * second instance over it stands for another process.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileStore } from '#trellis'
import { storeConformance } from './store-conformance'

/** the pid of a process that has exited */
export const deadPid = (): number => {
  const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' })
  return Number(r.stdout)
}

storeConformance(
  'file store',
  async () => {
    const dir = mkdtempSync(join(tmpdir(), 'trellis-conf-'))
    const store = fileStore({ dir })
    return {
      store,
      reopen: () => fileStore({ dir }),
      abandonLock: async (stack) =>
        writeFileSync(
          join(dir, `${stack}.lock`),
          JSON.stringify({ owner: 'ghost', pid: deadPid(), host: hostname(), since: new Date().toISOString() }),
        ),
      corrupt: async (stack) => {
        const p = join(dir, `${stack}.json`)
        const text = readFileSync(p, 'utf8')
        writeFileSync(p, text.slice(0, Math.floor(text.length / 2)))
      },
      backups: async (stack) => {
        const r = await store.backups(stack)()
        if (r._tag === 'Left') throw new Error(r.left.message)
        return r.right.map((b) => b.serial)
      },
      restore: (stack) => store.restore(stack)(),
      cleanup: async () => rmSync(dir, { recursive: true, force: true }),
    }
  },
  { waits: true, recovers: true, backups: true },
)
