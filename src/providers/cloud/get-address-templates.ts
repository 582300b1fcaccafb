/**
 * cloud:getAddressTemplates — IP address templates, filtered by name and/or id. From
 * docs/wire/cloud.md §3.2: vpc DescribeAddressTemplates pages with Offset/Limit given as strings; items
 * carry id, name and addresses; the result id is the CRC-32 of the template ids (G21).
 * G<n>: the numbered gotchas of docs/wire/cloud.md §5.
 */
import * as t from 'io-ts'
import * as E from 'fp-ts/Either'
import { defineLookup } from '../../core/spec'
import { filters, idsHash, isObj, itemsFrom, listOf, lookupArgs, lookupResult, pages, str, vpc } from './shared/wire'

export const GetAddressTemplatesArgs = lookupArgs(
  'GetAddressTemplatesArgs',
  {},
  {
    /** Name of the IP address template to find. */
    name: t.string,
  },
)
export type GetAddressTemplatesArgs = t.TypeOf<typeof GetAddressTemplatesArgs>

export const AddressTemplate = t.exact(
  t.partial({ id: t.string, name: t.string, addresses: t.array(t.string) }),
  'AddressTemplate',
)

export const GetAddressTemplatesResult = lookupResult(
  'GetAddressTemplatesResult',
  {
    /** The address templates found: id, name and addresses. */
    templateLists: t.array(AddressTemplate),
  },
  {
    /** Name of the IP address template to find. */
    name: t.string,
  },
)
export type GetAddressTemplatesResult = t.TypeOf<typeof GetAddressTemplatesResult>

export const getAddressTemplates = defineLookup({
  token: 'cloud:getAddressTemplates',
  doc: 'IP address templates of the VPC service, filtered by name and/or id; each with its id, name and addresses.',
  args: GetAddressTemplatesArgs,
  result: GetAddressTemplatesResult,
  secrets: [],
  rules: [],
  wire: {
    request: (a) =>
      vpc(
        'DescribeAddressTemplates',
        {
          Filters: filters([
            ['address-template-name', a.name],
            ['address-template-id', a.id],
          ]),
          Offset: '0',
          Limit: '100',
        },
        { paginate: pages('AddressTemplateSet') },
      ),
    decode: (reply, a) => {
      if (!Array.isArray(reply) && !isObj(reply)) return E.left('expected the address templates')
      const templateLists = itemsFrom(reply, 'AddressTemplateSet')
        .filter(isObj)
        .map((x) => ({
          id: str(x.AddressTemplateId),
          name: str(x.AddressTemplateName),
          addresses: listOf(x, 'AddressSet').filter((y): y is string => typeof y === 'string'),
        }))
      return E.right({
        templateLists,
        ...(a.name !== undefined ? { name: a.name } : {}),
        id: idsHash(templateLists.map((g) => g.id ?? '')),
      })
    },
  },
  examples: {
    valid: { name: 'web' },
    invalid: [[{ name: ['web'] }, 'name']],
    result: { templateLists: [{ id: 'ipm-1', name: 'web', addresses: ['10.0.0.1'] }], name: 'web', id: '1234' },
    reply: {
      AddressTemplateSet: [{ AddressTemplateId: 'ipm-1', AddressTemplateName: 'web', AddressSet: ['10.0.0.1'] }],
      TotalCount: 1,
    },
  },
})
