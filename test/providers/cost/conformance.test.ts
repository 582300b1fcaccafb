import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { isLeft, isRight, left } from 'fp-ts/Either'
import { costProvider } from '#trellis/engine'
import { containsSecret } from '#trellis/engine'
import { errorPaths, errors } from './helpers'
import type { LookupSpec, ResourceSpec } from '#trellis'

const test = suite('cost specs conform to their examples')

const resources: ReadonlyArray<ResourceSpec> = Object.values(costProvider.resources)
const lookups: ReadonlyArray<LookupSpec> = Object.values(costProvider.lookups)

test('every resource and lookup of the brief is registered', () => {
  assert.equal(Object.keys(costProvider.resources).sort(), [
    'AccessGrant',
    'AnomalyNotification',
    'BillingRule',
    'Budget',
    'BusinessMetric',
    'CostAlert',
    'CostReport',
    'CustomProvider',
    'FinancialCommitmentReport',
    'Folder',
    'Invoice',
    'KubernetesEfficiencyReport',
    'ManagedAccount',
    'NetworkFlowReport',
    'RecommendationView',
  ])
  assert.is(Object.keys(costProvider.lookups).length, 28)
})

for (const spec of [...resources, ...lookups]) {
  const name = spec.token
  test(`${name}: the valid example passes`, () => {
    assert.equal(errors(spec, spec.examples.valid), [], JSON.stringify(errors(spec, spec.examples.valid)))
  })
  test(`${name}: every invalid example fails on its path`, () => {
    assert.ok(spec.examples.invalid.length > 0)
    for (const [input, path] of spec.examples.invalid)
      assert.ok(
        errorPaths(spec, input).includes(path),
        `${JSON.stringify(input)} should fail on ${path}, got ${JSON.stringify(errors(spec, input))}`,
      )
  })
}

for (const spec of resources) {
  test(`${spec.token}: outputs and reply decode`, () => {
    assert.ok(isRight(spec.outputs.decode(spec.examples.outputs)))
    const d = spec.wire.decode(spec.examples.reply, { config: {}, inputs: spec.examples.valid })
    if (isLeft(d)) throw new Error(d.left)
    assert.ok(d.right.id.length > 0)
    assert.ok(isRight(spec.outputs.decode(d.right.outputs)))
  })
  test(`${spec.token}: import by token; a malformed id says what is wrong (the format is importFormat)`, () => {
    const ok = spec.identity.parseImportId('tok_123')
    assert.ok(isRight(ok) && ok.right.id === 'tok_123')
    const bad = spec.identity.parseImportId('two words')
    assert.equal(bad, left('has a space'))
    assert.ok(spec.identity.importFormat.includes('token'))
  })
}

for (const spec of lookups) {
  test(`${spec.token}: the example reply decodes to the example result`, () => {
    const r = spec.wire.decode(spec.examples.reply, spec.examples.valid, { config: {} })
    if (isLeft(r)) throw new Error(r.left)
    if (containsSecret(spec.examples.result)) assert.is(JSON.stringify(r.right), JSON.stringify(spec.examples.result))
    else assert.equal(r.right, spec.examples.result)
    assert.ok(isRight(spec.result.decode(r.right)))
  })
}

test.run()
