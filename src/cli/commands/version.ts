/** `trellis version` (and `--version`). */
import type { CommandSpec } from '../command-spec'
import { doc } from '../documents'
import { EXIT } from '../exit'
import { COMMON } from '../flags'

export const version: CommandSpec = {
  name: 'version',
  args: '',
  summary: 'print the version',
  flags: COMMON,
  example: 'trellis --version',
  min: 0,
  max: 0,
  bare: true,
  run: ({ out, json, version: v }) => {
    out.line(json ? JSON.stringify(doc('version', { version: v })) : `trellis ${v}`)
    return Promise.resolve(EXIT.ok)
  },
}
