/** The hosting platform's lists: page/per_page with an RFC 5988 `Link` header, or every item at once. */
import type { Reply } from './reply'

/** `cap`: the largest page the server gives */
export const paged = (url: URL, items: ReadonlyArray<unknown>, cap: number): Reply => {
  const page = Math.max(1, Math.floor(Number(url.searchParams.get('page') ?? '1')) || 1)
  const per = Math.max(1, Math.min(Math.floor(Number(url.searchParams.get('per_page') ?? '100')) || 100, cap))
  const last = Math.max(1, Math.ceil(items.length / per))
  const at = (p: number) => {
    const u = new URL(url.toString())
    u.searchParams.set('page', String(p))
    u.searchParams.set('per_page', String(per))
    return u.toString()
  }
  const links = [`<${at(1)}>; rel="first"`]
  if (page > 1) links.push(`<${at(Math.min(page - 1, last))}>; rel="prev"`)
  if (page < last) links.push(`<${at(page + 1)}>; rel="next"`)
  links.push(`<${at(last)}>; rel="last"`)
  return { status: 200, body: items.slice((page - 1) * per, page * per), headers: { link: links.join(', ') } }
}

/** an operation that declares no paging parameters answers with every item at once */
export const whole = (items: ReadonlyArray<unknown>): Reply => ({ status: 200, body: items })
