/**
 * Every command of the `trellis` CLI: what it takes (positionals, flags with their types), one line
 * of summary and an example. The parser, the help texts and the README's CLI section are all read
 * from this one table.
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

export interface CommandSpec {
  readonly name: string
  /** positionals as shown in usage, e.g. `<program.ts> TOKEN NAME ID` */
  readonly args: string
  readonly summary: string
  readonly flags: ReadonlyArray<string>
  readonly example: string
  /** the fewest and most positionals it takes */
  readonly min: number
  readonly max: number
  /** sub-commands (`state list`, …) */
  readonly subcommands?: ReadonlyArray<CommandSpec>
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
  format: { type: 'string', value: 'mermaid|dot', help: 'graph format (default mermaid)' },
  serial: { type: 'string', value: 'N', help: 'the backup to restore (default the newest)' },
  force: { type: 'boolean', help: 'break the lock even if its holder seems alive' },
  version: { type: 'boolean', help: 'print the version and exit' },
  trellis: {
    type: 'string',
    value: 'SPEC',
    help: 'where the project installs trellis from: a tarball path, a git URL or a version range',
  },
  plan: { type: 'boolean', help: 'the graph of the plan, nodes styled by action' },
  data: { type: 'string', value: 'FILE', help: "the emulators' data file (default <state-dir>/emulator.json)" },
  port: { type: 'string', value: 'N', help: 'serve on ports N, N+1, N+2 (default: free ports)' },
  faults: {
    type: 'string',
    value: 'rate=R[,seed=S][,kinds=K+K]',
    help: 'make the platforms misbehave for a fraction R',
  },
}

const COMMON = ['help', 'json', 'color', 'no-color']
const STATE = ['state-dir', 'state-url']
const RUN = [...COMMON, ...STATE, 'stack', 'emulate', 'data', 'concurrency']
/** state commands read the emulated namespace with --emulate */
const STATE_CMD = [...COMMON, ...STATE, 'stack', 'emulate']

