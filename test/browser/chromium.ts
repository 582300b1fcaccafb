/**
 * The browser the report tests drive: Debian's Chromium (`apt-get install chromium`; .ci/run
 * installs it), through playwright-core, headless, a fresh profile each run, nothing fetched from
 * outside. Without it the suite says plainly that it did not run; under CI, or with
 * TRELLIS_REQUIRE_BROWSER set, a missing browser is a failure instead.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type BrowserContext } from 'playwright-core'

export const CHROMIUM = '/usr/bin/chromium'

export type BrowserDecision =
  | { readonly kind: 'available'; readonly path: string }
  | { readonly kind: 'skip'; readonly why: string }
  /** required (CI or TRELLIS_REQUIRE_BROWSER) but absent: a failing test says why */
  | { readonly kind: 'required'; readonly why: string }

export const decideBrowser = (
  env: Readonly<Record<string, string | undefined>>,
  exists: (p: string) => boolean = existsSync,
): BrowserDecision => {
  if (exists(CHROMIUM)) return { kind: 'available', path: CHROMIUM }
  const why = `no Chromium at ${CHROMIUM} (install it with: apt-get install -y chromium)`
  return env.CI || env.TRELLIS_REQUIRE_BROWSER ? { kind: 'required', why } : { kind: 'skip', why }
}

/** A headless Chromium with a profile of its own, removed on close. */
export const launch = async (path: string): Promise<{ context: BrowserContext; close: () => Promise<void> }> => {
  const profile = mkdtempSync(join(tmpdir(), 'trellis-chromium-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: path,
    headless: true,
    viewport: { width: 1400, height: 850 },
    timeout: 30_000,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
  return {
    context,
    close: async () => {
      await context.close()
      rmSync(profile, { recursive: true, force: true })
    },
  }
}
