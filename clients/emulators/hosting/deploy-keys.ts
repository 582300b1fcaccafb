/** Deploy keys: made by the platform (a public key), listed whole, deleted by id. */
import type { RouteRequest, Routes } from './router'
import { fail, ok, type Json } from './reply'
import { whole } from './paging'
import type { HostingContext } from './state'

export const newDeployKey = (ctx: HostingContext): Json => {
  const id = ctx.hexId()
  const key = { id, public_key: `ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQ${id} trellis-emulator`, created_at: ctx.iso() }
  ctx.state.deployKeys.set(id, key)
  return key
}

export const deployKeyRoutes = (ctx: HostingContext): Routes => {
  const keys = ctx.state.deployKeys
  const keyOf = (r: RouteRequest) => keys.get(r.params.key) ?? fail(404, 'Not Found')
  return {
    'POST /deploy_keys': () => ok(newDeployKey(ctx), 201),
    'GET /deploy_keys': () => whole([...keys.values()]),
    'GET /deploy_keys/:key': (r) => ok(keyOf(r)),
    'DELETE /deploy_keys/:key': (r) => {
      keyOf(r)
      keys.delete(r.params.key)
      return { status: 204 }
    },
  }
}
