/**
 * Outputs as an integration point: a targeted destroy keeps the outputs of what still exists, and
 * secret outputs are revealed on purpose — `workspace().outputs(name, { showSecrets: true })` and
 * `trellis outputs --show-secrets` — when state encrypted them with a passphrase; without one there
 * is nothing to reveal, and the answer says how to keep them readable.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { stack, secret, workspace, TrellisError } from '#trellis'
import { main } from '#src/cli/main'
import * as cost from '#trellis/cost'

const test = suite('outputs: kept by a targeted destroy, secrets shown on purpose')
const tempDir = () => mkdtempSync(join(tmpdir(), 'trellis-outputs-'))

const money = cost.folder('money', { title: 'Money', workspaceToken: 'wrkspc_default' })
const other = cost.folder('other', { title: 'Other', workspaceToken: 'wrkspc_default' })
const books = stack('books')
  .add(money, other)
  .export('moneyToken', money.out.token)
  .export('otherToken', other.out.token)
  .export('both', [money.out.token, other.out.token])
  .export('owner', 'finance')

test('destroy --target keeps the outputs whose resources remain, drops those reading the destroyed one', async () => {
  const ws = workspace({ stateDir: tempDir(), emulate: true, env: {} })
  try {
    await ws.apply(books)
    const before = await ws.outputs('books')
    assert.equal(Object.keys(before).sort(), ['both', 'moneyToken', 'otherToken', 'owner'])
    const r = await ws.destroy(books, { targets: ['cost:Folder/money'] })
    assert.is(r.changes, 1)
    const after = await ws.outputs('books')
    assert.equal(after, { otherToken: before.otherToken, owner: 'finance' })
    // a whole destroy leaves none
    await ws.destroy(books)
    assert.equal(await ws.outputs('books'), {})
  } finally {
    await ws.close()
  }
})

const vault = stack('vault')
  .add(money)
  .export('dbPassword', secret('hunter2-quartz'))
  .export('nested', { user: 'app', password: secret('s3cret-nested') })
  .export('folder', money.out.token)

test('showSecrets reveals secret outputs encrypted with the passphrase; by default they stay masked', async () => {
  const dir = tempDir()
  const ws = workspace({ stateDir: dir, emulate: true, env: {}, passphrase: 'correct horse' })
  try {
    await ws.apply(vault)
    const masked = await ws.outputs('vault')
    assert.equal(masked.dbPassword, { secret: true })
    const shown = await ws.outputs('vault', { showSecrets: true })
    assert.is(shown.dbPassword, 'hunter2-quartz')
    assert.equal(shown.nested, { user: 'app', password: 's3cret-nested' })
    assert.is(shown.folder, masked.folder)
  } finally {
    await ws.close()
  }
  const wrong = workspace({ stateDir: dir, emulate: true, env: {}, passphrase: 'battery staple' })
  const e = await wrong.outputs('vault', { showSecrets: true }).catch((x: unknown) => x)
  await wrong.close()
  assert.instance(e, TrellisError)
  assert.match((e as TrellisError).message, /TRELLIS_PASSPHRASE does not open the secrets in this state/)
})

test('without a passphrase there is nothing to reveal: the error says how to enable it', async () => {
  const dir = tempDir()
  const ws = workspace({ stateDir: dir, emulate: true, env: {} })
  await ws.apply(vault)
  const e = await ws.outputs('vault', { showSecrets: true }).catch((x: unknown) => x)
  await ws.close()
  assert.instance(e, TrellisError)
  const message = (e as TrellisError).message
  assert.match(message, /the secret outputs of stack vault were recorded without a passphrase: /)
  assert.match(message, /state keeps only a digest of each, so there is nothing to reveal\. Set TRELLIS_PASSPHRASE/)
  // applying again with a passphrase records them encrypted: now they can be read
  const again = workspace({ stateDir: dir, emulate: true, env: {}, passphrase: 'correct horse' })
  try {
    await again.apply(vault)
    assert.is((await again.outputs('vault', { showSecrets: true })).dbPassword, 'hunter2-quartz')
  } finally {
    await again.close()
  }
})

test('trellis outputs --show-secrets prints the secret, without the flag it stays [secret]', async () => {
  const dir = tempDir()
  const root = process.cwd()
  const prog = join(dir, 'vault.ts')
  writeFileSync(
    prog,
    [
      `import { stack, secret } from '${root}/src/index'`,
      `export default stack('vault').export('dbPassword', secret('hunter2-quartz')).export('plain', 'x')`,
    ].join('\n'),
  )
  const run = async (argv: string[], env: Record<string, string | undefined>) => {
    const out: string[] = []
    const err: string[] = []
    const code = await main(
      argv,
      { line: (s) => out.push(s), err: (s) => err.push(s), colour: false },
      {
        env: { ...process.env, NO_COLOR: '1', TRELLIS_PASSPHRASE: undefined, ...env },
        interactive: false,
      },
    )
    return { code, out: out.join('\n'), err: err.join('\n') }
  }
  const key = { TRELLIS_PASSPHRASE: 'correct horse' }
  const a = await run(['apply', prog, '--emulate', '--yes', '--state-dir', dir], key)
  assert.is(a.code, 0, a.err)
  const masked = await run(['outputs', '--stack', 'vault', '--emulate', '--state-dir', dir], key)
  assert.is(masked.code, 0, masked.err)
  assert.not.ok(masked.out.includes('hunter2-quartz'), masked.out)
  const shown = await run(
    ['outputs', 'dbPassword', '--show-secrets', '--stack', 'vault', '--emulate', '--state-dir', dir],
    key,
  )
  assert.is(shown.code, 0, shown.err)
  assert.is(shown.out, 'hunter2-quartz')
  const none = await run(['outputs', '--show-secrets', '--stack', 'vault', '--emulate', '--state-dir', dir], {})
  assert.is(none.code, 1, none.out)
  assert.match(none.err, /set TRELLIS_PASSPHRASE to the passphrase they were encrypted with/)
})

test.run()
