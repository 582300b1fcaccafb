import { test } from 'uvu'
import * as assert from 'uvu/assert'
import * as E from 'fp-ts/Either'
import { cloudCredentials, cloudCredentialsFactory } from '#src/providers/cloud/client/credentials'
import {
  cloudEmulator,
  EMULATOR_ACCOUNT_ID,
  EMULATOR_SECRET_ID,
  EMULATOR_SECRET_KEY,
  roleArn,
} from '../../../../clients/emulators/cloud'
import { fetchClient, platformClients, serve, tc3Client } from '#trellis/clients'
import { reveal, secret } from '#trellis'
import { action, type PlatformError } from '#trellis/engine'

const ROLE = roleArn(EMULATOR_ACCOUNT_ID, 'deployer')
const OTHER = roleArn('200000000002', 'auditor')

const world = (now = () => new Date()) => {
  const emu = cloudEmulator({
    now,
    roles: {
      [ROLE]: { externalId: 'ext-1' },
      [OTHER]: { samlAssertion: 'PHNhbWw+', webIdentityToken: 'oidc-token-1' },
    },
    mfaDevices: { 'qcs::cam:uin/100000000001::mfa/softToken': '123456' },
    camRoles: ['cvm-role'],
  })
  const files: Record<string, string> = {}
  const base = {
    http: emu.client,
    stsEndpoint: 'http://sts.emulator/',
    metadataEndpoint: 'http://metadata.emulator',
    homeDir: '/home/me',
    now,
    sleep: async () => undefined,
    readFile: async (p: string) => {
      if (p in files) return files[p]
      throw Object.assign(new Error(`ENOENT: ${p}`), { code: 'ENOENT' })
    },
  }
  /** the keys work: a signed call with them succeeds */
  const works = async (k: { secretId: string; secretKey: unknown; token?: unknown }) => {
    const c = tc3Client({
      credentials: () => async () => E.right(k as never),
      region: 'ap-guangzhou',
      endpoint: 'http://cloud.emulator/',
      http: emu.client,
      maxAttempts: 1,
    })
    return E.isRight(await c.call(action('apigateway', '2018-08-08', 'DescribeServicesStatus', {}))())
  }
  return { emu, files, base, works }
}

const get = async (f: () => () => Promise<E.Either<PlatformError, any>>) => f()()

test('credentials: explicit keys, then the environment', async () => {
  const w = world()
  const a = await get(
    cloudCredentials({ secretId: EMULATOR_SECRET_ID, secretKey: secret(EMULATOR_SECRET_KEY) }, w.base),
  )
  assert.ok(E.isRight(a) && a.right.secretId === EMULATOR_SECRET_ID && (await w.works(a.right)))
  const b = await get(
    cloudCredentials(
      {},
      { ...w.base, env: { CLOUD_SECRET_ID: 'AKIDenv', CLOUD_SECRET_KEY: 'envkey', CLOUD_SECURITY_TOKEN: 'envtoken' } },
    ),
  )
  assert.ok(E.isRight(b) && b.right.secretId === 'AKIDenv' && reveal(b.right.token) === 'envtoken')
})

test('credentials: the shared credentials file of a profile, ~ expanded', async () => {
  const w = world()
  w.files['/home/me/creds/dev.credential'] = JSON.stringify({
    secretId: EMULATOR_SECRET_ID,
    secretKey: EMULATOR_SECRET_KEY,
  })
  const r = await get(cloudCredentials({ profile: 'dev', sharedCredentialsDir: '~/creds' }, w.base))
  assert.ok(E.isRight(r) && r.right.secretId === EMULATOR_SECRET_ID)
  w.files['/home/me/.tccli/default.credential'] = JSON.stringify({ secretId: 'AKIDdefault', secretKey: 'k' })
  const d = await get(cloudCredentials({}, w.base))
  assert.ok(E.isRight(d) && d.right.secretId === 'AKIDdefault', 'default profile under ~/.tccli')
  const missing = await get(cloudCredentials({ profile: 'prod' }, w.base))
  assert.ok(
    E.isLeft(missing) &&
      missing.left.kind === 'Unauthorized' &&
      missing.left.message.includes('/home/me/.tccli/prod.credential'),
  )
})

