/** The tag service: a resource's tags by its six-part qcs name, listed by resource ids. */
import { scalarText } from '../../../src/core/scalar-text'
import { fail, optNum, page, reqStr, strList, type Params } from '../cloud-kit'
import type { Actions } from './fixtures'

/** resource qcs name → tag key → value */
export type TagStore = Map<string, Map<string, string>>

const RESOURCE = /^qcs::([a-z]+):([a-z0-9-]*):uin\/(\d*):([a-zA-Z]+)\/(.+)$/

const modifyResourceTags = (tags: TagStore, p: Params) => {
  const r = reqStr(p, 'Resource')
  if (!RESOURCE.test(r))
    fail('InvalidParameterValue.ResourceDescriptionError', `The resource description ${r} is not a six-part qcs name.`)
  const m = tags.get(r) ?? new Map<string, string>()
  for (const t of (p.ReplaceTags ?? []) as Params[]) {
    if (typeof t.TagKey !== 'string' || t.TagKey === '')
      fail('InvalidParameterValue.TagKeyEmpty', 'A tag key cannot be empty.')
    m.set(t.TagKey as string, scalarText(t.TagValue))
  }
  for (const t of (p.DeleteTags ?? []) as Params[]) m.delete(String(t.TagKey))
  tags.set(r, m)
  return {}
}

const describeByResourceIds = (tags: TagStore, p: Params, pageSize: number) => {
  const type = reqStr(p, 'ServiceType')
  const prefix = reqStr(p, 'ResourcePrefix')
  const region = reqStr(p, 'ResourceRegion')
  const wanted =
    strList(p, 'ResourceIds') ?? fail('MissingParameter', 'The request is missing a required parameter `ResourceIds`.')
  const rows: Array<Record<string, unknown>> = []
  for (const [r, m] of tags) {
    const x = RESOURCE.exec(r)
    if (!x || x[1] !== type || x[2] !== region || x[4] !== prefix || !wanted.includes(x[5])) continue
    for (const [k, v] of m)
      rows.push({
        TagKey: k,
        TagValue: v,
        ResourceId: x[5],
        TagKeyMd5: '',
        TagValueMd5: '',
        ServiceType: type,
        Category: 'Custom',
      })
  }
  const offset = optNum(p, 'Offset') ?? 0
  const lim = optNum(p, 'Limit') ?? 15
  return { TotalCount: rows.length, Offset: offset, Limit: lim, Tags: page(p, rows, pageSize) }
}

export const tagActions = (tags: TagStore, pageSize: number): Actions => ({
  ModifyResourceTags: (p) => modifyResourceTags(tags, p),
  DescribeResourceTagsByResourceIds: (p) => describeByResourceIds(tags, p, pageSize),
})
