/**
 * Plugins: their data stored re-serialised (compact, keys sorted), attached to APIs per environment.
 */
import { clone, fail, optStr, reqStr, strList, type Params } from '../../cloud-kit'
import { scalarText } from '../../../../src/core/scalar-text'
import { bound, type Gw, type Obj } from './state'
import { PLUGIN_TYPES } from './vocabulary'
import { listed, api, plugin, envOf } from './lookups'

const sortKeys = (u: unknown): unknown =>
  Array.isArray(u)
    ? u.map(sortKeys)
    : typeof u === 'object' && u !== null
      ? Object.fromEntries(
          Object.keys(u)
            .sort()
            .map((k) => [k, sortKeys((u as Obj)[k])]),
        )
      : u
/** the platform stores plugin data re-serialised: compact, g.state.keys sorted */
const pluginData = (p: Params): string => {
  const d = reqStr(p, 'PluginData')
  try {
    return JSON.stringify(sortKeys(JSON.parse(d)))
  } catch {
    return fail('InvalidParameterValue.InvalidPluginData', 'PluginData is not a JSON document.')
  }
}
const pluginName = (p: Params): string => {
  const n = reqStr(p, 'PluginName')
  if (!/^[A-Za-z][A-Za-z0-9_-]{0,48}[A-Za-z0-9]$/.test(n))
    fail(
      'InvalidParameterValue',
      'PluginName must have 2 to 50 characters, start with a letter and end with a letter or digit.',
    )
  return n
}

const CreatePlugin = (g: Gw, p: Params): Obj => {
  const name = pluginName(p)
  const type = reqStr(p, 'PluginType')
  if (!PLUGIN_TYPES.includes(type)) fail('InvalidParameterValue', `The plugin type ${type} is not supported.`)
  const desc = optStr(p, 'Description') ?? ''
  if (desc.length > 200) fail('InvalidParameterValue', 'Description must have at most 200 characters.')
  const id = g.ids.id('plugin-')
  const t = g.now()
  const pl = {
    PluginId: id,
    PluginName: name,
    PluginType: type,
    PluginData: pluginData(p),
    Description: desc,
    CreatedTime: t,
    ModifiedTime: t,
    AttachedApiTotalCount: 0,
    AttachedApis: [],
  }
  g.state.plugins.set(id, pl)
  return { Result: clone(pl) }
}

const DescribePlugins = (g: Gw, p: Params): Obj => {
  const ids = strList(p, 'PluginIds')
  const name = optStr(p, 'PluginName')
  const type = optStr(p, 'PluginType')
  const all = [...g.state.plugins.values()]
    .filter(
      (x) =>
        (!ids || ids.includes(x.PluginId as string)) &&
        (!name || x.PluginName === name) &&
        (!type || x.PluginType === type),
    )
    .map((x) => ({ ...x, AttachedApiTotalCount: g.state.attachments.filter((a) => a.PluginId === x.PluginId).length }))
  return listed(g, all, p, 'PluginSet')
}

const DescribePlugin = (g: Gw, p: Params): Obj => {
  const pl = plugin(g, reqStr(p, 'PluginId'))
  return {
    Result: {
      ...clone(pl),
      AttachedApiTotalCount: g.state.attachments.filter((a) => a.PluginId === pl.PluginId).length,
    },
  }
}

const ModifyPlugin = (g: Gw, p: Params): Obj => {
  const pl = plugin(g, reqStr(p, 'PluginId'))
  if (p.PluginName !== undefined) pl.PluginName = pluginName(p)
  if (p.PluginData !== undefined) pl.PluginData = pluginData(p)
  if (p.Description !== undefined) pl.Description = optStr(p, 'Description') ?? ''
  if (p.PluginType !== undefined && p.PluginType !== pl.PluginType)
    fail('UnsupportedOperation.ModifyPluginType', 'The type of a plugin cannot be changed.')
  pl.ModifiedTime = g.now()
  return { Result: true }
}

const DeletePlugin = (g: Gw, p: Params): Obj => {
  const pl = plugin(g, reqStr(p, 'PluginId'))
  if (g.state.attachments.some((a) => a.PluginId === pl.PluginId))
    fail('UnsupportedOperation.AttachPlugin', `The plugin ${scalarText(pl.PluginId)} is still attached to APIs.`)
  g.state.plugins.delete(pl.PluginId as string)
  return { Result: true }
}

const AttachPlugin = (g: Gw, p: Params): Obj => {
  const pl = plugin(g, reqStr(p, 'PluginId'))
  const serviceId = reqStr(p, 'ServiceId')
  const env = envOf(p, 'EnvironmentName')
  for (const id of strList(p, 'ApiIds') ?? []) {
    api(g, serviceId, id)
    if (!g.state.attachments.some((a) => a.PluginId === pl.PluginId && a.ApiId === id && a.Environment === env))
      g.state.attachments.push({
        PluginId: pl.PluginId as string,
        ServiceId: serviceId,
        ApiId: id,
        Environment: env,
        AttachedTime: g.now(),
      })
  }
  return { Result: true }
}

const DetachPlugin = (g: Gw, p: Params): Obj => {
  const id = reqStr(p, 'PluginId')
  const apiId = reqStr(p, 'ApiId')
  const env = envOf(p, 'EnvironmentName')
  for (let i = g.state.attachments.length - 1; i >= 0; i--)
    if (
      g.state.attachments[i].PluginId === id &&
      g.state.attachments[i].ApiId === apiId &&
      g.state.attachments[i].Environment === env
    )
      g.state.attachments.splice(i, 1)
  return { Result: true }
}

const DescribePluginsByApi = (g: Gw, p: Params): Obj => {
  const serviceId = reqStr(p, 'ServiceId')
  const apiId = reqStr(p, 'ApiId')
  api(g, serviceId, apiId)
  const env = optStr(p, 'EnvironmentName')
  const all = g.state.attachments
    .filter((a) => a.ApiId === apiId && (!env || a.Environment === env))
    .map((a) => {
      const pl = g.state.plugins.get(a.PluginId)!
      return {
        PluginId: a.PluginId,
        Environment: a.Environment,
        AttachedTime: a.AttachedTime,
        PluginName: pl.PluginName,
        PluginType: pl.PluginType,
        Description: pl.Description,
        PluginData: pl.PluginData,
      }
    })
  return listed(g, all, p, 'PluginSummary')
}

export const pluginsActions = (g: Gw) =>
  bound(g, {
    CreatePlugin,
    DescribePlugins,
    DescribePlugin,
    ModifyPlugin,
    DeletePlugin,
    AttachPlugin,
    DetachPlugin,
    DescribePluginsByApi,
  })
