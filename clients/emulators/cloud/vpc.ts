/** The vpc service's address templates and template groups (read only: made elsewhere, seeded). */
import { clone, filtersOf, page, passes } from '../cloud-kit'
import type { Actions, AddressTemplateFixture, AddressTemplateGroupFixture } from './fixtures'

const AT = '2024-01-01 00:00:00'

export const templateOf = (t: AddressTemplateFixture) => ({
  ...t,
  AddressSet: [...t.AddressSet],
  CreatedTime: AT,
  UpdatedTime: AT,
  AddressExtraSet: t.AddressSet.map((a) => ({ Address: a, Description: '', UpdatedTime: AT })),
  TagSet: [],
})
export type AddressTemplate = ReturnType<typeof templateOf>

/** `known`: the templates whose names a group's members show */
export const groupOf = (g: AddressTemplateGroupFixture, known: ReadonlyArray<AddressTemplateFixture>) => ({
  ...g,
  AddressTemplateIdSet: [...g.AddressTemplateIdSet],
  CreatedTime: AT,
  UpdatedTime: AT,
  AddressTemplateSet: g.AddressTemplateIdSet.map((id) => ({
    AddressTemplateId: id,
    // the member's name where the template is known; a single address has no range
    AddressTemplateName: known.find((t) => t.AddressTemplateId === id)?.AddressTemplateName ?? '',
    From: '',
    To: '',
    Description: '',
    UpdatedTime: AT,
  })),
  TagSet: [],
})
export type AddressTemplateGroup = ReturnType<typeof groupOf>

export const vpcActions = (
  templates: ReadonlyArray<AddressTemplate>,
  groups: ReadonlyArray<AddressTemplateGroup>,
  pageSize: number,
): Actions => ({
  DescribeAddressTemplates: (p) => {
    const f = filtersOf(p, ['address-template-name', 'address-template-id', 'address-ip', 'tag-key', 'tag-value'])
    const all = templates.filter(
      (t) =>
        passes(f, 'address-template-name', t.AddressTemplateName) &&
        passes(f, 'address-template-id', t.AddressTemplateId) &&
        (!f.has('address-ip') || t.AddressSet.some((a) => f.get('address-ip')!.includes(a))),
    )
    return { TotalCount: all.length, AddressTemplateSet: clone(page(p, all, pageSize, true)) }
  },
  DescribeAddressTemplateGroups: (p) => {
    const f = filtersOf(p, ['address-template-group-name', 'address-template-group-id', 'tag-key', 'tag-value'])
    const all = groups.filter(
      (g) =>
        passes(f, 'address-template-group-name', g.AddressTemplateGroupName) &&
        passes(f, 'address-template-group-id', g.AddressTemplateGroupId),
    )
    return { TotalCount: all.length, AddressTemplateGroupSet: clone(page(p, all, pageSize, true)) }
  },
})
