/**
 * `trellis generate --out FILE --stack NAME`: the program that adopts what discover finds. It
 * writes the file only (an existing one needs --force); state changes at the next reviewed apply.
 */
import { existsSync, writeFileSync } from 'node:fs'
import type { CommandSpec } from '../command-spec'
import { doc } from '../documents'
import { EXIT } from '../exit'
import { bool, list, str, UsageError } from '../flag-readers'
import { selectionOf } from '../selection-flags'
import { DISCOVER_FLAGS, notListedText } from './discover'

export const generateCommand: CommandSpec = {
  name: 'generate',
  args: '',
  summary: 'write a program that adopts what exists and no stack owns (imports at the next apply)',
  flags: [...DISCOVER_FLAGS, 'out', 'stack', 'force'],
  example: 'trellis generate --out infra.ts --stack legacy --emulate',
  min: 0,
  max: 0,
  run: async (ctx) => {
    const file = str(ctx.args, 'out')
    const stacks = list(ctx.args, 'stack')
    if (file === undefined) throw new UsageError('generate: --out FILE is required (the program to write)', 'generate')
    if (stacks.length !== 1)
      throw new UsageError(`generate: one --stack NAME is required (the stack the program declares)`, 'generate')
    if (existsSync(file) && !bool(ctx.args, 'force'))
      throw new UsageError(`generate: ${file} exists; give --force to replace it`, 'generate')
    const g = await ctx.workspace().generate({ ...selectionOf(ctx.args), stack: stacks[0], file })
    writeFileSync(file, g.source)
    if (ctx.json) {
      const imports = g.objects.map((o) => ({ token: o.token, importId: o.importId }))
      const { objects: _objects, source: _source, ...rest } = g
      ctx.out.line(JSON.stringify(doc('generate', { file, stack: stacks[0], imports, ...rest }), null, 2))
      return EXIT.ok
    }
    ctx.out.line(
      `Wrote ${file}: ${g.objects.length} builder(s) in stack ${stacks[0]}. Review it; \`trellis plan ${file}\` ` +
        'shows one import per object, and apply adopts them.',
    )
    notListedText(ctx.out, g)
    return EXIT.ok
  },
}
