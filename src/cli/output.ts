/**
 * Human output for the CLI: where lines go, whether to colour them, and progress while steps run —
 * one updating line on a terminal (steps in flight, done/total), plain lines otherwise, NDJSON
 * events with --json.
 */
import { labelOfAddress } from '../core/node'
import type { EngineEvent } from '../engine/events'

export interface Out {
  readonly line: (s: string) => void
  readonly err: (s: string) => void
  readonly colour: boolean
  /** stderr is a terminal: progress may redraw one line, written raw (no newline) through this */
  readonly redraw?: (s: string) => void
}

/**
 * Colour or not: --color always|never (or --no-color) wins, then NO_COLOR (any value), then
 * FORCE_COLOR (any value but 0/false), then whether the stream is a terminal.
 */
export const useColour = (
  flag: 'auto' | 'always' | 'never' | undefined,
  env: Readonly<Record<string, string | undefined>>,
  isTty: boolean,
): boolean => {
  if (flag === 'always') return true
  if (flag === 'never') return false
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false') return true
  return isTty
}

export const paint = (out: Pick<Out, 'colour'>, code: string, s: string): string =>
  out.colour ? `\u001b[${code}m${s}\u001b[0m` : s

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

export interface Progress {
  readonly sink: (e: EngineEvent) => void
  /** how many steps the run will do (for done/total) */
  readonly total: (n: number) => void
  /** addresses in flight now */
  readonly inFlight: () => ReadonlyArray<string>
  readonly stop: () => void
}

/** The line an event leaves on the terminal (a step started is drawn, not kept; a read leaves none). */
const lineOf = (out: Out, e: EngineEvent): string | undefined => {
  if (e.type === 'step-done')
    return e.action === 'read'
      ? undefined
      : paint(
          out,
          '32',
          `  ✓ ${PAST[e.action] ?? e.action} ${labelOfAddress(e.address)} (${e.ms} ms)${e.note ? ` — ${e.note}` : ''}`,
        )
  if (e.type === 'step-failed')
    return paint(
      out,
      '31',
      `  ✗ ${ING[e.action] ?? e.action} ${labelOfAddress(e.address)} failed after ${e.ms} ms: ${e.message}`,
    )
  if (e.type === 'progress') return `  ${e.message}`
  if (e.type === 'step-start') return undefined
  return paint(out, '33', `  warning: ${e.message}`)
}

/** The CLI's event sink. `json`: one NDJSON event per line on stdout; `quiet`: nothing. */
export const progress = (out: Out, opts: { readonly quiet?: boolean; readonly json?: boolean } = {}): Progress => {
  const inFlight = new Map<string, { at: number; action: string }>()
  let done = 0
  let total = 0
  let drawn = false
  const started = Date.now()
  const clear = () => {
    if (drawn) out.redraw?.('\r\u001b[2K')
    drawn = false
  }
  const draw = () => {
    if (!out.redraw || opts.quiet || opts.json) return
    if (inFlight.size === 0) return clear()
    const [first] = inFlight
    const what = `${ING[first[1].action] ?? first[1].action} ${labelOfAddress(first[0])}`
    const more = inFlight.size > 1 ? ` and ${inFlight.size - 1} more` : ''
    const secs = ((Date.now() - started) / 1000).toFixed(0)
    out.redraw(`\r\u001b[2K  [${done}/${total || '?'}] ${what}${more}… (${secs}s)`)
    drawn = true
  }
  // a heartbeat: on a terminal the line redraws, otherwise a line every 5 s while something runs
  const timer = setInterval(() => {
    if (opts.quiet || opts.json || inFlight.size === 0) return
    if (out.redraw) return draw()
    const oldest = [...inFlight.entries()].sort((a, b) => a[1].at - b[1].at)[0]
    out.err(
      `  … ${inFlight.size} in progress, ${done} of ${total || '?'} done (${((Date.now() - started) / 1000).toFixed(0)}s elapsed; waiting longest on ${labelOfAddress(oldest[0])})`,
    )
  }, 5000)
  timer.unref()
  const permanent = (s: string) => {
    clear()
    out.err(s)
    draw()
  }
  const sink = (e: EngineEvent) => {
    if (e.type === 'step-start') inFlight.set(e.address, { at: e.at, action: e.action })
    else if (e.type === 'step-done' || e.type === 'step-failed') {
      inFlight.delete(e.address)
      if (e.action !== 'read') done++
    }
    if (opts.json) {
      out.line(JSON.stringify({ formatVersion: 1, kind: 'event', ...e }))
      return
    }
    if (opts.quiet) return
    if (e.type === 'step-start') {
      if (e.action === 'read') return
      if (out.redraw) draw()
      else out.err(`  ${ING[e.action] ?? e.action} ${labelOfAddress(e.address)}…`)
      return
    }
    const line = lineOf(out, e)
    if (line !== undefined) permanent(line)
  }
  return {
    sink,
    total: (n) => {
      total = n
    },
    inFlight: () => [...inFlight.keys()],
    stop: () => {
      clearInterval(timer)
      clear()
    },
  }
}
