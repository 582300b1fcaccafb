/**
 * Compile-only type tests of trellis/testing: partial inputs are typed by the token's inputs, so
 * each @ts-expect-error line must be a type error, or `tsc` fails.
 */
import { expectPlan, findSteps, Match, type MockRun } from 'trellis/testing'

declare const run: MockRun

expectPlan(run).toCreate('cost:CostReport', 'monthly', { settings: { amortize: true } })
expectPlan(run).toCreate('cost:CostReport', { title: Match.stringLike(/AWS/), settings: Match.anyValue() })
expectPlan(run).toCreate('cost:CostReport')
expectPlan(run).toUpdate('hosting:DnsRecord', 'www', { ttl: 300 })
// a token the kit does not know (another registry) takes any fields
expectPlan(run).toCreate('demo:Shelf', 'main', { anything: 1 })
findSteps(run, 'cost:Folder', { title: 'Finance' })

// @ts-expect-error misspelt field
expectPlan(run).toCreate('cost:CostReport', 'monthly', { titel: 'Monthly' })
// @ts-expect-error misspelt nested field
expectPlan(run).toCreate('cost:CostReport', 'monthly', { settings: { amortise: true } })
// @ts-expect-error wrong type of a field
expectPlan(run).toCreate('cost:CostReport', { title: 42 })
// @ts-expect-error misspelt field without a name
expectPlan(run).not.toCreate('cost:Folder', { titel: 'Finance' })
// @ts-expect-error misspelt field in findSteps
findSteps(run, 'cost:Folder', { titel: 'Finance' })
// @ts-expect-error toHaveCount takes a number
expectPlan(run).toHaveCount('cost:Folder', '1')
