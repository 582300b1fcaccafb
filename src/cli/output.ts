/**
 * Human output for the CLI: progress lines with elapsed time, colour only on a TTY.
 */
import { labelOfAddress } from '../core/node'
import type { EngineEvent } from '../engine/events'

export interface Out {
  readonly line: (s: string) => void
  readonly err: (s: string) => void
  readonly colour: boolean
}

const PAST: Record<string, string> = {
  create: 'created',
  update: 'updated',
  replace: 'replaced',
  delete: 'deleted',
  forget: 'forgotten',
  import: 'imported',
  read: 'read',
  noop: 'unchanged',
  reconcile: 'reconciled',
  refresh: 'refreshed',
}
const ING: Record<string, string> = {
  create: 'creating',
  update: 'updating',
  replace: 'replacing',
  delete: 'deleting',
  forget: 'forgetting',
  import: 'importing',
  read: 'reading',
  noop: 'checking',
  reconcile: 'reconciling',
  refresh: 'refreshing',
}

/** An event sink that prints one line per step, and a heartbeat while long steps run. */
export const progress = (out: Out, opts: { readonly quiet?: boolean } = {}) => {
  const inFlight = new Map<string, number>()
  let done = 0
  let failed = 0
  const started = Date.now()
  const paint = (code: string, s: string) => (out.colour ? `\u001b[${code}m${s}\u001b[0m` : s)
  const timer = setInterval(() => {
    if (inFlight.size > 0 && !opts.quiet) {
      const oldest = [...inFlight.entries()].sort((a, b) => a[1] - b[1])[0]
      out.err(
        `  … ${inFlight.size} in progress, ${done} done (${((Date.now() - started) / 1000).toFixed(0)}s elapsed; waiting longest on ${labelOfAddress(oldest[0])})`,
      )
    }
  }, 5000)
  timer.unref()
  const sink = (e: EngineEvent) => {
    if (opts.quiet) return
    if (e.type === 'step-start') {
      inFlight.set(e.address, e.at)
      if (e.action !== 'read') out.err(`  ${ING[e.action] ?? e.action} ${labelOfAddress(e.address)}…`)
    } else if (e.type === 'step-done') {
      inFlight.delete(e.address)
      done++
      if (e.action !== 'read')
        out.err(
          paint(
            '32',
            `  ✓ ${PAST[e.action] ?? e.action} ${labelOfAddress(e.address)} (${e.ms} ms)${e.note ? ` — ${e.note}` : ''}`,
          ),
        )
    } else if (e.type === 'step-failed') {
      inFlight.delete(e.address)
      failed++
      out.err(
        paint(
          '31',
          `  ✗ ${ING[e.action] ?? e.action} ${labelOfAddress(e.address)} failed after ${e.ms} ms: ${e.message}`,
        ),
      )
    } else if (e.type === 'progress') out.err(`  ${e.message}`)
    else out.err(paint('33', `  warning: ${e.message}`))
  }
  return { sink, stop: () => clearInterval(timer), counts: () => ({ done, failed, ms: Date.now() - started }) }
}