test('credentials: a role-arn in the credential file is assumed with its keys', async () => {
  const w = world()
  w.files['/home/me/.tccli/default.credential'] = JSON.stringify({
    secretId: EMULATOR_SECRET_ID,
    secretKey: EMULATOR_SECRET_KEY,
    'role-arn': roleArn(EMULATOR_ACCOUNT_ID, 'emulator-role'),
    'role-session-name': 'cli',
  })
  const emu2 = cloudEmulator({ roles: { [roleArn(EMULATOR_ACCOUNT_ID, 'emulator-role')]: {} } })
  const r = await get(cloudCredentials({}, { ...w.base, http: emu2.client }))
  assert.ok(E.isRight(r) && r.right.secretId.startsWith('AKIDTMP'))
  assert.is(emu2.requests()['sts:AssumeRole'], 1)
})

test('credentials: camRoleName reads the instance role from the metadata service', async () => {
  const w = world()
  const r = await get(cloudCredentials({ camRoleName: 'cvm-role' }, w.base))
  assert.ok(E.isRight(r) && r.right.secretId.startsWith('AKIDTMP') && r.right.token !== undefined)
  assert.ok(await w.works(r.right), 'the temporary keys and token are accepted')
  assert.is(w.emu.requests()['GET /latest/meta-data/cam/security-credentials/cvm-role'], 1)
  const bad = await get(cloudCredentials({ camRoleName: 'nope' }, w.base))
  assert.ok(E.isLeft(bad) && bad.left.message.includes('no CAM role named nope'))
})

test('credentials: assumeRole signs with the base keys and checks the external id', async () => {
  const w = world()
  const cfg = {
    secretId: EMULATOR_SECRET_ID,
    secretKey: secret(EMULATOR_SECRET_KEY),
    assumeRole: { roleArn: ROLE, sessionName: 'deploy', sessionDuration: 3600, externalId: 'ext-1' },
  }
  const r = await get(cloudCredentials(cfg, w.base))
  assert.ok(E.isRight(r) && r.right.secretId.startsWith('AKIDTMP') && (await w.works(r.right)))
  const wrong = await get(cloudCredentials({ ...cfg, assumeRole: { ...cfg.assumeRole, externalId: 'ext-2' } }, w.base))
  assert.ok(E.isLeft(wrong) && wrong.left.code === 'InvalidParameter.ExternalIdError')
  const none = await get(cloudCredentials({ assumeRole: cfg.assumeRole }, w.base))
  assert.ok(E.isLeft(none) && none.left.message.includes('needs base credentials'))
})

test('credentials: SAML and web identity need no keys (unsigned STS calls)', async () => {
  const w = world()
  const saml = await get(
    cloudCredentials(
      {
        assumeRoleWithSaml: {
          samlAssertion: secret('PHNhbWw+'),
          principalArn: 'qcs::cam::uin/200000000002:saml-provider/idp',
          roleArn: OTHER,
          sessionName: 'session-1',
          sessionDuration: 7200,
        },
      },
      w.base,
    ),
  )
  assert.ok(E.isRight(saml) && (await w.works(saml.right)))
  w.files['/tokens/oidc.json'] = JSON.stringify({ web_identity_token: 'oidc-token-1' })
  const web = await get(
    cloudCredentials(
      {
        assumeRoleWithWebIdentity: {
          webIdentityTokenFile: '/tokens/oidc.json',
          roleArn: OTHER,
          sessionName: 'session-1',
          sessionDuration: 7200,
        },
      },
      w.base,
    ),
  )
  assert.ok(E.isRight(web) && (await w.works(web.right)))
  const bad = await get(
    cloudCredentials(
      {
        assumeRoleWithWebIdentity: {
          webIdentityToken: secret('forged'),
          roleArn: OTHER,
          sessionName: 'session-1',
          sessionDuration: 7200,
        },
      },
      w.base,
    ),
  )
  assert.ok(E.isLeft(bad) && bad.left.code === 'InvalidParameter.WebIdentityTokenError')
})

