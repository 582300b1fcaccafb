/**
 * Adoption, shared by a create whose reply was lost (lost-create.ts) and by reconciliation of an
 * interrupted create (operations' reconcile): which object found is ours, and what it holds now.
 */
import { isLeft } from 'fp-ts/Either'
import type { ResourceState } from '../../state/state'
import type { Handler, Obs, OpContext } from '../handler'

/** The first object found that no record (and no adoption in `claimed`, token + id) owns. */
export const unownedIn = (
  resources: Readonly<Record<string, ResourceState>>,
  token: string,
  found: ReadonlyArray<Obs>,
  claimed?: ReadonlySet<string>,
): Obs | undefined => {
  const owned = new Set<string>()
  for (const a in resources) if (resources[a].token === token) owned.add(resources[a].id)
  return found.find((x) => !owned.has(x.id) && !claimed?.has(`${token} ${x.id}`))
}

/** The object read back (a create that is a chain of writes may have stopped part-way); as found if not. */
export const readBack = async (
  h: Handler,
  c: OpContext,
  made: Obs,
  inputs: Readonly<Record<string, unknown>>,
): Promise<Obs> => {
  const back = await h.read(c, made.id, inputs, made.outputs)()
  return isLeft(back) || back.right === undefined ? made : back.right
}
