/**
 * Helpers for the cost provider's tests: validate inputs as compile does (codec, unknown fields,
 * compile-time rules), and run plan-time rules with a prior.
 */
import { ERRORS_LIST_LINKS } from '#trellis/engine'
import type { ResourceSpec, LookupSpec } from '#trellis'
import type { RuleContext } from '#trellis/engine'
import type { Finding } from '#trellis/engine'
import { validateValue } from '#trellis/engine'

const ctx: RuleContext = { config: {}, now: new Date('2024-07-15T00:00:00Z') }

/** Every finding compile would report for these inputs (errors and warnings). */
export const findings = (spec: ResourceSpec | LookupSpec, inputs: unknown): Finding[] => {
  const codec = spec._tag === 'ResourceSpec' ? spec.inputs : spec.args
  const f = validateValue(codec, inputs)
  if (f.length > 0) return f
  const decoded = codec.decode(inputs)
  const value = decoded._tag === 'Right' ? decoded.right : inputs
  return spec.rules.filter((r) => r.when !== 'plan').flatMap((r) => [...r.check(value as never, ctx)])
}

export const errors = (spec: ResourceSpec | LookupSpec, inputs: unknown): Finding[] =>
  findings(spec, inputs).filter((f) => f.severity !== 'warning')
export const warnings = (spec: ResourceSpec | LookupSpec, inputs: unknown): Finding[] =>
  findings(spec, inputs).filter((f) => f.severity === 'warning')
export const errorPaths = (spec: ResourceSpec | LookupSpec, inputs: unknown): string[] =>
  errors(spec, inputs).map((f) => f.path)

/** Findings of the plan-time rules, given what exists. */
export const planFindings = (spec: ResourceSpec, inputs: unknown, prior: Record<string, unknown>): Finding[] =>
  spec.rules
    .filter((r) => r.when === 'plan')
    .flatMap((r) => [...r.check(inputs as never, { ...ctx, prior: { inputs: prior, outputs: {}, changedAt: {} } })])

// ── wire round trips against the emulator ────────────────────────────────────
import * as E from 'fp-ts/Either'
import { restClient } from '#trellis/clients'
import { costEmulator, type CostEmulatorOptions } from '../../../clients/emulators/cost'
import type { PlatformClient, PlatformError } from '#trellis/engine'
import type { Emulator } from '#trellis/clients'
import { deepEqual } from '#trellis/engine'

export const emulated = (o: CostEmulatorOptions = {}): { emu: Emulator; client: PlatformClient } => {
  const emu = costEmulator(o)
  return {
    emu,
    client: restClient({
      baseUrl: 'https://api.vantage.sh',
      token: 'test-token',
      http: emu.client,
      style: ERRORS_LIST_LINKS,
    }),
  }
}

export const call = async (client: PlatformClient, req: Parameters<PlatformClient['call']>[0]): Promise<unknown> => {
  const r = await client.call(req)()
  if (E.isLeft(r)) throw new Error(`${r.left.request}: ${r.left.message} (${r.left.kind})`)
  return r.right
}

export const callError = async (
  client: PlatformClient,
  req: Parameters<PlatformClient['call']>[0],
): Promise<PlatformError> => {
  const r = await client.call(req)()
  if (E.isRight(r)) throw new Error(`expected an error, got ${JSON.stringify(r.right)}`)
  return r.left
}

/**
 * create → read → update → read → delete → read (NotFound), checking that decode gives back what
 * was sent each time (no diff), with `equals` where the spec has one.
 */
export const roundTrip = async (
  spec: ResourceSpec,
  client: PlatformClient,
  create: Record<string, unknown>,
  update: Record<string, unknown> | undefined,
): Promise<{
  id: string
  created: Record<string, unknown>
  updated?: Record<string, unknown>
  outputs: Record<string, unknown>
}> => {
  const ctx = { config: {} }
  const dec = (reply: unknown, inputs: Record<string, unknown>) => {
    const d = spec.wire.decode(reply, { ...ctx, inputs })
    if (E.isLeft(d)) throw new Error(`decode: ${d.left}`)
    return d.right
  }
  const same = (sent: Record<string, unknown>, got: Record<string, unknown>, when: string) => {
    for (const k of new Set([...Object.keys(sent), ...Object.keys(got)])) {
      const eq = (spec.equals as Record<string, ((a: unknown, b: unknown) => boolean) | undefined>)?.[k]
      const ok =
        sent[k] === undefined && got[k] === undefined
          ? true
          : eq && sent[k] !== undefined && got[k] !== undefined
            ? eq(sent[k], got[k])
            : deepEqual(sent[k], got[k])
      if (!ok) throw new Error(`${when}: field ${k} sent ${JSON.stringify(sent[k])}, decoded ${JSON.stringify(got[k])}`)
    }
  }
  const c = dec(await call(client, spec.wire.create(create, ctx)), create)
  same(create, c.inputs as Record<string, unknown>, 'create')
  const r1 = dec(
    await call(client, spec.wire.read(c.id, { ...ctx, inputs: create, outputs: c.outputs as never })),
    create,
  )
  same(create, r1.inputs as Record<string, unknown>, 'read after create')
  let updated: Record<string, unknown> | undefined
  if (update && spec.wire.update) {
    const u = dec(
      await call(client, spec.wire.update(c.id, update, { ...ctx, prior: create, outputs: c.outputs as never })),
      update,
    )
    same(update, u.inputs as Record<string, unknown>, 'update')
    const r2 = dec(
      await call(client, spec.wire.read(c.id, { ...ctx, inputs: update, outputs: u.outputs as never })),
      update,
    )
    same(update, r2.inputs as Record<string, unknown>, 'read after update')
    updated = r2.inputs as Record<string, unknown>
  }
  if (spec.wire.delete !== 'forget') {
    await call(client, spec.wire.delete(c.id, { ...ctx, inputs: create, outputs: c.outputs as never }))
    const gone = await callError(client, spec.wire.read(c.id, { ...ctx, inputs: create, outputs: c.outputs as never }))
    if (gone.kind !== 'NotFound') throw new Error(`read after delete: expected NotFound, got ${gone.kind}`)
  }
  return {
    id: c.id,
    created: c.inputs as Record<string, unknown>,
    updated,
    outputs: c.outputs as Record<string, unknown>,
  }
}
