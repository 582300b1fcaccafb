/**
 * A hand-made plan that reaches every branch of a step's JSON in both formats: a replacement with
 * and without deleteBeforeReplace, a move, a lookup read at apply, nested changes by key and index
 * (a key that needs quoting), long texts, secrets by value, by path and protected, unknowns and
 * refs, a token no registry knows, and outputs.
 */
import { ref, secret, type Plan } from '#trellis'
import { UNKNOWN } from '#trellis/engine'
import { makeProtector } from '#trellis/engine'

const long = 'line one\nline two\n' + 'x'.repeat(80)
const stored = makeProtector('salt').protect('kept')

export const everyBranchPlan = {
  version: 1,
  stack: 'st',
  lineage: 'L',
  baseSerial: 3,
  steps: [
    {
      address: 'hosting:EnvironmentVariable/a',
      token: 'hosting:EnvironmentVariable',
      name: 'a',
      kind: 'Resource',
      action: 'replace',
      provider: 'hosting',
      deleteBeforeReplace: true,
      diff: [
        {
          path: 'secretValues',
          kind: 'change',
          before: [{ context: 'all', value: stored }],
          after: [
            { context: 'all', value: 'plain?' },
            { context: 'dev', value: UNKNOWN },
          ],
          replaces: true,
          inner: [
            { path: [0, 'value'], kind: 'change', before: stored, after: 'plain?' },
            { path: [1], kind: 'add', before: undefined, after: { context: 'dev', value: UNKNOWN } },
          ],
          unchanged: 1,
        },
        { path: 'key', kind: 'change', before: 'A', after: 'B', replaces: true },
        { path: 'notes', kind: 'change', before: long, after: long + '\nthree', replaces: false },
        {
          path: 'tags',
          kind: 'change',
          before: { 'a b': 1, c: [1, 2] },
          after: { 'a b': 2, c: [1, 3] },
          replaces: false,
          inner: [
            { path: ['a b'], kind: 'change', before: 1, after: 2 },
            { path: ['c', 1], kind: 'change', before: 2, after: 3 },
            { path: ['d'], kind: 'change', before: long, after: long + 'y' },
          ],
        },
      ],
      inputs: {
        key: 'B',
        secretValues: [{ context: 'all', value: 'plain?' }],
        zone: ref('hosting:DnsZone/z', ['id']),
        later: UNKNOWN,
        stored,
      },
      deps: ['hosting:DnsZone/z'],
      notes: ['a note'],
    },
    {
      address: 'hosting:DnsZone/z',
      token: 'hosting:DnsZone',
      name: 'z',
      kind: 'Resource',
      action: 'replace',
      provider: 'hosting',
      diff: [],
      inputs: { name: 'z.example' },
      deps: [],
      notes: [],
    },
    {
      address: 'hosting:DnsZone/m',
      token: 'hosting:DnsZone',
      name: 'm',
      kind: 'Resource',
      action: 'noop',
      provider: 'hosting',
      movedFrom: 'hosting:DnsZone/old',
      diff: [],
      inputs: {},
      deps: [],
      notes: [],
    },
    {
      address: 'hosting:getSite/s',
      token: 'hosting:getSite',
      name: 's',
      kind: 'Lookup',
      action: 'read',
      provider: 'hosting',
      readAtApply: true,
      diff: [{ path: 'name', kind: 'add', before: undefined, after: null, replaces: false }],
      inputs: { name: secret('n') },
      deps: [],
      notes: [],
    },
    {
      address: 'x:Unknown/q',
      token: 'x:Unknown',
      name: 'q',
      kind: 'Resource',
      action: 'delete',
      provider: 'x',
      deleteBeforeReplace: false,
      diff: [],
      inputs: { a: secret(1) },
      deps: [],
      notes: [],
    },
  ],
  outputs: [{ path: 'o', kind: 'change', before: secret('a'), after: UNKNOWN, replaces: false }],
  warnings: [{ node: 'w', path: 'p', expected: 'e', given: 'g' }],
} as unknown as Plan
