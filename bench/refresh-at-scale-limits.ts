/**
 * The rate limits `refresh-at-scale` runs under, and the emulator options both of its processes
 * share. Each platform's real limit comes from its docs/wire/ reference; the client's budget is the
 * shipped default (src/workspace/real-handler.ts `BUDGET`, repeated here because the bench imports
 * trellis only through its entry points — keep the two the same).
 */

/** What each platform allows, per window (the emulators enforce these in the timed refresh). */
export const REAL_LIMITS = {
  // wire/cost.md §1.5: 1,000 requests an hour, account-wide (cost reports: also 5 per 5 s, below)
  cost: { limit: 1000, windowMs: 3_600_000 },
  // wire/hosting.md §1.5: 500 requests a minute per token
  hosting: { limit: 500, windowMs: 60_000 },
  // the cloud's API documents a frequency limit per action, 20 a second by default (the wire
  // reference records only the upstream provider's own throttle, 15 a second per action)
  cloud: { limit: 20, windowMs: 1000, perAction: true },
} as const

/** Unlimited, for applying the stack before the measurement. */
export const NO_LIMITS = {
  cost: { limit: 1e9, windowMs: 3_600_000 },
  hosting: { limit: 1e9, windowMs: 60_000 },
  cloud: { limit: 1e9, windowMs: 1000 },
} as const

/** The client's token bucket per platform, as shipped. */
export const SHIPPED_BUDGETS = {
  cost: { capacity: 20, refillPerSecond: 5 },
  hosting: { capacity: 50, refillPerSecond: 8 },
  cloud: { capacity: 1, refillPerSecond: 18 },
} as const

/** The largest page each platform serves (docs/wire/*.md: cost `limit` ≤ 1,000; hosting and cloud 100). */
export const PLATFORM_PAGE = { cost: 1000, hosting: 100, cloud: 100 } as const

export const CLOUD_SECRET_ID = 'AKIDbench'

type Limits = Readonly<
  Record<
    'cost' | 'hosting' | 'cloud',
    { readonly limit: number; readonly windowMs: number; readonly perAction?: boolean }
  >
>

/** The emulators' options (tokens, the bench's cloud key, the limits); the data comes from the scenario's apply. */
export const benchEmulatorOptions = (token: string, limits: Limits, hostingFixtures?: unknown) => ({
  // the teams the shapes' access grants name (`team_${g % 3}`)
  cost: { token, rateLimit: limits.cost, fixtures: { teams: [0, 1, 2].map((i) => ({ token: `team_${i}` })) } },
  hosting: {
    token,
    rateLimit: limits.hosting,
    ...(hostingFixtures ? { fixtures: hostingFixtures as never } : {}),
  },
  // created objects visible at once: the setup apply does not wait for them
  cloud: { credentials: { [CLOUD_SECRET_ID]: token }, rateLimit: limits.cloud, visibleAfter: 0 },
})
