/**
 * cost:getResourceReportColumns — the columns available to resource reports of one resource type
 * (a type name of the query language, e.g. `aws_instance`); an unknown type is a 400 from the platform.
 */
import * as t from 'io-ts'
import * as E from 'fp-ts/Either'
import { pipe } from 'fp-ts/function'
import { defineLookup } from '../../core/spec'
import { rest } from '../../core/wire'
import { decodeWith } from './shared/wire'

export const GetResourceReportColumnsArgs = t.exact(
  t.type({
    /** Required. a resource type name of the query language. */
    resourceType: t.string,
  }),
  'GetResourceReportColumnsArgs',
)
export type GetResourceReportColumnsArgs = t.TypeOf<typeof GetResourceReportColumnsArgs>

export const GetResourceReportColumnsResult = t.exact(
  t.intersection([
    t.type({
      /** String. */
      columns: t.array(t.string),
      /** Required. a resource type name of the query language. */
      resourceType: t.string,
    }),
    t.partial({
      /** A field of the result (spec). */
      id: t.string,
    }),
  ]),
  'GetResourceReportColumnsResult',
)
export type GetResourceReportColumnsResult = t.TypeOf<typeof GetResourceReportColumnsResult>

export const getResourceReportColumns = defineLookup({
  token: 'cost:getResourceReportColumns',
  doc: 'The columns of resource reports for one resource type of the query language (e.g. aws_instance).',
  args: GetResourceReportColumnsArgs,
  result: GetResourceReportColumnsResult,
  secrets: [],
  rules: [
    {
      name: 'a resource type name',
      check: (a) =>
        typeof a.resourceType === 'string' && a.resourceType.trim() === ''
          ? [{ path: 'resourceType', expected: 'a resource type name such as aws_instance', given: a.resourceType }]
          : [],
    },
  ],
  wire: {
    request: (a) => rest('GET', '/v2/resource_reports/columns', { query: { resource_type: a.resourceType } }),
    decode: (reply, a) =>
      pipe(
        decodeWith(
          t.type({ columns: t.array(t.string) }, 'ResourceReportColumnsReply'),
          'GET /v2/resource_reports/columns reply',
          reply,
        ),
        E.map((r) => ({ columns: r.columns, resourceType: a.resourceType })),
      ),
  },
  examples: {
    valid: { resourceType: 'aws_instance' },
    invalid: [
      [{}, 'resourceType'],
      [{ resourceType: '' }, 'resourceType'],
    ],
    result: { columns: ['token', 'provider', 'region'], resourceType: 'aws_instance' },
    reply: { columns: ['token', 'provider', 'region'] },
  },
})
