/**
 * The emulator served on 127.0.0.1: one port serves every service (routing on the signature's
 * credential scope), through the real fetch transport, the signed-action client and the
 * credentials chain (instance role from the metadata paths, then a role assumed through STS).
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import * as E from 'fp-ts/Either'
import { serve } from '#trellis/clients'
import { fetchClient } from '#trellis/clients'
import { platformClients } from '#trellis/clients'
import { cloudCredentialsFactory } from '#src/providers/cloud/client/credentials'
import { cloudEmulator, EMULATOR_ACCOUNT_ID, roleArn } from '../../../clients/emulators/cloud'
import { action } from '#trellis/engine'

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
