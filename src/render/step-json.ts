/**
 * A plan step as JSON, and back: the one mapping behind `planToJson` (format 2, display text for
 * secrets and unknowns), the CLI's `plan --json` document (format 1, markers) and the saved plan
 * that `plan --out` writes and `apply FILE` reads. The documents differ only in how values are
 * encoded, what a field change carries beside its values, and which flags a step carries where;
 * each says so in a `StepSchema`.
 */
import type { Registry } from '../core/registry'
import type { FieldChange, InnerChange } from '../engine/diff'
import type { Step } from '../engine/plan'
import type { ValueEncoder } from './value-encoder'

type Fields = Readonly<Record<string, unknown>>

export interface StepSchema {
  readonly value: ValueEncoder
  /** what a field change carries after `replaces` (its changes inside, a long text's lines) */
  readonly change: (d: FieldChange, secrets: ReadonlyArray<string>) => Fields
  /** the step's flags written after `action` */
  readonly flags: (s: Step) => Fields
  /** the step's flags written after `notes` */
  readonly trailing: (s: Step) => Fields
}

/** the secret paths of a resource or lookup type (none when the registry does not know it) */
export const secretsOf = (registry: Registry | undefined, token: string): ReadonlyArray<string> =>
  registry?.resources.get(token)?.secrets ?? registry?.lookups.get(token)?.secrets ?? []

export const stepToJson = (schema: StepSchema, registry: Registry | undefined) => (s: Step) => {
  const secrets = secretsOf(registry, s.token)
  return {
    address: s.address,
    token: s.token,
    name: s.name,
    kind: s.kind,
    action: s.action,
    ...schema.flags(s),
    provider: s.provider,
    diff: s.diff.map((d) => ({
      path: d.path,
      kind: d.kind,
      before: schema.value(d.before, secrets, [d.path]) ?? null,
      after: schema.value(d.after, secrets, [d.path]) ?? null,
      replaces: d.replaces,
      ...schema.change(d, secrets),
    })),
    inputs: schema.value(s.inputs, secrets),
    dependsOn: s.deps,
    notes: s.notes,
    ...schema.trailing(s),
  }
}

export type StepJson = ReturnType<ReturnType<typeof stepToJson>>

/** A step read back from its JSON (a saved plan), values turned back by `revive`. */
export const stepFromJson =
  (revive: (u: unknown) => unknown) =>
  (s: StepJson): Step => ({
    address: s.address,
    token: s.token,
    name: s.name,
    kind: s.kind,
    action: s.action,
    provider: s.provider,
    diff: s.diff.map((x) => fieldChangeFromJson(x, revive)),
    inputs: revive(s.inputs) as Record<string, unknown>,
    deps: s.dependsOn,
    notes: s.notes,
    ...flagsOf(s),
  })

/** the flags a step's JSON carries (either schema), as the step has them */
const flagsOf = (j: Readonly<Record<string, unknown>>): Partial<Step> => ({
  ...(typeof j.deleteBeforeReplace === 'boolean' ? { deleteBeforeReplace: j.deleteBeforeReplace } : {}),
  ...(j.readAtApply === true ? { readAtApply: true } : {}),
  ...(typeof j.movedFrom === 'string' ? { movedFrom: j.movedFrom } : {}),
  ...(typeof j.adopts === 'string' ? { adopts: j.adopts } : {}),
})

/**
 * A field change read back. Format 1 writes a nested change's rows as `changes` (each with its
 * unjoined `keys`) and `unchanged`; they become the change's `inner` rows again, so a saved plan
 * shows the same per-key rows as the plan it came from.
 */
const fieldChangeFromJson = (x: StepJson['diff'][number], revive: (u: unknown) => unknown): FieldChange => {
  const j = x as Readonly<Record<string, unknown>>
  const rows = Array.isArray(j.changes) ? (j.changes as ReadonlyArray<Readonly<Record<string, unknown>>>) : undefined
  const inner = rows?.every((r) => Array.isArray(r.keys))
    ? rows.map((r): InnerChange => ({
        path: r.keys as ReadonlyArray<string | number>,
        kind: r.kind as InnerChange['kind'],
        // JSON wrote the missing side as null: an added key had no before, a removed one no after
        before: r.kind === 'add' ? undefined : revive(r.before),
        after: r.kind === 'remove' ? undefined : revive(r.after),
      }))
    : undefined
  return {
    path: x.path,
    kind: x.kind,
    before: revive(x.before),
    after: revive(x.after),
    replaces: x.replaces,
    ...(inner ? { inner, unchanged: typeof j.unchanged === 'number' ? j.unchanged : 0 } : {}),
  }
}
