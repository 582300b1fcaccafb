/**
 * A full garbage collection, for a scenario to run between its setup and its clock. V8's `gc` is
 * exposed only under --expose-gc; setting that flag at run time and reading `gc` from a new context
 * gives the same function without changing how the scenario's process is started.
 */
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

let gc: (() => void) | undefined

export const collectGarbage = (): void => {
  if (gc === undefined) {
    setFlagsFromString('--expose-gc')
    gc = runInNewContext('gc') as () => void
  }
  gc()
}
