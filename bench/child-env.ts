/**
 * childEnv: the environment of every process the bench runner starts — the runner's own, without
 * NODE_EXTRA_CA_CERTS, plus `extra`. Node reads the file that variable names before any script runs
 * (on machines that point it at the system's 220 KB bundle: ~40 ms of every process, an empty
 * node's too, every side alike), and nothing measured opens a TLS connection. The results say
 * whether the runner had it set.
 */
export const childEnv = (
  extra?: Readonly<Record<string, string>>,
  from: NodeJS.ProcessEnv = process.env,
): NodeJS.ProcessEnv => {
  const { NODE_EXTRA_CA_CERTS: _dropped, ...rest } = from
  return { ...rest, ...extra }
}