export const COMMANDS: ReadonlyArray<CommandSpec> = [
  {
    name: 'plan',
    args: '<program.ts>',
    summary: 'show what apply would change',
    flags: [...RUN, 'refresh', 'refresh-only', 'target', 'replace', 'out', 'html', 'detailed-exitcode', 'all'],
    example: 'trellis plan infra.ts --emulate --out plan.json',
    min: 1,
    max: 1,
  },
  {
    name: 'apply',
    args: '<program.ts | saved-plan.json>',
    summary: 'make the platforms match the program (or apply a saved plan)',
    flags: [...RUN, 'yes', 'refresh', 'refresh-only', 'target', 'replace'],
    example: 'trellis apply infra.ts --target \'cost:Folder "finance"\' --yes',
    min: 1,
    max: 1,
  },
  {
    name: 'destroy',
    args: '<program.ts>',
    summary: "delete everything the stack's state holds (or only --target and its dependents)",
    flags: [...RUN, 'yes', 'target'],
    example: 'trellis destroy infra.ts --yes',
    min: 1,
    max: 1,
  },
  {
    name: 'refresh',
    args: '<program.ts>',
    summary: 'read every resource and record what changed outside trellis (apply --refresh-only)',
    flags: [...RUN, 'yes', 'detailed-exitcode'],
    example: 'trellis refresh infra.ts --detailed-exitcode',
    min: 1,
    max: 1,
  },
  {
    name: 'import',
    args: '<program.ts> TOKEN NAME ID',
    summary: "adopt an existing object (ID in the type's import format)",
    flags: RUN,
    example: 'trellis import infra.ts cost:Folder finance fldr_123',
    min: 4,
    max: 4,
  },
  {
    name: 'show',
    args: '<saved-plan.json>',
    summary: 'render a saved plan',
    flags: [...COMMON, 'html'],
    example: 'trellis show plan.json --json',
    min: 1,
    max: 1,
  },
  {
    name: 'outputs',
    args: '[NAME]',
    summary: 'the outputs the last apply recorded (one by name)',
    flags: STATE_CMD,
    example: 'trellis outputs --stack quickstart --json',
    min: 0,
    max: 1,
  },
  {
    name: 'stacks',
    args: '',
    summary: 'the stacks that have state in the store',
    flags: [...COMMON, ...STATE, 'emulate'],
    example: 'trellis stacks --state-dir .trellis',
    min: 0,
    max: 0,
  },
  {
    name: 'state',
    args: '<list | show | rm | mv | restore | unlock>',
    summary: 'inspect and repair state (journaled and backed up like any write)',
    flags: STATE_CMD,
    example: 'trellis state list --stack quickstart',
    min: 1,
    max: 3,
    subcommands: [
      {
        name: 'list',
        args: '',
        summary: 'every resource in state with its id',
        flags: STATE_CMD,
        example: 'trellis state list --stack quickstart',
        min: 0,
        max: 0,
      },
      {
        name: 'show',
        args: '[ADDRESS]',
        summary: 'one resource (or the whole state), secrets masked',
        flags: STATE_CMD,
        example: 'trellis state show \'cost:Folder "finance"\'',
        min: 0,
        max: 1,
      },
      {
        name: 'rm',
        args: 'ADDRESS',
        summary: 'forget a resource (the platform keeps the object)',
        flags: STATE_CMD,
        example: 'trellis state rm cost:Folder/finance',
        min: 1,
        max: 1,
      },
      {
        name: 'mv',
        args: 'FROM TO',
        summary: 'give a resource in state another address (same type)',
        flags: STATE_CMD,
        example: 'trellis state mv cost:Folder/finance cost:Folder/money',
        min: 2,
        max: 2,
      },
      {
        name: 'restore',
        args: '',
        summary: 'restore state from a backup',
        flags: [...STATE_CMD, 'serial'],
        example: 'trellis state restore --stack quickstart --serial 3',
        min: 0,
        max: 0,
      },
      {
        name: 'unlock',
        args: '',
        summary: "break a stack's lock left by a run that is gone (names the holder)",
        flags: [...STATE_CMD, 'force'],
        example: 'trellis state unlock --stack quickstart',
        min: 0,
        max: 0,
      },
    ],
  },
  {
    name: 'graph',
    args: '<program.ts>',
    summary: 'print the dependency graph (--plan: of the plan, by action)',
    flags: [...RUN, 'format', 'plan', 'refresh'],
    example: 'trellis graph infra.ts --format dot',
    min: 1,
    max: 1,
  },
  {
    name: 'emulate',
    args: '[seed FILE]',
    summary: 'serve the emulators on 127.0.0.1, objects kept across restarts (seed FILE: put objects in)',
    flags: ['help', 'color', 'no-color', 'state-dir', 'data', 'port', 'faults'],
    example: 'trellis emulate --port 4100',
    min: 0,
    max: 2,
  },
  {
    name: 'schema',
    args: '',
    summary: 'every provider, resource type and lookup with its fields',
    flags: COMMON,
    example: 'trellis schema --json',
    min: 0,
    max: 0,
  },
  {
    name: 'init',
    args: '[DIR]',
    summary: 'start a project, or add what is missing to one: package.json, tsconfig, infra.ts and its test',
    flags: [...COMMON, 'trellis'],
    example: 'trellis init my-infra --trellis ../trellis-0.1.0.tgz',
    min: 0,
    max: 1,
  },
  {
    name: 'demo',
    args: '',
    summary: 'the quickstart on the built-in emulators: plan, apply, plan',
    flags: COMMON,
    example: 'trellis demo',
    min: 0,
    max: 0,
  },
  {
    name: 'help',
    args: '[COMMAND]',
    summary: 'help for trellis or one command',
    flags: COMMON,
    example: 'trellis help plan',
    min: 0,
    max: 2,
  },
  {
    name: 'version',
    args: '',
    summary: 'print the version',
    flags: COMMON,
    example: 'trellis --version',
    min: 0,
    max: 0,
  },
]

export const commandNamed = (name: string): CommandSpec | undefined => COMMANDS.find((c) => c.name === name)
