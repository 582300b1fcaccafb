/**
 * cost:getResourceReports — Every resource report. Item fields come from docs/wire/cost.md (the spec leaves them "not
 * shown"); every page is fetched.
 */
import * as t from 'io-ts'
import { collectionLookup, NoArgs } from './shared/list-lookup'

export const ResourceReportItem = t.exact(
  t.intersection([
    t.type({ token: t.string }),
    t.partial({
      title: t.string,
      userToken: t.string,
      workspaceToken: t.string,
      createdAt: t.string,
      filter: t.string,
      createdByToken: t.string,
      folderToken: t.string,
      columns: t.array(t.string),
    }),
  ]),
  'ResourceReportItem',
)

export const GetResourceReportsArgs = NoArgs('GetResourceReportsArgs')
export type GetResourceReportsArgs = t.TypeOf<typeof GetResourceReportsArgs>

export const getResourceReports = collectionLookup({
  token: 'cost:getResourceReports',
  doc: 'Every resource report.',
  path: '/v2/resource_reports',
  items: 'resource_reports',
  list: {
    /** Every resource report. */
    resourceReports: ResourceReportItem,
  },

  example: {
    reply: {
      links: { next: null },
      resource_reports: [
        {
          token: 'prvdr_rsrc_rprt_1',
          title: 'EC2',
          user_token: 'usr_1',
          workspace_token: 'wrkspc_1',
          created_at: '2024-01-01T00:00:00Z',
        },
      ],
    },
    result: {
      resourceReports: [
        {
          token: 'prvdr_rsrc_rprt_1',
          title: 'EC2',
          userToken: 'usr_1',
          workspaceToken: 'wrkspc_1',
          createdAt: '2024-01-01T00:00:00Z',
        },
      ],
    },
  },
})
export const GetResourceReportsResult = getResourceReports.result
export type GetResourceReportsResult = t.TypeOf<typeof GetResourceReportsResult>
