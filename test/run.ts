/**
 * Test runner: every `test/**\/*.test.ts` through uvu, then the totals line CI reads.
 * `tsx test/run.ts [substring…]` runs only the files whose path contains one of the substrings.
 */
import { readdirSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { pathToFileURL } from 'node:url'

type Runner = () => Promise<[unknown, number, number, number]>
const g = globalThis as unknown as { UVU_DEFER: number; UVU_INDEX: number; UVU_QUEUE: Array<Array<unknown>> }

const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const p = join(dir, f)
    return statSync(p).isDirectory()
      ? f === 'fixtures' || f === 'artifacts'
        ? []
        : walk(p)
      : p.endsWith('.test.ts')
        ? [p]
        : []
  })

const root = new URL('.', import.meta.url).pathname
const filters = process.argv.slice(2)
const files = walk(root)
  .map((f) => relative(process.cwd(), f))
  .filter((f) => filters.length === 0 || filters.some((s) => f.includes(s)))
  .sort()

g.UVU_DEFER = 1
const uvu = await import('uvu')
let passed = 0
let total = 0
let skipped = 0
let index = 0
for (const file of files) {
  g.UVU_INDEX = index++
  g.UVU_QUEUE.push([file])
  await import(pathToFileURL(join(process.cwd(), file)).href)
}
for (const group of g.UVU_QUEUE) {
  for (let i = 1; i < group.length; i++) {
    const run = group[i] as Runner
    group[i] = async () => {
      const r = await run()
      total += r[3]
      passed += r[1]
      skipped += r[2]
      return r
    }
  }
}
await uvu.exec(false)
const failed = total - passed
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
process.exitCode = failed > 0 || files.length === 0 ? 1 : 0
// suites that leave servers open must not hang CI
setTimeout(() => process.exit(process.exitCode ?? 0), 200).unref()
