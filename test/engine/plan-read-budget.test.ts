/**
 * readsBudgeted: every method METHOD_ROLES calls a read is wrapped (bounded by the provider's
 * budget), every write is the handler's own. With the table checked against Handler by the
 * compiler, a read method added to Handler and not bounded fails here.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import * as TE from 'fp-ts/TaskEither'
import { registry } from '#trellis'
import type { Handler } from '#trellis/engine'
import { mockHandler } from '#trellis/testing'
import { METHOD_ROLES, readsBudgeted } from '#src/engine/plan-read-budget'

const test = suite('plan-read-budget')

/** A handler with every optional method present (the mock's own `objects` left out: not a Handler method). */
const full = (): Handler => {
  const { objects: _objects, ...m } = mockHandler()
  void _objects
  return {
    ...m,
    readShared: () => TE.right(undefined),
    listItems: () => TE.right([]),
    list: () => TE.right([]),
    configure: (_s, _i, config) => TE.right(config),
  }
}

test('every read is wrapped, every write is the handler’s own', () => {
  const h = full()
  const b = readsBudgeted(registry, h) as unknown as Record<string, unknown>
  const inner = h as unknown as Record<string, unknown>
  for (const [name, role] of Object.entries(METHOD_ROLES)) {
    if (inner[name] === undefined) continue
    if (role === 'read') assert.is.not(b[name], inner[name], `${name} is a read and should be bounded`)
    else assert.is(b[name], inner[name], `${name} is a write and should be the handler's own`)
  }
})

test('the table names every method the handler has', () => {
  for (const name of Object.keys(full())) assert.ok(name in METHOD_ROLES, `${name} has no role`)
})

test.run()
