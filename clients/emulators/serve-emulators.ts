/**
 * serveEmulators: an emulator set on 127.0.0.1, one port per platform (`port`, `port + 1`,
 * `port + 2` when a port is given; free ports otherwise). In front of each platform's API sit two
 * routes of trellis's own: `GET /` answers what the emulator is and which paths (or services) it
 * serves, and `POST /_trellis/seed` adds objects made elsewhere (what `trellis emulate seed` sends
 * to a running emulator). Faults, when asked for, hit the platform's API only, never those two.
 */
import * as TE from 'fp-ts/TaskEither'
import type { HttpClient, HttpResponse, Middleware } from '../http'
import { serve, type Served } from '../serve'
import type { SeedObjects } from './emulator'
import { EMULATED_PLATFORMS, type EmulatedPlatform, type EmulatorSet } from './emulators'

// ── model ────────────────────────────────────────────────────────────────────
export interface ServeEmulatorsOptions {
  /** the first of three consecutive ports (cost, hosting, cloud); default: free ports */
  readonly port?: number
  /** wraps each platform's API (e.g. `faults({ seed, rate })`) */
  readonly middleware?: Middleware
  /** called after every seed that changed something (to save the data file) */
  readonly onChange?: () => void
}

export interface ServedEmulators {
  /** base URL per platform, e.g. `{ cost: 'http://127.0.0.1:4100', ... }` */
  readonly endpoints: Readonly<Record<EmulatedPlatform, string>>
  readonly close: () => Promise<void>
}

export const SEED_PATH = '/_trellis/seed'

const reply = (status: number, body: unknown): HttpResponse => ({
  status,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body, null, 2),
})

// ── interpreter ──────────────────────────────────────────────────────────────
const front =
  (set: EmulatorSet, platform: EmulatedPlatform, api: HttpClient, onChange?: () => void): HttpClient =>
  (req) => {
    const path = new URL(req.url).pathname
    if (req.method === 'GET' && path === '/') {
      const a = set[platform].about
      return TE.right(
        reply(200, {
          emulator: a.name,
          platform: a.platform,
          serves: a.serves,
          seed: { path: SEED_PATH, kinds: a.seeds },
        }),
      )
    }
    if (path === SEED_PATH) {
      if (req.method !== 'POST') return TE.right(reply(405, { message: `${SEED_PATH} takes POST` }))
      try {
        set.seed({ [platform]: JSON.parse(req.body ?? '{}') as SeedObjects })
      } catch (e) {
        return TE.right(reply(400, { message: e instanceof Error ? e.message : String(e) }))
      }
      onChange?.()
      return TE.right(reply(200, { seeded: platform }))
    }
    return api(req)
  }

/** Serve a set of emulators on 127.0.0.1 (one port each). */
export const serveEmulators = async (set: EmulatorSet, opts: ServeEmulatorsOptions = {}): Promise<ServedEmulators> => {
  const served: Served[] = []
  try {
    for (const [i, p] of EMULATED_PLATFORMS.entries()) {
      const api = opts.middleware ? opts.middleware(set[p].client) : set[p].client
      served.push(
        await serve(front(set, p, api, opts.onChange), opts.port === undefined ? {} : { port: opts.port + i }),
      )
    }
  } catch (e) {
    await Promise.all(served.map((s) => s.close()))
    throw e
  }
  return {
    endpoints: { cost: served[0].url, hosting: served[1].url, cloud: served[2].url },
    close: async () => {
      await Promise.all(served.map((s) => s.close()))
    },
  }
}
