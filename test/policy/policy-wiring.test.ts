/**
 * Policies where users run them: `workspace({ policies })` and `plan(stack, { policies })` on the
 * emulators. A mandatory violation at plan is a `policy` error (exit 5) carrying the plan, and an
 * apply refuses before anything is sent; a check of a value known only after apply runs at the
 * gate, stopping the dependent requests (counted on the emulator); advisory findings never stop.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { resourcePolicy, suppress, TrellisError, workspace, type PlanResult } from '#trellis'
import { cloudPack } from '#trellis/policies'
import { costEmulator, hostingEmulator } from '#trellis/clients'
import type { Emulators } from '#trellis/engine'
import { cloudEmulator } from '#trellis/clients'
import { guardedService, openService, service } from './fixtures'

const test = suite('policies in workspace(): plan and apply on the emulators')

const fresh = (): Emulators => ({ cost: costEmulator(), hosting: hostingEmulator(), cloud: cloudEmulator() })
const tempDir = () => mkdtempSync(join(tmpdir(), 'trellis-policy-'))
const writes = (e: Emulators): string[] =>
  Object.entries(e.cloud.requests())
    .filter(([k, n]) => n > 0 && !/:(Describe|Get)/.test(k))
    .map(([k]) => k)

const rejection = async (p: Promise<unknown>): Promise<TrellisError> => {
  const e = await p.then(
    () => undefined,
    (x: unknown) => x,
  )
  assert.instance(e, TrellisError)
  return e as TrellisError
}

const suffix = (allowed: string) =>
  resourcePolicy({
    name: 'sub-domain-suffix',
    description: 'the generated outer sub-domain ends with an allowed suffix',
    enforcement: 'mandatory',
    token: 'cloud:ApiGatewayService',
    check: (step) =>
      (step.outputs.outerSubDomain ?? '').endsWith(allowed)
        ? []
        : [{ path: 'outerSubDomain', message: `${step.outputs.outerSubDomain} is not under ${allowed}` }],
  })

test('plan: a mandatory violation is a policy error (exit 5) carrying the plan; nothing is written', async () => {
  const emu = fresh()
  const ws = workspace({ stateDir: tempDir(), emulate: emu, env: {}, policies: [cloudPack] })
  const e = await rejection(ws.plan(openService))
  assert.is(e.kind, 'policy')
  assert.is(e.exitCode, 5)
  assert.match(e.message, /cloud-outer-service-guarded: cloud:ApiGatewayService\/orders \(netTypes\)/)
  const plan = (e as TrellisError & { plan: PlanResult }).plan
  assert.is(plan.stack, 'open')
  assert.is(plan.findings.length, 1)
  assert.equal(
    plan.policy?.packs.map((p) => p.name),
    ['trellis-cloud'],
  )
  assert.equal(writes(emu), [])
})

test('plan: the guarded service passes; the report lists the pack and no finding', async () => {
  const ws = workspace({ stateDir: tempDir(), emulate: fresh(), env: {} })
  const r = await ws.plan(guardedService, { policies: [cloudPack] })
  assert.equal(r.findings, [])
  assert.is(r.policy?.packs[0].name, 'trellis-cloud')
  // no policy in force: no report at all
  const bare = await ws.plan(guardedService)
  assert.is(bare.policy, undefined)
  assert.equal(bare.findings, [])
})

test('an advisory violation never stops: plan and apply succeed, the finding is reported', async () => {
  const advisory = resourcePolicy({ ...suffix('.nowhere.test'), enforcement: 'advisory' })
  const open = resourcePolicy({
    name: 'open-is-noted',
    description: 'an open service is noted',
    enforcement: 'advisory',
    token: 'cloud:ApiGatewayService',
    check: (step) => (step.inputs.netTypes.includes('OUTER') ? [{ message: 'is open' }] : []),
  })
  const ws = workspace({ stateDir: tempDir(), emulate: fresh(), env: {}, policies: [open, advisory] })
  const p = await ws.plan(openService)
  assert.equal(
    p.findings.map((f) => [f.policy, f.status]),
    [
      ['open-is-noted', 'violation'],
      ['sub-domain-suffix', 'needs-apply-check'],
    ],
  )
  const a = await ws.apply(openService)
  assert.is(a.changes, 1)
  const after = a.findings.find((f) => f.policy === 'sub-domain-suffix')
  assert.is(after?.status, 'violation')
  // nothing depends on the service: its own output is checked after the run
  assert.is(after?.stage, 'after-run')
  assert.is(after?.enforcement, 'advisory')
})

test('apply: a mandatory violation at plan refuses before any request but the reads', async () => {
  const emu = fresh()
  const ws = workspace({ stateDir: tempDir(), emulate: emu, env: {}, policies: [cloudPack] })
  let asked = false
  const e = await rejection(ws.apply(openService, { confirm: () => (asked = true) }))
  assert.is(e.kind, 'policy')
  assert.is(asked, false, 'never asked to confirm a refused plan')
  assert.equal(writes(emu), [])
  assert.equal(await ws.stacks(), [])
})

test('apply: a check of a value known only after apply stops the dependent requests', async () => {
  const emu = fresh()
  const ws = workspace({ stateDir: tempDir(), emulate: emu, env: {}, policies: [suffix('.apigw.example.com')] })
  const p = await ws.plan(guardedService)
  assert.equal(
    p.findings.map((f) => [f.node, f.status]),
    [['cloud:ApiGatewayService/orders', 'needs-apply-check']],
  )
  const e = await rejection(ws.apply(guardedService))
  assert.is(e.kind, 'policy')
  assert.is(e.exitCode, 5)
  assert.match(e.message, /sub-domain-suffix: cloud:ApiGatewayService\/orders \(outerSubDomain\): .*tencentcs\.com/)
  // the service was made (its own output cannot be checked before); nothing that depends on it was sent
  const sent = writes(emu)
  assert.ok(
    sent.some((k) => /CreateService/.test(k)),
    sent.join(', '),
  )
  assert.not.ok(
    sent.some((k) => /IPStrategy/.test(k)),
    sent.join(', '),
  )
  // the service is recorded: nothing made is lost
  const st = await ws.state('guarded')
  assert.ok(st?.resources['cloud:ApiGatewayService/orders'])
})

test('apply: the same check passing lets every step run', async () => {
  const emu = fresh()
  const ws = workspace({ stateDir: tempDir(), emulate: emu, env: {}, policies: [suffix('.apigw.tencentcs.com')] })
  const a = await ws.apply(guardedService)
  assert.is(a.changes, 2)
  assert.equal(a.findings, [])
  assert.ok(
    writes(emu).some((k) => /CreateIPStrategy/.test(k)),
    writes(emu).join(', '),
  )
})

test('a suppression of the violated policy lets the plan through; one naming no node is invalid', async () => {
  const ws = workspace({ stateDir: tempDir(), emulate: fresh(), env: {} })
  const r = await ws.plan(openService, {
    policies: [cloudPack, suppress('cloud-outer-service-guarded', service, 'internal test service')],
  })
  assert.equal(r.findings, [])
  assert.is(r.policy?.suppressed.length, 1)
  const e = await rejection(
    ws.plan(openService, { policies: [cloudPack, suppress('cloud-outer-service-guarded', 'cloud:Nope/x', 'why')] }),
  )
  assert.is(e.kind, 'invalid')
  assert.match(e.message, /cloud:Nope/)
})

test.run()
