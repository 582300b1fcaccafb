import { test } from 'uvu'
import * as assert from 'uvu/assert'
import * as E from 'fp-ts/Either'
import {
  CloudConfig,
  cloudBridge,
  cloudConfigFromEnv as fromEnv,
  cloudConfigRules,
  cloudCosDomain,
} from '#src/providers/cloud/config'
import { cloudProvider } from '#trellis/engine'
import { isSecret, reveal } from '#trellis'
import { validateValue } from '#trellis/engine'

const decode = (u: unknown) => {
  const r = CloudConfig.decode(u)
  if (E.isLeft(r)) throw new Error('expected a valid config')
  return r.right
}
const rulePaths = (u: unknown) => cloudConfigRules.flatMap((r) => r(decode(u))).map((f) => f.path)

test('config: defaults region ap-guangzhou and protocol HTTPS; secrets are wrapped', () => {
  const c = decode({ secretId: 'AKID1', secretKey: 'sk' })
  assert.is(c.region, 'ap-guangzhou')
  assert.is(c.protocol, 'HTTPS')
  assert.ok(isSecret(c.secretKey) && reveal(c.secretKey) === 'sk')
  assert.not.ok(JSON.stringify(c).includes('"sk"'))
  assert.is(cloudCosDomain(c), 'https://cos.ap-guangzhou.myqcloud.com')
})

test('config: enums, ranges and object fields are checked on their paths', () => {
  assert.equal(
    validateValue(CloudConfig, { protocol: 'FTP' }).map((f) => f.path),
    ['protocol'],
  )
  assert.equal(
    validateValue(CloudConfig, { assumeRole: { roleArn: 'r', sessionName: 's', sessionDuration: 50000 } }).map(
      (f) => f.path,
    ),
    ['assumeRole.sessionDuration'],
  )
  assert.equal(
    validateValue(CloudConfig, { assumeRole: { sessionName: 's' } }).map((f) => f.path),
    ['assumeRole.roleArn'],
  )
  assert.equal(
    validateValue(CloudConfig, {
      mfaCertification: { serialNumber: 'x', tokenCode: '1', durationSeconds: 200000 },
    }).map((f) => f.path),
    ['mfaCertification.durationSeconds'],
  )
  assert.equal(
    validateValue(CloudConfig, { allowedAccountIds: '1' }).map((f) => f.path),
    ['allowedAccountIds'],
  )
  assert.equal(decode({ assumeRole: { roleArn: 'r', sessionName: 's' } }).assumeRole?.sessionDuration, 7200)
})

test('config rules: account lists exclude each other and the SAML / web-identity roles', () => {
  const saml = { samlAssertion: 'a', principalArn: 'p', roleArn: 'r', sessionName: 's' }
  const web = { webIdentityToken: 't', roleArn: 'r', sessionName: 's' }
  assert.equal(rulePaths({ allowedAccountIds: ['1'], forbiddenAccountIds: ['2'] }), ['forbiddenAccountIds'])
  assert.equal(rulePaths({ allowedAccountIds: ['1'], assumeRoleWithSaml: saml }), ['allowedAccountIds'])
  assert.equal(rulePaths({ forbiddenAccountIds: ['1'], assumeRoleWithWebIdentity: web }), ['forbiddenAccountIds'])
  assert.equal(rulePaths({ assumeRoleWithSaml: saml, assumeRoleWithWebIdentity: web }), ['assumeRoleWithWebIdentity'])
  assert.equal(rulePaths({ assumeRoleWithWebIdentity: { roleArn: 'r', sessionName: 's' } }), [
    'assumeRoleWithWebIdentity.webIdentityToken',
  ])
  assert.equal(rulePaths({ secretId: 'AKID' }), ['secretKey'])
  assert.equal(rulePaths({ allowedAccountIds: ['1'], assumeRole: { roleArn: 'r', sessionName: 's' } }), [])
})

test('config: environment fallbacks, nested role and MFA variables, explicit wins', () => {
  const env = {
    CLOUD_SECRET_ID: 'AKIDenv',
    CLOUD_SECRET_KEY: 'skenv',
    CLOUD_REGION: 'ap-shanghai',
    CLOUD_PROFILE: 'dev',
    CLOUD_SHARED_CREDENTIALS_DIR: '/creds',
    CLOUD_CAM_ROLE_NAME: 'cvm',
    CLOUD_PROTOCOL: 'HTTP',
    CLOUD_ASSUME_ROLE_ARN: 'qcs::cam::uin/1:roleName/r',
    CLOUD_ASSUME_ROLE_SESSION_NAME: 'env-session',
    CLOUD_ASSUME_ROLE_SESSION_DURATION: '3600',
    CLOUD_ASSUME_ROLE_EXTERNAL_ID: 'ext',
    CLOUD_MFA_CERTIFICATION_SERIAL_NUMBER: 'serial',
    CLOUD_MFA_CERTIFICATION_TOKEN_CODE: '123456',
  }
  const c = decode(fromEnv(env, { region: 'ap-beijing' }))
  assert.is(c.secretId, 'AKIDenv')
  assert.ok(isSecret(c.secretKey))
  assert.is(c.region, 'ap-beijing', 'explicit wins')
  assert.is(c.profile, 'dev')
  assert.is(c.sharedCredentialsDir, '/creds')
  assert.is(c.camRoleName, 'cvm')
  assert.is(c.protocol, 'HTTP')
  assert.equal(
    { ...c.assumeRole },
    { roleArn: 'qcs::cam::uin/1:roleName/r', sessionName: 'env-session', sessionDuration: 3600, externalId: 'ext' },
  )
  assert.is(c.mfaCertification?.durationSeconds, 1800)
  assert.ok(isSecret(c.mfaCertification?.tokenCode))
  const web = decode(
    fromEnv({
      CLOUD_ASSUME_ROLE_ARN: 'r',
      CLOUD_ASSUME_ROLE_SESSION_NAME: 's',
      CLOUD_ASSUME_ROLE_WEB_IDENTITY_TOKEN_FILE: '/t.json',
    }),
  )
  assert.is(web.assumeRoleWithWebIdentity?.webIdentityTokenFile, '/t.json')
  assert.is(web.assumeRole, undefined)
})

test("bridge: the engine's snake_case keys, nested objects too, secrets still wrapped", () => {
  const c = decode({
    secretId: 'AKID1',
    secretKey: 'sk',
    cosDomain: 'https://cluster-1.cos-cdc.ap-guangzhou.myqcloud.com',
    enablePodOidc: false,
    allowedAccountIds: ['1'],
    assumeRole: { roleArn: 'r', sessionName: 's', externalId: 'e' },
  })
  const b = cloudBridge(c)
  assert.equal(Object.keys(b).sort(), [
    'allowed_account_ids',
    'assume_role',
    'cos_domain',
    'enable_pod_oidc',
    'protocol',
    'region',
    'secret_id',
    'secret_key',
  ])
  assert.equal(b.assume_role, { role_arn: 'r', session_name: 's', session_duration: 7200, external_id: 'e' })
  assert.ok(isSecret(b.secret_key))
  assert.is(cloudProvider.bridge, cloudBridge)
})

test('provider registry: 9 resources and 18 lookups, each registered under its own name', () => {
  assert.is(Object.keys(cloudProvider.resources).length, 9)
  assert.is(Object.keys(cloudProvider.lookups).length, 18)
  assert.equal([...cloudProvider.secrets], ['secretKey', 'securityToken'])
})

test.run()
