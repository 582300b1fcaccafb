/** The test files: every `*.test.ts` under test/, fixtures and artifacts aside, sorted. */
import { readdirSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'

const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const p = join(dir, f)
    if (statSync(p).isDirectory()) return f === 'fixtures' || f === 'artifacts' ? [] : walk(p)
    return p.endsWith('.test.ts') ? [p] : []
  })

/** Paths relative to the working directory (`test/cli/cli.test.ts`). */
export const findTests = (testDir: string): string[] =>
  walk(testDir)
    .map((f) => relative(process.cwd(), f))
    .sort()
