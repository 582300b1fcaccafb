/**
 * The tsconfig.json `trellis init` writes, read from a project the program made in a temporary folder
 * (as a user gets it), for the suites that type-check code under its options.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { main, EXIT } from '#src/cli/main'

export const initTsconfig = async (): Promise<{ readonly compilerOptions: object }> => {
  const dir = mkdtempSync(join(tmpdir(), 'trellis-init-tsconfig-'))
  try {
    const errs: string[] = []
    const quiet = { line: () => undefined, err: (s: string) => void errs.push(s), colour: false }
    const code = await main(['init', join(dir, 'app'), '--trellis', '^0.1.0'], quiet)
    if (code !== EXIT.ok) throw new Error(`trellis init exited ${code}: ${errs.join('\n')}`)
    return JSON.parse(readFileSync(join(dir, 'app', 'tsconfig.json'), 'utf8')) as { compilerOptions: object }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
