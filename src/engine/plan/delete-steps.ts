/**
 * The steps of resources in state but no longer in the stack: deleted (or only forgotten, when
 * the platform has no delete or the type is gone), dependents first; a protected one is an issue.
 */
import { issue, type Issue } from '../../core/issue'
import { labelOfAddress } from '../../core/node'
import type { Registry } from '../../core/registry'
import type { ResourceState, State } from '../../state/state'
import type { Step } from '../plan'

/** `gone` with dependents (those listing others in `dependencies`) before what they depend on. */
const reverseDeps = (gone: ReadonlyArray<ResourceState>): ResourceState[] => {
  const set = new Set(gone.map((r) => r.address))
  const byAddr = new Map(gone.map((r) => [r.address, r]))
  const out: ResourceState[] = []
  const seen = new Set<string>()
  const visit = (r: ResourceState) => {
    if (seen.has(r.address)) return
    seen.add(r.address)
    for (const o of gone) if (o.dependencies.includes(r.address) && set.has(o.address)) visit(byAddr.get(o.address)!)
    out.push(r)
  }
  gone.forEach(visit)
  return out
}

const protectedIssue = (r: ResourceState): Issue =>
  issue(labelOfAddress(r.address), {
    path: '',
    expected: 'an unprotected resource to delete',
    given: 'protect: true',
    message: 'is protected and is no longer in the stack; remove `protect` first (and apply) to delete it.',
  })

const deleteStep = (r: ResourceState, registry: Registry, state: State): Step => {
  const spec = registry.resources.get(r.token)
  const forget = !spec || spec.wire.delete === 'forget'
  return {
    address: r.address,
    token: r.token,
    name: r.name,
    kind: 'Resource',
    action: forget ? 'forget' : 'delete',
    provider: r.provider,
    diff: [],
    inputs: r.inputs,
    // a deleted node waits for the deletion of the nodes that depended on it
    deps: Object.values(state.resources)
      .filter((o) => o.dependencies.includes(r.address))
      .map((o) => o.address),
    notes: !spec
      ? [`resource type ${r.token} is no longer registered: it is only forgotten, not deleted`]
      : forget
        ? [`the platform has no delete for ${r.token}: it is only removed from state and stays on the platform`]
        : [],
  }
}

/** Push the steps deleting `gone` onto `steps`, and an issue per protected one onto `errors`. */
export const pushDeleteSteps = (
  gone: ReadonlyArray<ResourceState>,
  registry: Registry,
  state: State,
  out: { readonly steps: Step[]; readonly errors: Issue[] },
): void => {
  for (const r of reverseDeps(gone)) {
    if (r.protect) out.errors.push(protectedIssue(r))
    else out.steps.push(deleteStep(r, registry, state))
  }
}
