/**
 * cost:Folder — a folder of cost reports. From docs/wire/cost.md (not in the spec): the outputs
 * `createdAt` and `updatedAt`; `workspaceToken` is create-only, so changing it replaces the folder.
 * Upstream attributes not carried: type (CostFolder, the default, or ProviderResourceFolder),
 * which the upstream provider never sends either.
 */
import * as t from 'io-ts'
import { defineResource } from '../../core/spec'
import { byToken } from '../../core/observe'
import { workspaceWhenSeveral } from './shared/workspaces-seen'
import { costCrud, dropEmptyUnlessSent, dropServerChosen, hasFields } from './shared/wire'

export const FolderInputs = t.exact(
  t.intersection([
    t.type({
      /** Display title of the folder. */
      title: t.string,
    }),
    t.partial({
      /** Folder this folder is nested in (top level when left out). */
      parentFolderToken: t.string,

      /** Applied to every cost report in the folder. */
      savedFilterTokens: t.array(t.string),

      /** Workspace the folder belongs to (a sub-folder is in its parent's). */
      workspaceToken: t.string,
    }),
  ]),
  'FolderInputs',
)
export type FolderInputs = t.TypeOf<typeof FolderInputs>

export const FolderOutputs = t.exact(
  t.intersection([
    t.type({
      /** The folder's token, assigned by the platform. */
      token: t.string,
    }),
    t.partial({
      /** When it was created (UTC ISO 8601), set by the platform. */
      createdAt: t.string,
      /** When it was last changed (UTC ISO 8601), set by the platform. */
      updatedAt: t.string,
    }),
  ]),
  'FolderOutputs',
)
export type FolderOutputs = t.TypeOf<typeof FolderOutputs>

/** the field naming a folder's parent: with it, the folder is made in the parent's workspace */
export const FOLDER_PARENT = 'parentFolderToken'

export const Folder = defineResource({
  token: 'cost:Folder',
  doc:
    'A folder of cost reports; saved filters given here apply to every report in it. With neither parentFolderToken ' +
    'nor workspaceToken the platform uses the only workspace the API token sees; when it sees several, plan refuses ' +
    'the folder (the upstream provider refuses it always; trellis accepts what the platform accepts).',
  inputs: FolderInputs,
  outputs: FolderOutputs,
  identity: byToken('folder token'),
  replaceOn: ['workspaceToken'],
  // left out, the folder keeps the saved filters it has (an update sends them back, not [])
  computed: ['savedFilterTokens'],
  secrets: [],
  // (see shared/workspaces-seen.ts for why only then)
  rules: [
    { name: 'a workspace when the token sees several', when: 'plan', check: workspaceWhenSeveral(FOLDER_PARENT) },
  ],
  wire: costCrud({
    path: '/v2/folders',
    items: 'folders',
    inputs: FolderInputs,
    outputs: FolderOutputs,
    createOnly: ['workspaceToken'],
    // arrays replace on PUT and a missing array can error: an update always sends one (the
    // platform's, when left out); a create leaves it to the platform
    updateBody: (i) => ({
      title: i.title,
      parentFolderToken: i.parentFolderToken,
      savedFilterTokens: i.savedFilterTokens ?? [],
    }),
    // the reply's own copy, changed in place (see CostCrud.normalise)
    normalise: (out, sent) => {
      dropServerChosen(out, sent, 'workspaceToken')
      dropEmptyUnlessSent(out, sent, 'savedFilterTokens')
      // a sub-folder's workspace is its parent's: only a workspace the user gave counts (an import
      // reports it, and keeps it only where the stack names it too)
      if (sent.workspaceToken === undefined && out.parentFolderToken && hasFields(sent)) out.workspaceToken = undefined
      return out
    },
  }),
  examples: {
    valid: { title: 'Finance', workspaceToken: 'wrkspc_1' },
    invalid: [
      [{ workspaceToken: 'wrkspc_1' }, 'title'],
      [{ title: 'Finance', savedFilterTokens: 'svd_fltr_1' }, 'savedFilterTokens'],
    ],
    outputs: { token: 'fldr_1a2b3c', createdAt: '2024-01-01T00:00:00Z' },
    reply: {
      token: 'fldr_1a2b3c',
      title: 'Finance',
      parent_folder_token: null,
      saved_filter_tokens: [],
      workspace_token: 'wrkspc_1',
      created_at: '2024-01-01T00:00:00Z',
      updated_at: '2024-01-01T00:00:00Z',
    },
  },
})
