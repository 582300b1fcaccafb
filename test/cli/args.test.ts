/**
 * Exit codes as documented (issue 34 item 8): a bad value of a flag is a usage error (64), found
 * before anything is loaded. Every command and sub-command with every flag it takes, generated from
 * the command table, is in test/cli/commands.test.ts (the table's suite).
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { main, EXIT } from '#src/cli/main'
import { tempDir } from './harness'

test('an invalid --stack exits 64 on apply and on state show, before anything is loaded', async () => {
  for (const argv of [
    ['apply', 'missing-program.ts', '--stack', '../../x', '--state-dir', tempDir()],
    ['state', 'show', 'cost:Folder/f', '--stack', '../../x', '--state-dir', tempDir()],
  ]) {
    const err: string[] = []
    const code = await main(argv, { line: () => undefined, err: (s) => err.push(s), colour: false }, { env: {} })
    assert.is(code, EXIT.usage, `${argv.slice(0, 2).join(' ')}: ${err.join('\n')}`)
    assert.match(err.join('\n'), '--stack: stack name "../../x"')
  }
})

test.run()
