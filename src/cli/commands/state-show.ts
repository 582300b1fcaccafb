/** `trellis state show`: one resource, or the whole state, secrets masked; text, or JSON with --json. */
import { closestStrict as closest } from '../../core/closest-name'
import { registry } from '../../providers'
import type { State } from '../../state/state'
import { normalizeAddress } from '../../workspace/address'
import { jsonValue } from '../../render/json-value'
import { resourceText, stateText } from '../../render/state-text'
import { TrellisError } from '../../workspace/trellis-error'
import type { CommandSpec } from '../command-spec'
import { doc, resourceDoc } from '../documents'
import { EXIT } from '../exit'
import { STATE_CMD } from '../flags'
import { stackName } from '../stack-name'

const notInState = (s: State, stack: string, addr: string) => {
  const near = closest(addr, Object.keys(s.resources))
  return new TrellisError('failed', [
    {
      node: addr,
      path: '',
      expected: 'an address in state',
      given: addr,
      message: `${addr} is not in the state of ${stack}${near ? ` (did you mean ${near}?)` : ''}`,
    },
  ])
}

const whole = (s: State, stack: string) => ({
  stack,
  serial: s.serial,
  lineage: s.lineage,
  resources: Object.values(s.resources).map((r) => resourceDoc(r, registry)),
  pending: Object.values(s.pending).map((p) => ({ address: p.address, op: p.op, since: p.startedAt })),
  outputs: jsonValue(s.outputs),
})

export const stateShow: CommandSpec = {
  name: 'show',
  args: '[ADDRESS]',
  summary: 'one resource (or the whole state), secrets masked',
  flags: STATE_CMD,
  example: 'trellis state show \'cost:Folder "finance"\'',
  min: 0,
  max: 1,
  run: async (ctx) => {
    const stack = await stackName(ctx)
    const s = await ctx.workspace().state(stack)
    if (!s) throw new TrellisError('state', [], `stack ${stack} has no state`)
    const given = ctx.args.positionals[0]
    const addr = given === undefined ? undefined : normalizeAddress(given)
    if (addr !== undefined && !s.resources[addr]) throw notInState(s, stack, addr)
    if (!ctx.json) {
      ctx.out.line(addr ? resourceText(s.resources[addr], registry).join('\n') : stateText(s, stack, registry))
      return EXIT.ok
    }
    const body = addr ? { stack, address: addr, resource: resourceDoc(s.resources[addr], registry) } : whole(s, stack)
    ctx.out.line(JSON.stringify(doc('state-show', body), null, 2))
    return EXIT.ok
  },
}
