/**
 * Engine conformance over EVERY registered resource type, through the mock interpreter: every
 * input field of the valid example fed through a ref is validated before the request — a ref-fed
 * value of the wrong shape fails the step naming the field and the ref, and the node is never
 * sent. (Create, re-plan, import into a fresh state and plan over every type, against the
 * emulators, is test/interpreter/every-resource.test.ts.)
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { isLeft } from 'fp-ts/Either'
import { providers, registry } from '#trellis'
import { resourceNode } from '#trellis/engine'
import type { ResourceNode } from '#trellis'
import { ref as makeRef } from '#trellis'
import { stack, providerInstance, type Stack } from '#trellis'
import { fieldsOf } from '#trellis/engine'
import { apply, formatEngineError } from '#trellis/engine'
import { mockHandler } from '#trellis/testing'
import type { Handler } from '#trellis/engine'
import type { Env } from '#trellis/engine'
import { memoryStore } from '#trellis'
import { CREDENTIALS } from './interpreter/harness'

const stackOf = (...nodes: ReadonlyArray<ResourceNode>): Stack =>
  stack('conformance', {
    providers: Object.fromEntries(providers.map((p) => [p.name, providerInstance(p.name, CREDENTIALS[p.name] ?? {})])),
  }).add(...nodes)
const envOf = (h: Handler, store = memoryStore()): Env => ({
  registry,
  handler: h,
  store,
  events: () => undefined,
  concurrency: 4,
  now: () => new Date('2026-01-01T00:00:00Z'),
})
/** a value no input codec of the specs takes, unless the field takes anything */
const WRONG = Object.freeze({ 'not a valid value': true })

const refs = suite('conformance: ref-fed fields are validated (every resource type)')
for (const spec of registry.resources.values()) {
  // the fields of the valid example (a field added alone may break a cross-field rule at compile)
  const valid = spec.examples.valid as Record<string, unknown>
  const fields = fieldsOf(spec.inputs).filter(
    (f) => f.name in valid && !f.codec.is(WRONG) && f.codec.decode(WRONG)._tag === 'Left',
  )
  refs(
    `${spec.token}: each of ${fields.length} fields fed a wrong value through a ref fails before its request`,
    async () => {
      for (const f of fields) {
        // the source: another object of the same type, whose id is mapped to the wrong value
        const source = resourceNode(spec.token, 'source', valid)
        const bad = resourceNode(spec.token, 'bad', {
          ...valid,
          [f.name]: makeRef(`${spec.token}/source`, ['id']).map(() => WRONG),
        })
        const m = mockHandler()
        const created: string[] = []
        const h: Handler = {
          ...m,
          create: (c, i) => {
            created.push(c.name)
            return m.create(c, i)
          },
        }
        const r = await apply(stackOf(source, bad))(envOf(h))()
        assert.ok(isLeft(r), `${spec.token}.${f.name}: a wrong ref-fed value was accepted`)
        if (isLeft(r)) {
          const text = formatEngineError(r.left)
          assert.ok(
            text.includes(`\`${f.name}`) && text.includes(`${spec.token} "source".out.id (through map)`),
            `${spec.token}.${f.name}: ${text}`,
          )
        }
        assert.not.ok(created.includes('bad'), `${spec.token}.${f.name}: the bad node was sent`)
      }
    },
  )
}
refs.run()
