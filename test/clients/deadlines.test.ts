/**
 * Deadlines: the transport's request timeouts, one timer per duration. Whatever is not stopped
 * expires once, never early, in the order it started; a stopped deadline never expires; a pending
 * deadline keeps the process alive and a stopped one does not.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { startDeadline, stopDeadline } from '../../clients/deadlines'

const test = suite('deadlines')

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

test('what is not stopped expires once, never early and in order; what is stopped never does', async () => {
  const t0 = performance.now()
  const seen: Array<[string, number]> = []
  const owner = (name: string) => ({ expired: () => void seen.push([name, performance.now() - t0]) })
  const a = startDeadline(30, owner('a30'))
  const b = startDeadline(30, owner('b30'))
  startDeadline(60, owner('c60'))
  await sleep(5)
  const d = startDeadline(30, owner('d30'))
  startDeadline(10, owner('e10'))
  stopDeadline(b)
  await sleep(120)
  stopDeadline(a)
  stopDeadline(d)
  assert.equal(
    seen.map(([n]) => n),
    ['e10', 'a30', 'd30', 'c60'],
  )
  for (const [name, at] of seen) assert.ok(at >= Number(name.slice(1)) - 1, `${name} expired after ${at} ms`)
  await sleep(50)
  assert.is(seen.length, 4, 'nothing expires twice')
})

// a child process importing the module through tsx, as the tests do
const child = (body: string) =>
  spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `import { startDeadline, stopDeadline } from ${JSON.stringify(fileURLToPath(new URL('../../clients/deadlines.ts', import.meta.url)))}\n${body}`,
    ],
    { encoding: 'utf8', timeout: 20_000 },
  )

test('a pending deadline keeps the process alive; a stopped one does not', () => {
  const kept = child(`startDeadline(300, { expired: () => console.log('expired') })`)
  assert.is(kept.stdout.trim(), 'expired')
  const t0 = Date.now()
  const gone = child(
    `const d = startDeadline(15_000, { expired: () => console.log('expired') }); stopDeadline(d); console.log('stopped')`,
  )
  assert.is(gone.stdout.trim(), 'stopped')
  assert.ok(Date.now() - t0 < 12_000, 'the process did not wait for a stopped deadline')
})

test.run()
