/** `trellis graph`: the dependency graph as Mermaid or DOT (--plan: the plan's, styled by action). */
import * as E from 'fp-ts/Either'
import { compile } from '../../engine/compile'
import { graphToDot, graphToMermaid, planToDot, planToMermaid } from '../../render/graph-render'
import { registry } from '../../providers'
import { fromEngineError } from '../../workspace/trellis-error'
import type { CommandContext, CommandSpec } from '../command-spec'
import { doc } from '../documents'
import { EXIT } from '../exit'
import { bool, oneOf } from '../flag-readers'
import { RUN } from '../flags'
import { planOptions } from '../plan-options'

const run = async (ctx: CommandContext): Promise<number> => {
  const { args, out } = ctx
  const format = oneOf(args, 'format', ['mermaid', 'dot'] as const)
  if (bool(args, 'plan')) {
    const w = ctx.workspace()
    const r = await w.plan(await ctx.program(), planOptions(args))
    out.line(format === 'dot' ? planToDot(r.plan) : planToMermaid(r.plan))
    return EXIT.ok
  }
  const g = compile(registry)(await ctx.program())
  if (E.isLeft(g)) throw fromEngineError(g.left)
  if (ctx.json)
    out.line(
      JSON.stringify(
        doc('graph', {
          stack: g.right.stack,
          nodes: g.right.order.map((a) => ({ address: a, dependsOn: g.right.vertices.get(a)!.deps })),
        }),
      ),
    )
  else out.line(format === 'dot' ? graphToDot(g.right) : graphToMermaid(g.right))
  return EXIT.ok
}

export const graph: CommandSpec = {
  name: 'graph',
  args: '<program.ts>',
  summary: 'print the dependency graph (--plan: of the plan, by action)',
  flags: [...RUN, 'format', 'plan', 'refresh'],
  example: 'trellis graph infra.ts --format dot',
  min: 1,
  max: 1,
  run,
}
