/** What the state sub-commands that change state share: the stack, the change, its report. */
import type { Workspace } from '../../workspace/workspace'
import type { CommandContext } from '../command-spec'
import { doc } from '../documents'
import { EXIT } from '../exit'
import { stackName } from '../stack-name'
import type { Surgery } from '../state-surgery'

export const stateChange =
  (perform: (w: Workspace, stack: string, ctx: CommandContext) => Promise<Surgery>) =>
  async (ctx: CommandContext): Promise<number> => {
    const stack = await stackName(ctx)
    const r = await perform(ctx.workspace(), stack, ctx)
    const { args, out } = ctx
    out.line(ctx.json ? JSON.stringify(doc('state-change', { stack, action: args.sub, ...r.detail })) : r.message)
    return EXIT.ok
  }
