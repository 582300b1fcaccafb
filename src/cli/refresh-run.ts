/**
 * `refresh` and `apply --refresh-only`: read every resource, show what changed outside trellis, and
 * record it once confirmed.
 */
import { registry } from '../providers'
import type { Stack } from '../core/stack'
import type { CommandContext } from './command-spec'
import { refreshDoc } from './documents'
import { EXIT } from './exit'
import { bool } from './flag-readers'
import { driftText } from './plan-text'

export const refreshRun = async (ctx: CommandContext, st: Stack): Promise<number> => {
  const { out, json } = ctx
  const r = await ctx.workspace().refresh(st, {
    confirm: async (drift) => {
      if (json) out.line(JSON.stringify(refreshDoc({ stack: st.name, drift, written: false, serial: -1 }, registry)))
      else out.line(['Changed outside trellis:', ...driftText(drift, out)].join('\n'))
      return ctx.confirm('recorded')
    },
  })
  if (json) out.line(JSON.stringify(refreshDoc(r, registry), null, 2))
  else if (r.drift.length === 0) out.line('Nothing changed outside trellis: every resource matches state.')
  else if (r.written)
    out.line(
      `Recorded ${r.drift.length} change${r.drift.length === 1 ? '' : 's'} made outside trellis (state serial ${r.serial}).`,
    )
  if (r.drift.length > 0 && !r.written) return ctx.signal.aborted ? EXIT.interrupted : EXIT.failed
  return bool(ctx.args, 'detailed-exitcode') && r.drift.length ? EXIT.changes : EXIT.ok
}
