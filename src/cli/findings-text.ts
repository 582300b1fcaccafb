/**
 * The policies' findings as the CLI prints them, after the plan whatever its outcome: mandatory
 * violations (which stop an apply, exit 5), advisory ones as warnings, checks left for apply, how
 * many were suppressed, and suppressions naming a policy not in force.
 */
import { labelOfAddress } from '../core/node'
import { isBlocking, type PolicyFinding } from '../policy/finding'
import type { PolicyResult } from '../workspace/workspace-policies'
import { paint, type Out } from './output'

const count = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`

/** One finding in one line, marked by what it does to the run. */
export const findingLine = (f: PolicyFinding, out: Pick<Out, 'colour'>): string => {
  const where = `${labelOfAddress(f.node)}${f.path ? ` (${f.path})` : ''}`
  if (f.status === 'needs-apply-check') return `  ? ${f.policy}: ${where}: ${f.message}`
  if (isBlocking(f)) return paint(out, '31', `  ✗ [mandatory] ${f.policy}: ${where}: ${f.message}`)
  return paint(out, '33', `  ! warning: [advisory] ${f.policy}: ${where}: ${f.message}`)
}

/** The policy section of a plan (nothing when no policy is in force). */
export const findingsText = (r: PolicyResult, out: Pick<Out, 'colour'>): string[] => {
  const p = r.policy
  if (p === undefined) return []
  const blocking = r.findings.filter(isBlocking).length
  const advisory = r.findings.filter((f) => f.status === 'violation' && !isBlocking(f)).length
  const later = r.findings.filter((f) => f.status === 'needs-apply-check').length
  const packs = p.packs.map((k) => k.name).join(', ')
  const head =
    r.findings.length === 0
      ? `Policies (${packs}): all passed${p.suppressed.length ? `, ${count(p.suppressed.length, 'finding')} suppressed` : ''}.`
      : `Policies (${packs}): ${[
          count(blocking, 'mandatory violation'),
          count(advisory, 'advisory finding'),
          ...(later ? [`${count(later, 'check')} left for apply (the values are known only then)`] : []),
          ...(p.suppressed.length ? [`${p.suppressed.length} suppressed`] : []),
        ].join(', ')}`
  return ['', head, ...r.findings.map((f) => findingLine(f, out)), ...p.warnings.map((w) => `  ! warning: ${w}`)]
}
