/**
 * Import: read the object the import id names, record the fields the stack sets (or the import
 * id carries), then update it to match the stack when it can change in place.
 */
import { isLeft } from 'fp-ts/Either'
import { defaultsFor } from '../diff'
import { stepFailure } from '../handler'
import { changesAtApply } from './changes-at-apply'
import { recordOf } from './record'
import { attempt, ctxOf, settle, type StepAction } from './run-state'
import { doUpdate } from './update'

export const importStep: StepAction = async (st, s, v, p, inputs) => {
  const parsed = v.spec.identity.parseImportId(v.node.options.importId!)
  if (isLeft(parsed)) throw stepFailure(v.label, 'import', parsed.left)
  const target = parsed.right
  const got = await attempt(st.h.read(ctxOf(st, s), target.id, { ...(target.inputs ?? {}), ...inputs }, {}))
  if (!got)
    throw stepFailure(
      v.label,
      'import',
      `no ${v.spec.token} with import id ${JSON.stringify(v.node.options.importId)} exists`,
    )
  // keep only the fields the stack sets (or the import id carries): values the platform chose
  // are not the user's, and recording them would plan their removal (or a replacement)
  const carried = (target.inputs ?? {}) as Record<string, unknown>
  const defaults = defaultsFor(v.spec, v.node.inputs) ?? {}
  const observedInputs = Object.fromEntries(
    Object.entries({ ...defaults, ...carried, ...got.inputs }).filter(
      ([k]) => k in v.node.inputs || k in carried || k in defaults,
    ),
  ) as Record<string, unknown>
  const r = recordOf(st, v, got.id, observedInputs, got)
  await st.store.write({ t: 'put', resource: r })
  const d = changesAtApply(st, v, r.inputs, inputs, false)
  const relevant = d.filter((c) => c.after !== undefined)
  if (relevant.length === 0) return settle(st, p, inputs, r)
  if (relevant.some((c) => v.spec.replaceOn.includes(c.path)) || !v.spec.wire.update)
    throw stepFailure(
      v.label,
      'import',
      `imported, but ${relevant.map((c) => c.path).join(', ')} differ from the stack and cannot change in place; plan again to see the replacement`,
    )
  return settle(st, p, inputs, await doUpdate(st, s, v, { ...observedInputs, ...inputs }, r))
}
