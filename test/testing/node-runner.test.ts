/**
 * The kit under node:test: a node:test file (fixtures/kit.node-test.ts) run as a subprocess, its
 * passes counted here; and a failing kit assertion as node:test reports it (an AssertionError
 * with the kit's message).
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const test = suite('trellis/testing under node:test')
const file = fileURLToPath(new URL('./fixtures/kit.node-test.ts', import.meta.url))
const nodeTest = (env: Record<string, string>) =>
  new Promise<{ code: number | null; out: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', '--test', '--test-reporter=tap', file],
      { timeout: 60_000, env: { ...process.env, TSX_DISABLE_CACHE: '1', ...env } },
      (e, stdout, stderr) => resolve({ code: e ? ((e as { code?: number }).code ?? 1) : 0, out: stdout + stderr }),
    )
  })

// tsx's disk cache is off: parallel processes can read it mid-write (an empty module runs no test)
// both runs start at once: each is a node process loading tsx (seconds on a busy machine)
let runs: ReturnType<typeof both> | undefined
const both = () => Promise.all([nodeTest({}), nodeTest({ KIT_SHOW_FAILURE: '1' })])

test('the node:test file passes: 3 tests, none failing', async () => {
  const [r] = await (runs ??= both())
  assert.is(r.code, 0, r.out)
  assert.match(r.out, /\n# pass 3\n/)
  assert.match(r.out, /\n# fail 0\n/)
})

test("a failing kit assertion fails the node:test run with the kit's message", async () => {
  const [, r] = await (runs ??= both())
  assert.is(r.code, 1)
  assert.match(r.out, /\n# pass 3\n/)
  assert.match(r.out, /\n# fail 1\n/)
  assert.match(r.out, /not ok 4 - a failing expectation, as node:test reports it/)
  assert.match(r.out, /code: 'ERR_ASSERTION'/)
  assert.match(r.out, /expected 3 cost:Folder steps, but the plan has 1: create cost:Folder "finance"/)
})

test.run()
