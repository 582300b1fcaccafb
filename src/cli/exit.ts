/**
 * The CLI's exit codes, the same everywhere (and in the README): each TrellisError kind has one.
 */
export const EXIT = {
  ok: 0,
  /** an operation failed or did not finish (the platform refused, a step failed or was left pending, a saved plan is out of date) */
  failed: 1,
  /** changes are pending / drift found (with --detailed-exitcode) */
  changes: 2,
  /** the stack or a provider configuration is invalid; every error printed */
  invalid: 3,
  /** the state is locked, conflicting or corrupt */
  state: 4,
  /** a mandatory policy is violated (wins over --detailed-exitcode's 2) */
  policy: 5,
  /** usage: unknown command or flag, missing or bad argument */
  usage: 64,
  /** interrupted (SIGINT/SIGTERM): in-flight steps finished and were recorded */
  interrupted: 130,
} as const

export const EXIT_HELP =
  'exit codes: 0 ok · 1 failed · 2 changes or drift (--detailed-exitcode) · 3 invalid stack or provider configuration · 4 state locked/conflicting/corrupt · 5 mandatory policy violated · 64 usage · 130 interrupted'
