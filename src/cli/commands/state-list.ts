/** `trellis state list`: every resource in state with its id. */
import type { CommandSpec } from '../command-spec'
import { doc } from '../documents'
import { EXIT } from '../exit'
import { STATE_CMD } from '../flags'
import { stackName } from '../stack-name'

export const stateList: CommandSpec = {
  name: 'list',
  args: '',
  summary: 'every resource in state with its id',
  flags: STATE_CMD,
  example: 'trellis state list --stack quickstart',
  min: 0,
  max: 0,
  run: async (ctx) => {
    const stack = await stackName(ctx)
    const s = await ctx.workspace().state(stack)
    const rs = Object.values(s?.resources ?? {})
    ctx.out.line(
      ctx.json
        ? JSON.stringify(
            doc('state-list', {
              stack,
              serial: s?.serial ?? 0,
              resources: rs.map((r) => ({ address: r.address, token: r.token, name: r.name, id: r.id })),
            }),
          )
        : rs.map((r) => `${r.address}  ${r.id}`).join('\n') || '(empty)',
    )
    return EXIT.ok
  },
}
