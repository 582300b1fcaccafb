/**
 * The CLI as users run it — a subprocess with the real handler — against a cost emulator served on
 * loopback: usage errors send nothing, credentials come from the documented environment variables
 * and are checked before any plan, --target plans only a target and its dependencies.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { BOOKS, cli, costEnv, platform, run, tempDir, writeBooks, type Platform } from './harness'

const test = suite('cli: real wiring over loopback')
let p: Platform
test.before(async () => {
  p = await platform()
})
test.after(() => p.close())

test('an unknown flag or command exits 64 with the closest name, and sends no request', async () => {
  const before = p.requests()
  const d = tempDir()
  const typo = await cli(['apply', '--emualte', BOOKS, '--state-dir', d], costEnv(p))
  assert.is(typo.code, 64)
  assert.match(typo.err, /unknown flag --emualte for apply; did you mean --emulate\?/)
  const swallowed = await cli(['apply', '--yse', BOOKS, '--state-dir', d], costEnv(p))
  assert.is(swallowed.code, 64)
  assert.match(swallowed.err, /did you mean --yes\?/)
  const cmd = await cli(['aply', BOOKS], costEnv(p))
  assert.is(cmd.code, 64)
  assert.match(cmd.err, /unknown command "aply"; did you mean "apply"\?/)
  assert.is(p.requests(), before, 'no request reached the platform')
  assert.not.ok(existsSync(join(d, 'books.json')), 'no state written')
})

test('a missing credential is an error before the plan is shown (exit 3), naming the variable', async () => {
  const before = p.requests()
  const r = await run(['plan', BOOKS, '--state-dir', tempDir()], { COST_HOST: p.url, COST_API_TOKEN: '' })
  assert.is(r.code, 3, r.err)
  assert.match(
    r.err,
    /provider cost has no credential: set apiToken in the cost provider configuration or the environment variable COST_API_TOKEN/,
  )
  assert.not.match(r.out, /Plan for stack/)
  assert.is(p.requests(), before)
})

test('COST_HOST and COST_API_TOKEN from the environment reach the real handler: apply, then no changes', async () => {
  const d = tempDir()
  const a = await run(['apply', BOOKS, '--yes', '--state-dir', d], costEnv(p))
  assert.is(a.code, 0, a.err)
  assert.match(a.out, /Apply complete: 3 changes/)
  const again = await run(['plan', BOOKS, '--state-dir', d, '--detailed-exitcode'], costEnv(p))
  assert.is(again.code, 0, again.err)
  assert.match(again.out, /No changes to the stack; the platform was not read/)
  const refreshed = await run(['plan', BOOKS, '--state-dir', d, '--refresh'], costEnv(p))
  assert.match(refreshed.out, /Nothing changed outside trellis/)
  assert.match(refreshed.out, /No changes\. The platform matches the stack\./)
})

test('--target plans only the target and its dependencies, and says what it left out', async () => {
  const d = tempDir()
  const r = await run(['plan', BOOKS, '--state-dir', d, '--target', 'cost:CostReport "monthly"'], costEnv(p))
  assert.is(r.code, 0, r.err)
  assert.match(r.out, /\+ cost:Folder "finance" will be created/)
  assert.match(r.out, /\+ cost:CostReport "monthly" will be created/)
  assert.not.match(r.out, /cost:Folder "other"/.source + ' will')
  assert.match(r.out, /Targeted plan: 1 other change was left out: cost:Folder "other"/)
  const a = await run(['apply', BOOKS, '--state-dir', d, '--yes', '--target', 'cost:Folder/other'], costEnv(p))
  assert.is(a.code, 0, a.err)
  assert.match(a.out, /Apply complete: 1 change /)
  const st = JSON.parse(readFileSync(join(d, 'books.json'), 'utf8')) as { state: { resources: object } }
  assert.equal(Object.keys(st.state.resources), ['cost:Folder/other'])
  const unknown = await run(['plan', BOOKS, '--state-dir', d, '--target', 'cost:Folder/finanse'], costEnv(p))
  assert.is(unknown.code, 64)
  assert.match(
    unknown.err,
    /cost:Folder\/finanse is neither in the stack nor in state \(did you mean cost:Folder\/finance\?\)/,
  )
})

test('a saved plan applies exactly its steps, and refuses once state or program moved on', async () => {
  const d = tempDir()
  const prog = writeBooks(join(d, 'books.ts'))
  const file = join(d, 'plan.json')
  const saved = await run(['plan', prog, '--state-dir', d, '--out', file], costEnv(p))
  assert.is(saved.code, 0, saved.err)
  assert.not.ok(readFileSync(file, 'utf8').includes('cli-suite-token'), 'no credential in the file')
  const shown = await run(['show', file])
  assert.match(shown.out, /\+ cost:Folder "finance" will be created/)
  // someone else applies first: the saved plan is stale
  const other = await run(['apply', prog, '--state-dir', d, '--yes', '--target', 'cost:Folder/other'], costEnv(p))
  assert.is(other.code, 0, other.err)
  const stale = await run(['apply', file, '--state-dir', d], costEnv(p))
  assert.is(stale.code, 1)
  assert.match(
    stale.err,
    /Refusing to apply the saved plan: the plan was made when books had no state, and it has state now/,
  )
  const again = await run(['plan', prog, '--state-dir', d, '--out', file], costEnv(p))
  assert.is(again.code, 0, again.err)
  const another = await run(['apply', prog, '--state-dir', d, '--yes', '--target', 'cost:Folder/finance'], costEnv(p))
  assert.is(another.code, 0, another.err)
  const moved = await run(['apply', file, '--state-dir', d], costEnv(p))
  assert.is(moved.code, 1, moved.err)
  assert.match(
    moved.err + moved.out,
    /the state moved on: the plan was made at serial 2, the state is now at serial 3 \(another apply ran\)/,
  )
  // a changed program is refused (a fresh process: this one has the program's first version loaded)
  const fresh = await run(['plan', prog, '--state-dir', d, '--out', file], costEnv(p))
  assert.is(fresh.code, 0, fresh.err)
  writeBooks(prog, 'b')
  const changed = await cli(['apply', file, '--state-dir', d], costEnv(p))
  assert.is(changed.code, 1, changed.err)
  assert.match(changed.err, /the program .*books\.ts changed since the plan was made/)
  writeBooks(prog, 'a')
  const ok = await run(['apply', file, '--state-dir', d], costEnv(p))
  assert.is(ok.code, 0, ok.err)
  assert.match(ok.out, /Apply complete: 1 change /)
})

test('outputs, stacks, state show in both address forms, state mv and state rm', async () => {
  const d = tempDir()
  assert.is((await run(['apply', BOOKS, '--state-dir', d, '--yes'], costEnv(p))).code, 0)
  const outs = await run(['outputs', '--state-dir', d])
  assert.match(outs.out, /^report = "rprt_/m)
  const one = await run(['outputs', 'report', '--state-dir', d])
  assert.match(one.out, /^rprt_/)
  assert.match((await run(['stacks', '--state-dir', d])).out, /^books$/m)
  const printed = await run(['state', 'show', 'cost:Folder "finance"', '--state-dir', d])
  assert.is(printed.code, 0, printed.err)
  const slashed = await run(['state', 'show', 'cost:Folder/finance', '--state-dir', d])
  assert.is(printed.out, slashed.out)
  // a human view by default, as `terraform state show`; the document with --json
  assert.match(printed.out, /^# cost:Folder "finance"\n {2}id {11}= "fldr_[^"]+"\n {2}provider {5}= cost\n/)
  assert.match(printed.out, /^ {4}title += "Finance"$/m)
  const json = await run(['state', 'show', 'cost:Folder/finance', '--state-dir', d, '--json'])
  const parsed = JSON.parse(json.out) as { kind: string; resource: { id: string; inputs: { title: string } } }
  assert.equal([parsed.kind, parsed.resource.inputs.title], ['state-show', 'Finance'])
  assert.ok(printed.out.includes(JSON.stringify(parsed.resource.id)), 'the same id in both views')
  const whole = await run(['state', 'show', '--state-dir', d])
  assert.match(whole.out, /^stack books · serial \d+ · 3 resources$/m)
  assert.match(whole.out, /^outputs:\n {2}report = "rprt_/m)
  const mv = await run(['state', 'mv', 'cost:Folder/other', 'cost:Folder "others"', '--state-dir', d])
  assert.is(mv.code, 0, mv.err)
  const list = await run(['state', 'list', '--state-dir', d])
  assert.match(list.out, /cost:Folder\/others {2}fldr_/)
  const rm = await run(['state', 'rm', 'cost:Folder/others', '--state-dir', d])
  assert.is(rm.code, 0, rm.err)
  assert.match(rm.out, /the object stays on the platform/)
  // forgotten, so the program's "other" is planned as a create again
  const plan = await run(['plan', BOOKS, '--state-dir', d], costEnv(p))
  assert.match(plan.out, /\+ cost:Folder "other" will be created/)
  assert.match(plan.out, /Plan: 1 to create/)
})

test.run()
