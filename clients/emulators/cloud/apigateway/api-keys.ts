/**
 * API keys: made by the platform (auto) or given (manual), enabled or disabled, deleted only disabled.
 */
import { clone, fail, filtersOf, oneOf, optStr, passes, reqStr, type Params } from '../../cloud-kit'
import { scalarText } from '../../../../src/core/scalar-text'
import { bound, type Action, type Gw, type Obj } from './state'
import { ACCESS_KEY_TYPES } from './vocabulary'
import { listed, key } from './lookups'

export const CreateApiKey = (g: Gw, p: Params): Obj => {
  const name = reqStr(p, 'SecretName')
  const type = oneOf(p, 'AccessKeyType', ACCESS_KEY_TYPES, false) ?? 'auto'
  let id: string
  let secret: string
  if (type === 'manual') {
    id = reqStr(p, 'AccessKeyId')
    secret = reqStr(p, 'AccessKeySecret')
    if (id.length < 5 || id.length > 50) fail('InvalidParameterValue', 'AccessKeyId must have 5 to 50 characters.')
    if (secret.length < 10 || secret.length > 50)
      fail('InvalidParameterValue', 'AccessKeySecret must have 10 to 50 characters.')
    if (g.state.keys.has(id)) fail('InvalidParameterValue.DuplicateAccessKeyId', `The key ${id} already exists.`)
  } else {
    id = g.ids.id('AKID', 28)
    secret = g.ids.tail(40)
  }
  const t = g.now()
  const k = {
    AccessKeyId: id,
    AccessKeySecret: secret,
    AccessKeyType: type,
    SecretName: name,
    ModifiedTime: t,
    Status: 1,
    CreatedTime: t,
    Tags: [],
  }
  g.state.keys.set(id, k)
  return { Result: clone(k) }
}

const DescribeApiKeysStatus = (g: Gw, p: Params): Obj => {
  const f = filtersOf(p, ['AccessKeyId', 'SecretName', 'KeyWord'])
  const all = [...g.state.keys.values()].filter(
    (k) =>
      passes(f, 'AccessKeyId', k.AccessKeyId as string) &&
      passes(f, 'SecretName', k.SecretName as string) &&
      passes(f, 'KeyWord', `${scalarText(k.SecretName)} ${scalarText(k.AccessKeyId)}`, true),
  )
  return listed(g, all, p, 'ApiKeySet')
}

const DescribeApiKey = (g: Gw, p: Params): Obj => ({ Result: clone(key(g, reqStr(p, 'AccessKeyId'))) })

const UpdateApiKey = (g: Gw, p: Params): Obj => {
  const k = key(g, reqStr(p, 'AccessKeyId'))
  const secret = optStr(p, 'AccessKeySecret')
  if (secret !== undefined) {
    if (k.AccessKeyType !== 'manual')
      fail('UnsupportedOperation.UnsupportedUpdateApiKey', 'Only a manual key can be given a secret.')
    if (secret.length < 10 || secret.length > 50)
      fail('InvalidParameterValue', 'AccessKeySecret must have 10 to 50 characters.')
    k.AccessKeySecret = secret
  } else k.AccessKeySecret = g.ids.tail(40)
  k.ModifiedTime = g.now()
  return { Result: clone(k) }
}

const setKeyStatus =
  (status: number): Action =>
  (g, p) => {
    const k = key(g, reqStr(p, 'AccessKeyId'))
    k.Status = status
    k.ModifiedTime = g.now()
    return { Result: true }
  }

const DeleteApiKey = (g: Gw, p: Params): Obj => {
  const k = key(g, reqStr(p, 'AccessKeyId'))
  if (k.Status === 1)
    fail(
      'UnsupportedOperation.InvalidStatus',
      `The key ${scalarText(k.AccessKeyId)} is enabled; disable it before deleting it.`,
    )
  g.state.keys.delete(k.AccessKeyId as string)
  for (const [id, list] of g.state.planKeys)
    g.state.planKeys.set(
      id,
      list.filter((x) => x !== k.AccessKeyId),
    )
  return { Result: true }
}

export const apiKeysActions = (g: Gw) =>
  bound(g, {
    CreateApiKey,
    DescribeApiKeysStatus,
    DescribeApiKey,
    UpdateApiKey,
    EnableApiKey: setKeyStatus(1),
    DisableApiKey: setKeyStatus(0),
    DeleteApiKey,
  })
