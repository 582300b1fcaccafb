/**
 * Every flag of the `trellis` CLI, by name, and the groups commands share. The parser and the help
 * texts read them; each command (src/cli/commands/) names the flags it takes.
 */

export interface FlagSpec {
  readonly type: 'string' | 'boolean'
  readonly short?: string
  /** repeatable (`--target a --target b`) */
  readonly multiple?: boolean
  /** e.g. `NAME`, `auto|always|never` */
  readonly value?: string
  readonly help: string
}

/** Every flag any command takes, by name. */
export const FLAGS: Readonly<Record<string, FlagSpec>> = {
  help: { type: 'boolean', short: 'h', help: 'show this help and exit' },
  json: { type: 'boolean', help: 'one versioned JSON document on stdout (apply/destroy: NDJSON events, then it)' },
  color: { type: 'string', value: 'auto|always|never', help: 'colours (default auto: on a terminal, unless NO_COLOR)' },
  'no-color': { type: 'boolean', help: 'same as --color never' },
  stack: {
    type: 'string',
    value: 'NAME',
    help: "stack name (default: the program's; for state commands, the only one)",
  },
  'state-dir': { type: 'string', value: 'DIR', help: 'where state lives (default .trellis)' },
  'state-url': {
    type: 'string',
    value: 'URL',
    help: 'shared state in PostgreSQL (postgres://…; or TRELLIS_STATE_URL)',
  },
  emulate: { type: 'boolean', help: 'run against the built-in emulators (no credentials)' },
  yes: { type: 'boolean', short: 'y', help: 'do it without asking' },
  concurrency: { type: 'string', value: 'N', help: 'steps in flight at once (default 16)' },
  refresh: { type: 'boolean', help: 'read every resource first; drift shows as "changed outside trellis"' },
  'refresh-only': { type: 'boolean', help: 'only read the platform and record what changed outside trellis' },
  target: {
    type: 'string',
    multiple: true,
    value: 'ADDRESS',
    help: 'only this node and its dependencies (repeatable)',
  },
  replace: {
    type: 'string',
    multiple: true,
    value: 'ADDRESS',
    help: 'replace this resource even if unchanged (repeatable)',
  },
  'detailed-exitcode': { type: 'boolean', help: 'exit 2 when there are changes (or drift)' },
  out: { type: 'string', value: 'FILE', help: 'save the plan to FILE, for `trellis apply FILE`' },
  html: { type: 'string', value: 'FILE', help: 'also write the plan as a page to open in a browser' },
  all: { type: 'boolean', help: 'show unchanged nodes too' },
  format: {
    type: 'string',
    value: 'FORMAT',
    help: 'graph: mermaid (default) or dot; plan: text (default) or markdown (a pull-request summary)',
  },
  'lock-timeout': {
    type: 'string',
    value: 'DURATION',
    help: "how long to wait for another run's lock: 30s, 2m, 500ms (default 10s, or TRELLIS_LOCK_WAIT_MS)",
  },
  destroy: { type: 'boolean', help: 'plan: what `trellis destroy` would delete, without a prompt or a lock' },
  review: { type: 'boolean', help: 'the plan as a pull-request summary in Markdown (same as --format markdown)' },
  serial: { type: 'string', value: 'N', help: 'the backup to restore (default the newest)' },
  force: { type: 'boolean', help: 'break the lock even if its holder seems alive' },
  version: { type: 'boolean', help: 'print the version and exit' },
  plan: { type: 'boolean', help: 'the graph of the plan, nodes styled by action' },
  data: { type: 'string', value: 'FILE', help: "the emulators' data file (default <state-dir>/emulator.json)" },
  port: { type: 'string', value: 'N', help: 'serve on ports N, N+1, N+2 (default: free ports)' },
  faults: {
    type: 'string',
    value: 'rate=R[,seed=S][,kinds=K+K]',
    help: 'make the platforms misbehave for a fraction R',
  },
}

export const COMMON = ['help', 'json', 'color', 'no-color']
export const STATE = ['state-dir', 'state-url']
export const RUN = [...COMMON, ...STATE, 'stack', 'emulate', 'data', 'concurrency']
/** state commands read the emulated namespace with --emulate */
export const STATE_CMD = [...COMMON, ...STATE, 'stack', 'emulate']
