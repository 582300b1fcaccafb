/**
 * `trellis demo` (npm start): the quickstart against the built-in emulators, no credentials:
 * plan, apply, then a second plan that shows no changes. State goes to a fresh temporary
 * directory, because the emulators live only as long as this process.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { isLeft } from 'fp-ts/Either'
import { registry } from '../providers'
import { apply, formatEngineError, plan } from '../engine/operations'
import { renderPlan } from '../render/render'
import { hasChanges } from '../engine/plan'
import { fileStore } from '../state/file-store'
import { DEFAULT_CONCURRENCY, type Env } from '../engine/env'
import { progress, type Out } from './output'
import { emulatedHandler } from '../workspace/emulated-handler'

export const runDemo = async (out: Out): Promise<number> => {
  const { default: quickstart } = await import('../../examples/quickstart')
  const dir = mkdtempSync(join(tmpdir(), 'trellis-demo-'))
  const prog = progress(out)
  const env: Env = {
    registry,
    handler: emulatedHandler().handler,
    store: fileStore({ dir }),
    events: prog.sink,
    concurrency: DEFAULT_CONCURRENCY,
    now: () => new Date(),
  }
  try {
    out.line('trellis demo: the quickstart stack against the built-in emulators (no credentials needed)\n')
    out.line('1. plan')
    const p1 = await plan(quickstart)(env)()
    if (isLeft(p1)) return fail(out, formatEngineError(p1.left))
    out.line(renderPlan(p1.right.plan, registry, { colour: out.colour }))
    out.line('\n2. apply')
    const a = await apply(quickstart)(env)()
    if (isLeft(a)) return fail(out, formatEngineError(a.left))
    out.line(
      `applied ${a.right.journal.filter((j) => j.status === 'done' && j.action !== 'read').length} changes; state serial ${a.right.state.serial}`,
    )
    out.line('\n3. plan again')
    const p2 = await plan(quickstart)(env)()
    if (isLeft(p2)) return fail(out, formatEngineError(p2.left))
    out.line(renderPlan(p2.right.plan, registry, { colour: out.colour }))
    if (hasChanges(p2.right.plan)) return fail(out, 'the second plan should show no changes')
    out.line(
      // the quickstart is not a file of the package: point at what a user can run next
      '\nDone: the second plan shows no changes. Start a project of your own with `npx trellis init my-infra`: ' +
        'its infra.ts plans on the emulators (`npx trellis plan infra.ts --emulate`) or, with credentials in ' +
        'the environment, against the real platforms (`npx trellis plan infra.ts`; see the README).',
    )
    return 0
  } finally {
    prog.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}

const fail = (out: Out, msg: string): number => {
  out.err(msg)
  return 1
}
