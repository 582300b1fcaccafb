/**
 * cloud:getAddressTemplateGroups — address template groups, filtered by name and/or id. From the
 * docs/wire/cloud.md §3.1: vpc DescribeAddressTemplateGroups pages with Offset/Limit given as strings;
 * the items carry id, name and templateIds; the result id is the CRC-32 of the group ids (so the
 * `id` read back is not the `id` filter passed, G21).
 * G<n>: the numbered gotchas of docs/wire/cloud.md §5.
 */
import * as t from 'io-ts'
import * as E from 'fp-ts/Either'
import { defineLookup } from '../../core/spec'
import { filters, idsHash, isObj, itemsFrom, listOf, lookupArgs, lookupResult, pages, str, vpc } from './shared/wire'

export const GetAddressTemplateGroupsArgs = lookupArgs(
  'GetAddressTemplateGroupsArgs',
  {},
  {
    /** Name of the address template group to find. */
    name: t.string,
  },
)
export type GetAddressTemplateGroupsArgs = t.TypeOf<typeof GetAddressTemplateGroupsArgs>

export const AddressTemplateGroup = t.exact(
  t.partial({ id: t.string, name: t.string, templateIds: t.array(t.string) }),
  'AddressTemplateGroup',
)

export const GetAddressTemplateGroupsResult = lookupResult(
  'GetAddressTemplateGroupsResult',
  {
    /** The address template groups found: id, name and the ids of their templates. */
    groupLists: t.array(AddressTemplateGroup),
  },
  {
    /** Name of the address template group to find. */
    name: t.string,
  },
)
export type GetAddressTemplateGroupsResult = t.TypeOf<typeof GetAddressTemplateGroupsResult>

export const getAddressTemplateGroups = defineLookup({
  token: 'cloud:getAddressTemplateGroups',
  doc: 'Address template groups of the VPC service, filtered by name and/or id; each with its id, name and the ids of its templates.',
  args: GetAddressTemplateGroupsArgs,
  result: GetAddressTemplateGroupsResult,
  secrets: [],
  rules: [],
  wire: {
    request: (a) =>
      vpc(
        'DescribeAddressTemplateGroups',
        {
          Filters: filters([
            ['address-template-group-name', a.name],
            ['address-template-group-id', a.id],
          ]),
          Offset: '0',
          Limit: '100',
        },
        { paginate: pages('AddressTemplateGroupSet') },
      ),
    decode: (reply, a) => {
      if (!Array.isArray(reply) && !isObj(reply)) return E.left('expected the address template groups')
      const groupLists = itemsFrom(reply, 'AddressTemplateGroupSet')
        .filter(isObj)
        .map((g) => ({
          id: str(g.AddressTemplateGroupId),
          name: str(g.AddressTemplateGroupName),
          templateIds: listOf(g, 'AddressTemplateIdSet').filter((x): x is string => typeof x === 'string'),
        }))
      return E.right({
        groupLists,
        ...(a.name !== undefined ? { name: a.name } : {}),
        id: idsHash(groupLists.map((g) => g.id ?? '')),
      })
    },
  },
  examples: {
    valid: { name: 'office' },
    invalid: [[{ name: 7 }, 'name']],
    result: {
      groupLists: [{ id: 'ipmg-2uw6ujo6', name: 'office', templateIds: ['ipm-1', 'ipm-2'] }],
      name: 'office',
      id: '1234',
    },
    reply: {
      AddressTemplateGroupSet: [
        {
          AddressTemplateGroupId: 'ipmg-2uw6ujo6',
          AddressTemplateGroupName: 'office',
          AddressTemplateIdSet: ['ipm-1', 'ipm-2'],
        },
      ],
      TotalCount: 1,
    },
  },
})
