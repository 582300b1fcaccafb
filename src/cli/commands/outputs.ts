/**
 * `trellis outputs`: the outputs the last apply recorded, or one by name; `--show-secrets` reveals
 * the secret ones on purpose (they must have been encrypted with TRELLIS_PASSPHRASE).
 */
import { TrellisError } from '../../workspace/trellis-error'
import type { CommandSpec } from '../command-spec'
import { doc } from '../documents'
import { EXIT } from '../exit'
import { bool } from '../flag-readers'
import { STATE_CMD } from '../flags'
import { stackName } from '../stack-name'
import { textValue } from '../text-value'

const noSuchOutput = (stack: string, key: string, all: Readonly<Record<string, unknown>>) =>
  new TrellisError('failed', [
    {
      node: `stack ${stack}`,
      path: key,
      expected: `an output (${Object.keys(all).join(', ') || 'none recorded'})`,
      given: key,
      message: `stack ${stack} has no output ${JSON.stringify(key)}`,
    },
  ])

export const outputs: CommandSpec = {
  name: 'outputs',
  args: '[NAME]',
  summary: 'the outputs the last apply recorded (one by name)',
  flags: [...STATE_CMD, 'show-secrets'],
  example: 'trellis outputs --stack quickstart --json',
  min: 0,
  max: 1,
  run: async (ctx) => {
    const { out } = ctx
    const name = await stackName(ctx)
    const all = await ctx.workspace().outputs(name, { showSecrets: bool(ctx.args, 'show-secrets') })
    const key = ctx.args.positionals[0]
    if (key !== undefined && !(key in all)) throw noSuchOutput(name, key, all)
    if (ctx.json)
      out.line(
        JSON.stringify(
          key === undefined
            ? doc('outputs', { stack: name, outputs: all })
            : doc('output', { stack: name, name: key, value: all[key] }),
          null,
          2,
        ),
      )
    else if (key !== undefined) out.line(typeof all[key] === 'string' ? all[key] : textValue(all[key]))
    else if (Object.keys(all).length === 0) out.line(`Stack ${name} has no outputs recorded.`)
    else for (const [k, v] of Object.entries(all)) out.line(`${k} = ${textValue(v)}`)
    return EXIT.ok
  },
}
