/**
 * passphraseProblem: a state whose secrets were encrypted opens only with the passphrase that
 * encrypted them, wherever state records values — a resource's inputs or outputs, a write-ahead
 * entry's inputs, the exported outputs — and a state with digests only takes any passphrase.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { makeProtector, passphraseProblem } from '#trellis/engine'
import { emptyState } from '#trellis/engine'
import type { ResourceState, State } from '#trellis'

const SALT = 'c2FsdC1mb3ItdGVzdHM'
const right = 'correct horse battery staple'
const encrypted = makeProtector(SALT, right).protect('s3cr3t')
const digested = makeProtector(SALT).protect('s3cr3t')

const resource = (fields: Partial<ResourceState>): ResourceState => ({
  address: 'demo:Thing/a',
  token: 'demo:Thing',
  name: 'a',
  provider: 'demo',
  id: 'thing-1',
  inputs: { title: 'a' },
  outputs: { url: 'https://a.example' },
  dependencies: [],
  changedAt: { title: '2024-01-01T00:00:00.000Z' },
  ...fields,
})

const base = emptyState('s', 'lineage', SALT)
const withEncrypted: Record<string, State> = {
  'resource inputs': { ...base, resources: { 'demo:Thing/a': resource({ inputs: { token: encrypted } }) } },
  'resource outputs, deep inside': {
    ...base,
    resources: { 'demo:Thing/a': resource({ outputs: { keys: [{ value: encrypted }] } }) },
  },
  'write-ahead inputs': {
    ...base,
    pending: {
      op1: {
        opId: 'op1',
        op: 'create',
        address: 'demo:Thing/b',
        token: 'demo:Thing',
        name: 'b',
        provider: 'demo',
        inputs: { token: encrypted },
        startedAt: '2024-01-01T00:00:00.000Z',
      },
    },
  },
  'exported outputs': { ...base, outputs: { key: encrypted } },
}

test('an encrypted secret wherever state records values: refused without the passphrase or with another', () => {
  for (const [where, s] of Object.entries(withEncrypted)) {
    assert.match(passphraseProblem(s, undefined) ?? '', /none is given/, where)
    assert.match(passphraseProblem(s, 'wrong') ?? '', /does not open/, where)
    assert.is(passphraseProblem(s, right), undefined, where)
  }
})

test('digests only (or no secret at all): any passphrase, or none', () => {
  const digests: State = {
    ...base,
    resources: { 'demo:Thing/a': resource({ inputs: { token: digested }, outputs: { key: digested } }) },
    outputs: { key: digested },
  }
  for (const s of [base, digests]) {
    assert.is(passphraseProblem(s, undefined), undefined)
    assert.is(passphraseProblem(s, 'anything'), undefined)
  }
})

test.run()
