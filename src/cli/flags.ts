/**
 * Every flag of the `trellis` CLI, by name, and the groups commands share. The parser and the help
 * texts read them; each command (src/cli/commands/) names the flags it takes.
 */
import { stackNameProblem } from '../core/names'

export interface FlagSpec {
  readonly type: 'string' | 'boolean'
  readonly short?: string
  /** repeatable (`--target a --target b`) */
  readonly multiple?: boolean
  /** e.g. `NAME`, `auto|always|never` */
  readonly value?: string
  readonly help: string
  /** what is wrong with a value given to it (undefined: nothing), found before anything is loaded: a usage error */
  readonly check?: (value: string) => string | undefined
}

// ── value checks ─────────────────────────────────────────────────────────────
const words =
  (...ws: ReadonlyArray<string>) =>
  (v: string): string | undefined =>
    ws.includes(v) ? undefined : `expected ${ws.join(', ')}, got ${JSON.stringify(v)}`
const positive = (v: string): string | undefined =>
  /^[1-9][0-9]*$/.test(v) ? undefined : `expected a positive integer, got ${JSON.stringify(v)}`
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/
const path = (v: string): string | undefined =>
  v.trim() === '' || CONTROL.test(v) ? `expected a file or directory path, got ${JSON.stringify(v)}` : undefined
const port = (v: string): string | undefined =>
  /^[1-9][0-9]*$/.test(v) && Number(v) <= 65533
    ? undefined
    : `expected a port from 1 to 65533 (three are used: N, N+1, N+2), got ${JSON.stringify(v)}`
const postgresUrl = (v: string): string | undefined =>
  /^postgres(ql)?:\/\/[^\s]+$/.test(v) ? undefined : `expected postgres://… or postgresql://…, got ${JSON.stringify(v)}`
const ADDRESS = /^[A-Za-z0-9_-]+:[A-Za-z0-9_]+(\/.+|\s+".*")$/
const address = (v: string): string | undefined =>
  ADDRESS.test(v.trim()) && !CONTROL.test(v)
    ? undefined
    : `expected a node address such as cost:CostReport/monthly, got ${JSON.stringify(v)}`
const durationText = (v: string): string | undefined =>
  /^\d+(\.\d+)?(ms|s|m|h)?$/.test(v)
    ? undefined
    : `expected a duration such as 30s, 2m or 500ms, got ${JSON.stringify(v)}`
const envName = (v: string): string | undefined =>
  /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/.test(v)
    ? undefined
    : `expected an environment name (letters, digits, '.', '_' or '-'), got ${JSON.stringify(v)}`
const FAULTS = /^rate=(0(\.[0-9]+)?|1(\.0+)?|\.[0-9]+)(,seed=-?[0-9]+)?(,kinds=[A-Za-z0-9-]+(\+[A-Za-z0-9-]+)*)?$/
const faults = (v: string): string | undefined =>
  FAULTS.test(v) ? undefined : `expected rate=R (0..1)[,seed=S][,kinds=K+K], got ${JSON.stringify(v)}`

const PROVIDER = /^[a-z][a-zA-Z0-9]*$/
const providerName = (v: string): string | undefined =>
  PROVIDER.test(v) ? undefined : `expected a provider name such as hosting, got ${JSON.stringify(v)}`
const TOKEN = /^[a-z][a-zA-Z0-9]*:[A-Z][A-Za-z0-9]*$/
const typeToken = (v: string): string | undefined =>
  TOKEN.test(v) ? undefined : `expected a resource type such as hosting:DnsRecord, got ${JSON.stringify(v)}`
const SCOPE = /^[a-zA-Z][a-zA-Z0-9]*=[^\s=]+$/
const scopeValue = (v: string): string | undefined =>
  SCOPE.test(v) && !CONTROL.test(v) ? undefined : `expected KEY=VALUE such as siteId=site_1, got ${JSON.stringify(v)}`

