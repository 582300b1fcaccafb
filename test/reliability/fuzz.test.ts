/**
 * Bad input (fast-check): random field values for every resource spec and lookup (a stack built
 * with the generated builders, then compiled), random import ids for every parser, random provider
 * configurations and environments. Nothing may throw; every compile error names
 * the node, says what was expected and what was given (non-empty), with a field path whenever a
 * field is at fault.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import * as E from 'fp-ts/Either'
import fc from 'fast-check'
import { registry } from '#trellis'
import { compileWith as compile } from '#trellis/engine'
import { stack, providerInstance } from '#trellis'
import { secret } from '#trellis'
import { fieldsOf } from '#trellis/engine'
import { configFromEnv } from '#trellis/engine'
import type { Issue } from '#trellis'
import { cost } from '#trellis/cost'
import { hosting } from '#trellis/hosting'
import { cloud } from '#trellis/cloud'
import { recordFigures, seedOf } from './fixtures/figures'
import { anyValueOf, mutated } from '../fixtures/arbitraries'

const seed = seedOf('fuzz', 424242)
const RUNS = Number(process.env.TRELLIS_FUZZ_RUNS ?? 100)
let inputs = 0
let errors = 0
const builders: Record<string, any> = { cost, hosting, cloud }
const uncap = (s: string) => s[0].toLowerCase() + s.slice(1)
const compileNow = compile(registry, { now: new Date('2024-07-15T12:00:00Z') })
const providers = {
  cost: cost.provider({ apiToken: secret('t') }),
  hosting: hosting.provider({ token: secret('t') }),
  cloud: cloud.provider({ secretId: 'AKIDx', secretKey: secret('k'), region: 'ap-guangzhou' }),
}

const anyValue = anyValueOf()

/** every issue is complete: node, expected and given say something */
const checkIssues = (issues: ReadonlyArray<Issue>, node: string, fieldAtFault: boolean): void => {
  assert.ok(issues.length > 0)
  for (const i of issues) {
    errors++
    for (const k of ['node', 'expected', 'given'] as const)
      assert.ok(typeof i[k] === 'string' && i[k].trim() !== '', `${k} of ${JSON.stringify(i)}`)
    assert.type(i.path, 'string')
  }
  if (fieldAtFault)
    assert.ok(
      issues.some((i) => i.node === node && i.path !== ''),
      `an issue of ${node} names a field: ${JSON.stringify(issues)}`,
    )
}

for (const spec of registry.resources.values()) {
  test(`${spec.token}: random inputs compile to a graph or to complete errors`, () => {
    const make = builders[spec.provider][uncap(spec.type)]
    const fields = fieldsOf(spec.inputs).map((f) => f.name)
    const label = `${spec.token} "n"`
    fc.assert(
      fc.property(mutated(spec.examples.valid as Record<string, unknown>, fields), ({ v }) => {
        inputs++
        const s = stack('fuzz', { providers }).add(make('n', v))
        const g = compileNow(s)
        if (E.isLeft(g)) checkIssues(g.left.issues, label, false)
      }),
      { seed, numRuns: RUNS },
    )
  })
}

test('an unknown or mistyped field of every resource is named with its path', () => {
  for (const spec of registry.resources.values()) {
    const make = builders[spec.provider][uncap(spec.type)]
    const fields = fieldsOf(spec.inputs)
    if (fields.length === 0) continue
    const field = fields[0].name
    const g = compileNow(
      stack('fuzz', { providers }).add(
        make('n', { ...(spec.examples.valid as object), [field]: { surely: ['not', 'valid'] } }),
      ),
    )
    assert.ok(E.isLeft(g), `${spec.token}: an object for ${field} was accepted`)
    checkIssues(g.left.issues, `${spec.token} "n"`, true)
    assert.ok(
      g.left.issues.some((i) => i.path.split('.')[0] === field),
      `${spec.token}: ${JSON.stringify(g.left.issues)}`,
    )
  }
})

for (const spec of registry.lookups.values()) {
  test(`${spec.token}: random args compile to a graph or to complete errors`, () => {
    const make = builders[spec.provider][spec.fn]
    const fields = fieldsOf(spec.args).map((f) => f.name)
    fc.assert(
      fc.property(mutated(spec.examples.valid as Record<string, unknown>, fields), ({ v }) => {
        inputs++
        const g = compileNow(stack('fuzz', { providers }).add(make('n', v)))
        if (E.isLeft(g)) checkIssues(g.left.issues, `${spec.token} "n"`, false)
      }),
      { seed, numRuns: Math.max(20, Math.floor(RUNS / 2)) },
    )
  })
}

test('every import-id parser: random ids give a value or a message, never an exception', () => {
  const ids = fc.oneof(
    fc.string(),
    fc.stringMatching(/^[a-z0-9#:|/_-]{0,40}$/),
    fc.array(fc.string({ maxLength: 12 }), { maxLength: 5 }).map((xs) => xs.join(':')),
    fc.array(fc.string({ maxLength: 12 }), { maxLength: 5 }).map((xs) => xs.join('#')),
  )
  for (const spec of registry.resources.values())
    fc.assert(
      fc.property(ids, (id) => {
        inputs++
        const r = spec.identity.parseImportId(id)
        if (E.isLeft(r))
          assert.ok(typeof r.left === 'string' && r.left.trim() !== '', `${spec.token} ${JSON.stringify(id)}`)
        else {
          assert.type(r.right.id, 'string')
          // what parses prints back to an id that parses to the same thing
          const again = spec.identity.parseImportId(spec.identity.printImportId(r.right.id, r.right.inputs ?? {}))
          assert.ok(E.isRight(again), `${spec.token}: ${JSON.stringify(id)} printed back does not parse`)
        }
      }),
      { seed, numRuns: RUNS * 2 },
    )
})

test('every provider configuration: random configurations and environments compile or fail with complete errors', () => {
  for (const [name, p] of registry.providers) {
    const fields = fieldsOf(p.config).map((f) => f.name)
    const keys = Object.values(p.env ?? {}).flat() as string[]
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom(...fields), anyValue, { maxKeys: 4 }),
        fc.dictionary(fc.constantFrom(...(keys.length ? keys : ['X'])), fc.string({ maxLength: 20 }), { maxKeys: 3 }),
        (config, envVars) => {
          inputs++
          let cfg: Record<string, unknown>
          try {
            cfg = configFromEnv<Record<string, unknown>>(p as never, envVars, config)
          } catch (e) {
            return assert.unreachable(`${name}: configFromEnv threw ${String(e)}`)
          }
          const g = compileNow(stack('fuzz', { providers: { [name]: providerInstance(name, cfg) } }))
          if (E.isLeft(g)) checkIssues(g.left.issues, `provider ${name}`, false)
        },
      ),
      { seed, numRuns: RUNS * 2 },
    )
  }
})

test('figures', () => {
  assert.ok(inputs > 3000, `${inputs} inputs`)
  console.log(`  [fuzz] ${inputs} random inputs, ${errors} compile errors checked`)
  recordFigures('fuzz', {
    seed,
    inputsTried: inputs,
    compileErrorsChecked: errors,
    resourceSpecs: registry.resources.size,
    lookupSpecs: registry.lookups.size,
    providers: registry.providers.size,
    runsPerSpec: RUNS,
  })
})

test.run()
