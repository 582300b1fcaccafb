/**
 * `trellis graph`: the stack's graph, or with --plan the plan's (each node styled by its action), as
 * Mermaid or DOT. The drawing itself is test/render/graph-render.test.ts's; here the command.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { main, EXIT } from '#src/cli/main'

const test = suite('trellis graph')

test('trellis graph --plan draws the plan (quickstart on the emulators: creates and reads); graph the stack', async () => {
  const out: string[] = []
  const run = (...argv: string[]) => main(argv, { line: (s) => out.push(s), err: () => undefined, colour: false })
  const dir = mkdtempSync(join(tmpdir(), 'trellis-graph-'))
  assert.is(await run('graph', '--plan', 'examples/quickstart.ts', '--emulate', '--state-dir', dir), EXIT.ok)
  const m = out.join('\n')
  assert.match(m, new RegExp(`^ {2}n_\\w+\\["\\+ cost:Folder #quot;finance#quot;"\\]:::create$`, 'm'))
  assert.match(m, new RegExp(`^ {2}n_\\w+\\[/"#lt;= cost:getWorkspaces #quot;all#quot;"/\\]:::read$`, 'm'))
  out.length = 0
  assert.is(
    await run('graph', 'examples/quickstart.ts', '--format', 'dot', '--plan', '--emulate', '--state-dir', dir),
    EXIT.ok,
  )
  assert.match(
    out.join('\n'),
    /"cost:Folder\/finance" \[label="\+ cost:Folder \\"finance\\"", shape=box, style="filled"/,
  )
  out.length = 0
  assert.is(await run('graph', 'examples/quickstart.ts'), EXIT.ok)
  assert.not.match(out.join('\n'), /:::/)
})

test.run()
