/** Where the file store keeps a stack's files: every path from a validated name, checked to lie inside. */
import { promises as fs } from 'node:fs'
import { join, resolve, sep } from 'node:path'
import { stackNameProblem } from '../../core/names'
import { stateError } from '../state-store'

export interface FileLayout {
  readonly dir: string
  readonly bdir: string
  /** a file of a stack: the name validated, the path checked to lie inside the state directory */
  readonly inside: (stack: string, file: string) => string
  readonly snap: (stack: string) => string
  readonly jour: (stack: string) => string
  readonly lockf: (stack: string) => string
  readonly backupOf: (stack: string, serial: number) => string
  /** make the directories once */
  readonly ensure: () => Promise<void>
}

export const fileLayout = (dir: string): FileLayout => {
  const root = resolve(dir)
  const inside = (stack: string, file: string): string => {
    const problem = stackNameProblem(stack)
    if (problem !== undefined) throw stateError('Invalid', problem)
    const path = join(dir, file)
    if (!resolve(path).startsWith(root + sep))
      throw stateError('Invalid', `${JSON.stringify(path)} is not inside the state directory ${root}`)
    return path
  }
  const bdir = join(dir, 'backups')
  let made = false
  return {
    dir,
    bdir,
    inside,
    snap: (s) => inside(s, `${s}.json`),
    jour: (s) => inside(s, `${s}.journal`),
    lockf: (s) => inside(s, `${s}.lock`),
    backupOf: (s, serial) => inside(s, join('backups', `${s}.${serial}.json`)),
    ensure: async () => {
      if (!made) await fs.mkdir(bdir, { recursive: true })
      made = true
    },
  }
}
