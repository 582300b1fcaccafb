/**
 * cost:getFolders — Every folder of cost reports. Item fields come from docs/wire/cost.md (the spec leaves them "not
 * shown"); every page is fetched.
 */
import * as t from 'io-ts'
import { collectionLookup, NoArgs } from './shared/list-lookup'

export const FolderItem = t.exact(
  t.intersection([
    t.type({ token: t.string }),
    t.partial({
      title: t.string,
      parentFolderToken: t.string,
      savedFilterTokens: t.array(t.string),
      workspaceToken: t.string,
      createdAt: t.string,
      updatedAt: t.string,
      /** The folder's kind as the platform names it (`CostFolder`). */
      type: t.string,
    }),
  ]),
  'FolderItem',
)

export const GetFoldersArgs = NoArgs('GetFoldersArgs')
export type GetFoldersArgs = t.TypeOf<typeof GetFoldersArgs>

export const getFolders = collectionLookup({
  token: 'cost:getFolders',
  doc: 'Every folder of cost reports.',
  path: '/v2/folders',
  items: 'folders',
  // a generated program reads an object it refers to outside the selection from this list, by title
  finds: {
    fields: ['folderToken', 'parentFolderToken'],
    byId: () => ({}),
    list: 'folders',
    id: 'token',
    name: 'title',
  },
  list: {
    /** Every folder of cost reports. */
    folders: FolderItem,
  },

  example: {
    reply: {
      links: { next: null },
      folders: [
        {
          token: 'fldr_1',
          title: 'Finance',
          parent_folder_token: null,
          saved_filter_tokens: [],
          workspace_token: 'wrkspc_1',
        },
      ],
    },
    result: { folders: [{ token: 'fldr_1', title: 'Finance', savedFilterTokens: [], workspaceToken: 'wrkspc_1' }] },
  },
})
export const GetFoldersResult = getFolders.result
export type GetFoldersResult = t.TypeOf<typeof GetFoldersResult>
