/**
 * Compile-only type tests of fetchClient's options: the transports removed with the hand-written
 * client are type errors whose message names the one left ('undici'); each @ts-expect-error line
 * must be a type error, or `tsc` fails.
 */
import { fetchClient } from 'trellis/clients'

fetchClient({ transport: 'undici', proxy: { https: 'http://proxy.corp:3128', noProxy: '.corp' }, ca: '-----BEGIN…' })
fetchClient({ fetch: globalThis.fetch, maxRedirects: 2, timeoutMs: 5_000 })

// @ts-expect-error removed: the hand-written HTTP/1.1 client (Type '"http1"' is not assignable to type '"undici"')
fetchClient({ transport: 'http1' })
// @ts-expect-error removed: the node:http transport (Type '"node:http"' is not assignable to type '"undici"')
fetchClient({ transport: 'node:http' })