test('credentials: pod OIDC reads the TKE variables and token file', async () => {
  const w = world()
  w.files['/var/run/token'] = 'oidc-token-1\n'
  const env = {
    TKE_REGION: 'ap-guangzhou',
    TKE_WEB_IDENTITY_TOKEN_FILE: '/var/run/token',
    TKE_PROVIDER_ID: 'tke',
    TKE_ROLE_ARN: OTHER,
  }
  const r = await get(cloudCredentials({ enablePodOidc: true }, { ...w.base, env }))
  assert.ok(E.isRight(r) && (await w.works(r.right)))
  const missing = await get(cloudCredentials({ enablePodOidc: true }, w.base))
  assert.ok(E.isLeft(missing) && missing.left.message.includes('TKE_ROLE_ARN'))
})

test('credentials: mfaCertification exchanges the keys for a session token', async () => {
  const w = world()
  const mfa = {
    serialNumber: 'qcs::cam:uin/100000000001::mfa/softToken',
    tokenCode: secret('123456'),
    durationSeconds: 1800,
  }
  const r = await get(
    cloudCredentials(
      { secretId: EMULATOR_SECRET_ID, secretKey: secret(EMULATOR_SECRET_KEY), mfaCertification: mfa },
      w.base,
    ),
  )
  assert.ok(E.isRight(r) && r.right.secretId.startsWith('AKIDTMP') && (await w.works(r.right)))
  const bad = await get(
    cloudCredentials(
      {
        secretId: EMULATOR_SECRET_ID,
        secretKey: secret(EMULATOR_SECRET_KEY),
        mfaCertification: { ...mfa, tokenCode: secret('000000') },
      },
      w.base,
    ),
  )
  assert.ok(E.isLeft(bad) && bad.left.code === 'AuthFailure.MFAFailure')
})

test('credentials: allowed and forbidden account ids are checked with GetCallerIdentity', async () => {
  const w = world()
  const keys = { secretId: EMULATOR_SECRET_ID, secretKey: secret(EMULATOR_SECRET_KEY) }
  assert.ok(E.isRight(await get(cloudCredentials({ ...keys, allowedAccountIds: [EMULATOR_ACCOUNT_ID] }, w.base))))
  const notAllowed = await get(cloudCredentials({ ...keys, allowedAccountIds: ['999'] }, w.base))
  assert.ok(
    E.isLeft(notAllowed) &&
      notAllowed.left.kind === 'Forbidden' &&
      notAllowed.left.message.includes(EMULATOR_ACCOUNT_ID),
  )
  const forbidden = await get(cloudCredentials({ ...keys, forbiddenAccountIds: [EMULATOR_ACCOUNT_ID] }, w.base))
  assert.ok(E.isLeft(forbidden) && forbidden.left.kind === 'Forbidden')
  // the assumed role's account is what is checked
  const assumed = await get(
    cloudCredentials(
      {
        ...keys,
        allowedAccountIds: ['200000000002'],
        assumeRoleWithSaml: undefined,
        assumeRole: { roleArn: ROLE, sessionName: 'check', sessionDuration: 7200, externalId: 'ext-1' },
      },
      w.base,
    ),
  )
  assert.ok(E.isLeft(assumed) && assumed.left.kind === 'Forbidden')
  assert.ok(w.emu.requests()['sts:GetCallerIdentity'] >= 4)
})

