/**
 * latencyLowerBoundMs: no apply of `requests` requests can finish sooner, when each holds one of at
 * most `concurrency` places in flight for `latencyMs` and `longestChain` of them must follow one
 * another (latency-apply's bound; its target is a ratio to it).
 *
 * - The chain: longestChain × latencyMs.
 * - The places: at most `concurrency` requests are in flight at any instant, so the requests can be
 *   laid out on `concurrency` lanes, each lane's requests one after another (intervals that never
 *   overlap more than c deep take c colours: give each, in order of its start, a colour whose last
 *   interval has ended). Some lane then carries ⌈requests / concurrency⌉ requests end to end. The
 *   bound used before, requests × latencyMs / concurrency, split requests into fractions over the
 *   lanes: 312.5 ms for 1,000 requests at 64, where 16 whole rounds take 320.
 */
export const latencyLowerBoundMs = (
  requests: number,
  concurrency: number,
  latencyMs: number,
  longestChain: number,
): number => Math.max(longestChain * latencyMs, Math.ceil(requests / concurrency) * latencyMs)
