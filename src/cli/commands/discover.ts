/** `trellis discover`: what exists on the platforms that no stack in the store owns, and what could not be listed. */
import type { Discovered } from '../../discover/discovered'
import type { CommandSpec } from '../command-spec'
import { doc } from '../documents'
import { EXIT } from '../exit'
import { COMMON, STATE } from '../flags'
import type { Out } from '../output'
import { selectionOf } from '../selection-flags'

/** The types not listed and what was left out, as text (discover and generate print it alike). */
export const notListedText = (out: Out, d: Discovered): void => {
  if (d.notListed.length > 0) {
    out.line('Not listed:')
    for (const n of d.notListed) out.line(`  ${n.token}: ${n.reason}`)
  }
  const left = [
    d.owned ? `${d.owned} owned by stacks in the store` : '',
    d.platformOwned ? `${d.platformOwned} made by the platform` : '',
  ].filter((x) => x !== '')
  if (left.length > 0) out.line(`Left out: ${left.join(', ')}.`)
}

export const DISCOVER_FLAGS = [...COMMON, ...STATE, 'emulate', 'data', 'concurrency', 'provider', 'type', 'scope']

export const discoverCommand: CommandSpec = {
  name: 'discover',
  args: '',
  summary: 'list what exists on the platforms that no stack owns (and what could not be listed)',
  flags: DISCOVER_FLAGS,
  example: 'trellis discover --provider hosting --scope siteId=site_1 --emulate',
  min: 0,
  max: 0,
  run: async (ctx) => {
    const d = await ctx.workspace().discover(selectionOf(ctx.args))
    if (ctx.json) {
      ctx.out.line(JSON.stringify(doc('discover', { ...d }), null, 2))
      return EXIT.ok
    }
    ctx.out.line(
      d.objects.length === 0
        ? 'Found nothing that no stack owns.'
        : `Found ${d.objects.length} object(s) that no stack owns:`,
    )
    for (const o of d.objects) ctx.out.line(`  ${o.token}  ${o.importId}`)
    notListedText(ctx.out, d)
    return EXIT.ok
  },
}