test('credentials: temporary keys are cached and refreshed before they expire', async () => {
  let t = Date.UTC(2024, 0, 1)
  const now = () => new Date(t)
  const w = world(now)
  const f = cloudCredentials(
    {
      secretId: EMULATOR_SECRET_ID,
      secretKey: secret(EMULATOR_SECRET_KEY),
      assumeRole: { roleArn: ROLE, sessionName: 'deploy', sessionDuration: 3600, externalId: 'ext-1' },
    },
    w.base,
  )
  const a = await f()()
  const b = await f()()
  assert.ok(E.isRight(a) && E.isRight(b) && a.right.secretId === b.right.secretId)
  assert.is(w.emu.requests()['sts:AssumeRole'], 1)
  t += 56 * 60_000 // within five minutes of the hour's expiry
  const c = await f()()
  assert.ok(E.isRight(c) && E.isRight(a) && c.right.secretId !== a.right.secretId)
  assert.is(w.emu.requests()['sts:AssumeRole'], 2)
})

test('credentials: none at all is a clear error; no secret ever appears in errors', async () => {
  const w = world()
  const r = await get(cloudCredentials({}, w.base))
  assert.ok(E.isLeft(r) && r.left.kind === 'Unauthorized' && r.left.message.includes('CLOUD_SECRET_ID'))
  const bad = await get(
    cloudCredentials(
      {
        secretId: EMULATOR_SECRET_ID,
        secretKey: secret('sk-wrong-very-secret'),
        assumeRole: { roleArn: ROLE, sessionName: 'deploy', sessionDuration: 3600 },
      },
      w.base,
    ),
  )
  assert.ok(E.isLeft(bad) && bad.left.code === 'AuthFailure.SignatureFailure')
  assert.not.ok(JSON.stringify(bad).includes('sk-wrong-very-secret'))
  const good = await get(
    cloudCredentials({ secretId: EMULATOR_SECRET_ID, secretKey: secret(EMULATOR_SECRET_KEY) }, w.base),
  )
  assert.not.ok(JSON.stringify(good).includes(EMULATOR_SECRET_KEY), 'keys come back wrapped as secrets')
})

// the whole chain over loopback: the emulator served on 127.0.0.1, one port for every service (it routes
// on the signature's credential scope), through the real fetch transport and the signed-action client
test('loopback: vpc, antiddos and apigateway on one port, keys from the metadata service and STS', async () => {
  const emu = cloudEmulator({
    camRoles: ['cvm-role'],
    roles: { [roleArn(EMULATOR_ACCOUNT_ID, 'deployer')]: {} },
    fixtures: {
      addressTemplates: [{ AddressTemplateId: 'ipm-1', AddressTemplateName: 'a', AddressSet: ['10.0.0.1'] }],
    },
  })
  const s = await serve(emu.client)
  try {
    const http = fetchClient()
    const factory = platformClients({
      http,
      endpoints: { cloud: s.url },
      sleep: async () => undefined,
      cloudCredentials: cloudCredentialsFactory({
        http,
        metadataEndpoint: s.url,
        stsEndpoint: s.url,
        sleep: async () => undefined,
      }),
    })
    const client = factory('cloud', {
      region: 'ap-guangzhou',
      camRoleName: 'cvm-role',
      assumeRole: { roleArn: roleArn(EMULATOR_ACCOUNT_ID, 'deployer'), sessionName: 'loopback', sessionDuration: 900 },
    })
    const v = await client.call(
      action(
        'vpc',
        '2017-03-12',
        'DescribeAddressTemplates',
        { Offset: '0', Limit: '100' },
        { paginate: { items: 'AddressTemplateSet' } },
      ),
    )()
    assert.ok(E.isRight(v) && Array.isArray(v.right) && v.right.length === 1)
    const a = await client.call(action('antiddos', '2020-03-09', 'DescribeListListener', {}))()
    assert.ok(E.isRight(a))
    const g = await client.call(action('apigateway', '2018-08-08', 'DescribeServicesStatus', {}))()
    assert.ok(E.isRight(g))
    const counts = emu.requests()
    assert.is(
      counts['GET /latest/meta-data/cam/security-credentials/cvm-role'],
      1,
      'the role keys were fetched once and cached',
    )
    assert.is(counts['sts:AssumeRole'], 1)
  } finally {
    await s.close()
  }
})

test.run()
