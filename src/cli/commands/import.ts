/** `trellis import`: adopt an existing object into the stack's state. */
import { registry } from '../../providers'
import type { CommandSpec } from '../command-spec'
import { doc, resourceDoc } from '../documents'
import { EXIT } from '../exit'
import { RUN } from '../flags'

export const importCommand: CommandSpec = {
  name: 'import',
  args: '<program.ts> TOKEN NAME ID',
  summary: "adopt an existing object (ID in the type's import format)",
  flags: [...RUN, 'lock-timeout'],
  example: 'trellis import infra.ts cost:Folder finance fldr_123',
  min: 4,
  max: 4,
  run: async (ctx) => {
    const [, token, name, id] = ctx.args.positionals
    const w = ctx.workspace()
    const r = await w.importResource(await ctx.program(), token, name, id)
    ctx.out.line(
      ctx.json
        ? JSON.stringify(doc('import', { resource: resourceDoc(r, registry) }), null, 2)
        : `Imported ${token} "${name}" (id ${r.id}). Add it to the program to manage it; plan shows any difference.`,
    )
    return EXIT.ok
  },
}
