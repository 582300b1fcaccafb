/**
 * Docs that cannot rot: every TypeScript block of README.md is written out as the file it names
 * (a first line `// my-stack.ts`; otherwise `readme-<line>.ts`), type-checked with the project's
 * compiler options, and each block that is a test file (uvu or node:test) is run and must pass at
 * least one test and fail none. Blocks import the package by name (`trellis`, `trellis/testing`),
 * as a user's project does.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { execFile } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { projectOptions } from './fixtures/project-options'
import * as cost from 'trellis/cost'

const test = suite('README')
const root = fileURLToPath(new URL('..', import.meta.url))
// git, prettier and eslint ignore test/artifacts, and tsc skips a directory whose name starts with a dot
const dir = join(root, 'test/artifacts/.readme')

interface Block {
  /** 1-based line of the block's first code line in README.md */
  readonly line: number
  readonly name: string
  readonly code: string
  readonly runner?: 'uvu' | 'node:test'
}

const blocksOf = (md: string): ReadonlyArray<Block> => {
  const lines = md.split('\n')
  const out: Block[] = []
  for (let i = 0; i < lines.length; i++) {
    if (lines[i] !== '```ts') continue
    const start = i + 1
    let end = start
    while (end < lines.length && lines[end] !== '```') end++
    const code = lines.slice(start, end).join('\n') + '\n'
    const named = /^\/\/ ([\w.-]+\.ts)\b/.exec(lines[start] ?? '')
    const runner = /from 'uvu'/.test(code) ? 'uvu' : /from 'node:test'/.test(code) ? 'node:test' : undefined
    out.push({
      line: start + 1,
      name: named ? named[1] : `readme-${start + 1}.ts`,
      code,
      ...(runner ? { runner } : {}),
    })
    i = end
  }
  return out
}

const blocks = blocksOf(readFileSync(join(root, 'README.md'), 'utf8'))
rmSync(dir, { recursive: true, force: true })
mkdirSync(dir, { recursive: true })
for (const b of blocks) writeFileSync(join(dir, b.name), b.code)

const run = (b: Block) =>
  new Promise<{ code: number | string; out: string }>((resolve) => {
    const file = join(dir, b.name)
    const args =
      b.runner === 'node:test' ? ['--import', 'tsx', '--test', '--test-reporter=tap', file] : ['--import', 'tsx', file]
    // from the project root, so tsx maps `trellis` to the source as tsconfig's paths say; without
    // tsx's disk cache, which parallel processes can read mid-write (an empty module runs no test)
    execFile(
      process.execPath,
      args,
      { cwd: root, timeout: 120_000, env: { ...process.env, NO_COLOR: '1', TSX_DISABLE_CACHE: '1' } },
      (e, o, err) =>
        // a child killed at the timeout may still exit 0 (tsx relays the signal): say so
        resolve({ code: e ? (e.killed ? `killed after 120 s` : (e.code ?? 1)) : 0, out: o + err }),
    )
  })

/** Run the blocks two at a time (two cores): all at once, one could starve past its timeout. */
const runAll = async (bs: ReadonlyArray<Block>) => {
  const out: Array<Awaited<ReturnType<typeof run>>> = []
  let next = 0
  const worker = async () => {
    while (next < bs.length) {
      const i = next++
      out[i] = await run(bs[i])
    }
  }
  await Promise.all([worker(), worker()])
  return out
}

/** passed, total — from uvu's summary or node:test's TAP totals */
const counts = (b: Block, out: string): [number, number] => {
  const n = (re: RegExp) => Number(re.exec(out)?.[1] ?? NaN)
  return b.runner === 'node:test'
    ? [n(/^# pass (\d+)$/m), n(/^# tests (\d+)$/m)]
    : [n(/Passed:\s+(\d+)/), n(/Total:\s+(\d+)/)]
}

// the test blocks start now, in child processes, while this process type-checks every block
const runnable = blocks.filter((b) => b.runner)
const results = runAll(runnable)

test('README has the stack, tests under both runners, and every block has its own file name', () => {
  const names = blocks.map((b) => b.name)
  assert.ok(names.includes('my-stack.ts'), names.join(', '))
  assert.ok(blocks.filter((b) => b.runner === 'uvu').length >= 3)
  assert.ok(blocks.some((b) => b.runner === 'node:test'))
  assert.is(new Set(names).size, names.length, `two blocks share a file name: ${names.join(', ')}`)
})

test('every TypeScript block type-checks with the project compiler options', () => {
  const files = blocks.map((b) => join(dir, b.name))
  const program = ts.createProgram(files, projectOptions(root))
  // diagnostics of the blocks alone: the checker reads the library's types as the blocks need them
  const problems = blocks.flatMap((b) => {
    const sf = program.getSourceFile(join(dir, b.name))!
    return [...program.getSyntacticDiagnostics(sf), ...program.getSemanticDiagnostics(sf)].map((d) => {
      const at = d.start === undefined ? 0 : sf.getLineAndCharacterOfPosition(d.start).line
      return `README.md:${b.line + at} (${b.name}): ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`
    })
  })
  assert.equal(problems, [])
})

test('every test block runs and passes: at least one test, none failing', async () => {
  const done = await results
  const report = runnable.map((b, i) => {
    const [passed, total] = counts(b, done[i].out)
    return `${b.name}: exit ${done[i].code}, ${passed}/${total} passed`
  })
  assert.equal(
    report,
    runnable.map((b, i) => {
      const [, total] = counts(b, done[i].out)
      return `${b.name}: exit 0, ${total}/${total} passed`
    }),
    done.map((r) => r.out).join('\n'),
  )
  for (const [i, b] of runnable.entries())
    assert.ok(counts(b, done[i].out)[1] > 0, `${b.name} ran no test:\n${done[i].out}`)
})

test('bridgeConfig gives the underlying engine key names', () => {
  const b = cost.bridgeConfig(cost.provider({ apiToken: 'sekret-123', timeout: '5m' }))
  assert.equal(Object.keys(b).sort(), ['api_token', 'host', 'timeout'])
  assert.is(b.timeout, '5m')
  assert.is(b.host, 'https://api.vantage.sh')
  assert.not.ok(JSON.stringify(b).includes('sekret-123'))
})

test.run()