/** Every flag any command takes, by name. */
export const FLAGS: Readonly<Record<string, FlagSpec>> = {
  help: { type: 'boolean', short: 'h', help: 'show this help and exit' },
  json: { type: 'boolean', help: 'one versioned JSON document on stdout (apply/destroy: NDJSON events, then it)' },
  color: {
    type: 'string',
    value: 'auto|always|never',
    help: 'colours (default auto: on a terminal, unless NO_COLOR)',
    check: words('auto', 'always', 'never'),
  },
  'no-color': { type: 'boolean', help: 'same as --color never' },
  stack: {
    type: 'string',
    multiple: true,
    value: 'NAME',
    help: 'only this stack of the program and the stacks it reads (repeatable); for state commands, the stack (default: the only one)',
    check: stackNameProblem,
  },
  'to-stack': {
    type: 'string',
    value: 'NAME',
    help: 'state mv: the stack whose state the resource moves into, with its ownership claim',
    check: stackNameProblem,
  },
  env: {
    type: 'string',
    value: 'NAME',
    help: 'the environment: one the program declares (export const environments); its trellis.<env>.json is the config',
    check: envName,
  },
  program: {
    type: 'string',
    value: 'FILE',
    help: 'config: the program whose directory holds trellis.<env>.json (default: the current directory)',
    check: path,
  },
  secret: { type: 'boolean', help: 'config set: encrypt the value (needs TRELLIS_PASSPHRASE)' },
  'state-dir': { type: 'string', value: 'DIR', help: 'where state lives (default .trellis)', check: path },
  'state-url': {
    type: 'string',
    value: 'URL',
    help: 'shared state in PostgreSQL (postgres://…; or TRELLIS_STATE_URL)',
    check: postgresUrl,
  },
  emulate: { type: 'boolean', help: 'run against the built-in emulators (no credentials)' },
  yes: { type: 'boolean', short: 'y', help: 'do it without asking' },
  concurrency: { type: 'string', value: 'N', help: 'steps in flight at once (default 16)', check: positive },
  refresh: { type: 'boolean', help: 'read every resource first; drift shows as "changed outside trellis"' },
  'refresh-only': { type: 'boolean', help: 'only read the platform and record what changed outside trellis' },
  target: {
    type: 'string',
    multiple: true,
    value: 'ADDRESS',
    help: 'only this node and its dependencies (repeatable)',
    check: address,
  },
  replace: {
    type: 'string',
    multiple: true,
    value: 'ADDRESS',
    help: 'replace this resource even if unchanged (repeatable)',
    check: address,
  },
  'detailed-exitcode': { type: 'boolean', help: 'exit 2 when there are changes (or drift)' },
  policy: {
    type: 'string',
    multiple: true,
    value: 'FILE',
    help: 'also check the plan against the policies FILE exports (repeatable; a mandatory violation exits 5)',
    check: path,
  },
  out: { type: 'string', value: 'FILE', help: 'save the plan to FILE, for `trellis apply FILE`', check: path },
  html: { type: 'string', value: 'FILE', help: 'also write the plan as a page to open in a browser', check: path },
  all: { type: 'boolean', help: 'show unchanged nodes too' },
  format: {
    type: 'string',
    value: 'FORMAT',
    help: 'graph: mermaid (default) or dot; plan: text (default) or markdown (a pull-request summary)',
    check: words('mermaid', 'dot', 'text', 'markdown'),
  },
  'lock-timeout': {
    type: 'string',
    value: 'DURATION',
    help: "how long to wait for another run's lock: 30s, 2m, 500ms (default 10s, or TRELLIS_LOCK_WAIT_MS)",
    check: durationText,
  },
  destroy: { type: 'boolean', help: 'plan: what `trellis destroy` would delete, without a prompt or a lock' },
  'continue-on-error': {
    type: 'boolean',
    help: 'after a failed step, go on with the steps that do not depend on it (default: start no new step)',
  },
  review: { type: 'boolean', help: 'the plan as a pull-request summary in Markdown (same as --format markdown)' },
  serial: { type: 'string', value: 'N', help: 'the backup to restore (default the newest)', check: positive },
  force: {
    type: 'boolean',
    help:
      'state unlock: break the lock even if its holder seems alive; stack rm: forget what the stack still holds; ' +
      'generate: replace an existing file',
  },
  'show-secrets': {
    type: 'boolean',
    help: 'outputs: secret outputs in plain text (state encrypted with TRELLIS_PASSPHRASE)',
  },
  version: { type: 'boolean', help: 'print the version and exit' },
  trellis: {
    type: 'string',
    value: 'SPEC',
    help: 'where the project installs trellis from: a tarball path, a git URL or a version range',
    check: path,
  },
  plan: { type: 'boolean', help: 'the graph of the plan, nodes styled by action' },
  data: {
    type: 'string',
    value: 'FILE',
    help: "the emulators' data file (default <state-dir>/emulator.json)",
    check: path,
  },
  port: { type: 'string', value: 'N', help: 'serve on ports N, N+1, N+2 (default: free ports)', check: port },
  provider: {
    type: 'string',
    multiple: true,
    value: 'P',
    help: 'discover, generate: only this provider (repeatable)',
    check: providerName,
  },
  type: {
    type: 'string',
    multiple: true,
    value: 'TOKEN',
    help: 'discover, generate: only this resource type (repeatable)',
    check: typeToken,
  },
  scope: {
    type: 'string',
    multiple: true,
    value: 'KEY=VALUE',
    help: 'discover, generate: list types listed under a parent here (siteId=…, teamId=…; repeatable)',
    check: scopeValue,
  },
  faults: {
    type: 'string',
    value: 'rate=R[,seed=S][,kinds=K+K]',
    help: 'make the platforms misbehave for a fraction R',
    check: faults,
  },
}

export const COMMON = ['help', 'json', 'color', 'no-color']
export const STATE = ['state-dir', 'state-url']
export const RUN = [...COMMON, ...STATE, 'stack', 'env', 'emulate', 'data', 'concurrency']
/** state commands read the emulated namespace with --emulate */
export const STATE_CMD = [...COMMON, ...STATE, 'stack', 'emulate']
