/** `trellis schema`: every provider, resource type and lookup with its fields. */
import { registry } from '../../providers'
import type { CommandSpec } from '../command-spec'
import { doc } from '../documents'
import { EXIT } from '../exit'
import { COMMON } from '../flags'
import { renderSchema, schemaOf } from '../schema'

export const schema: CommandSpec = {
  name: 'schema',
  args: '',
  summary: 'every provider, resource type and lookup with its fields',
  flags: COMMON,
  example: 'trellis schema --json',
  min: 0,
  max: 0,
  run: ({ out, json }) => {
    const s = schemaOf(registry)
    out.line(json ? JSON.stringify(doc('schema', { ...s }), null, 2) : renderSchema(s))
    return Promise.resolve(EXIT.ok)
  },
}
