/**
 * A tiny provider for the engine's spec-capability tests: a note whose `kind` the platform
 * defaults (to `plain`, or `dated` when a date is given) and whose `labels` it fills when left out
 * (optional + computed).
 */
import * as t from 'io-ts'
import * as E from 'fp-ts/Either'
import { defineResource } from '#trellis'
import { defineProvider } from '#trellis'
import { makeRegistry } from '#trellis'
import { byToken } from '#trellis/engine'
import { rest } from '#trellis/engine'
import { buildersFor } from '#trellis/engine'

const NoteInputs = t.exact(
  t.intersection([
    t.type({ title: t.string }),
    t.partial({ kind: t.string, date: t.string, labels: t.array(t.string) }),
  ]),
  'NoteInputs',
)

export const Note = defineResource({
  token: 'notes:Note',
  doc: 'A note.',
  inputs: NoteInputs,
  outputs: t.exact(t.type({}), 'NoteOutputs'),
  identity: byToken(),
  replaceOn: [],
  secrets: [],
  rules: [],
  defaults: (i) => ({ kind: i.date === undefined ? 'plain' : 'dated' }),
  computed: ['labels'],
  wire: {
    create: (i) => rest('POST', '/notes', { body: i }),
    read: (id) => rest('GET', `/notes/${id}`),
    update: (id, i) => rest('PUT', `/notes/${id}`, { body: i }),
    delete: (id) => rest('DELETE', `/notes/${id}`),
    decode: (r) => E.right({ id: 'n', inputs: r as never, outputs: {} }),
  },
  examples: { valid: { title: 'A' }, invalid: [[{}, 'title']], outputs: {} },
})

export const notesProvider = defineProvider({
  name: 'notes',
  doc: 'test provider',
  config: t.exact(t.partial({}), 'NotesConfig'),
  secrets: [],
  env: {},
  rules: [],
  bridge: () => ({}),
  resources: { Note },
  lookups: {},
})

export const notesRegistry = makeRegistry([notesProvider])
export const notes = buildersFor(notesProvider)
