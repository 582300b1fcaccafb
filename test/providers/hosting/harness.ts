/**
 * Test harness for the hosting specs: the emulator behind the real bearer-REST client, and small
 * helpers that send a spec's wire requests and decode the replies the way the engine does.
 */
import { MESSAGE_LINK_HEADER } from '#trellis/engine'
import { restClient } from '#trellis/clients'
import { hostingEmulator, type HostingEmulatorOptions } from '../../../clients/emulators/hosting'
import { secret } from '#trellis'
import { specHarness } from '../spec-harness'

export const setup = (opts: HostingEmulatorOptions = {}, config: Record<string, unknown> = {}) => {
  const emu = hostingEmulator(opts)
  const client = restClient({
    baseUrl: 'https://api.netlify.com',
    token: secret('emulator-token'),
    http: emu.client,
    style: MESSAGE_LINK_HEADER,
  })
  const h = specHarness(client, config)
  return { ...h, emu, lookup: h.lookupEither }
}

/** The id of the default fixture team `acme`. */
export const acmeId = async (h: ReturnType<typeof setup>): Promise<string> => {
  const all = (await h.call({ _tag: 'Rest', method: 'GET', path: '/api/v1/accounts' })) as Array<{
    id: string
    slug: string
  }>
  return all.find((a) => a.slug === 'acme')!.id
}

export const siteId = async (h: ReturnType<typeof setup>, name = 'acme-www'): Promise<string> => {
  const all = (await h.call({ _tag: 'Rest', method: 'GET', path: '/api/v1/sites' })) as Array<{
    id: string
    name: string
  }>
  return all.find((s) => s.name === name)!.id
}
