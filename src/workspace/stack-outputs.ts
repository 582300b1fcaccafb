/**
 * `workspace().outputs`: the outputs the last apply recorded, secrets as `{secret: true}`, or
 * revealed on purpose with the passphrase that encrypted them.
 */
import * as E from 'fp-ts/Either'
import { jsonValue } from '../render/json-value'
import { revealOutputs } from '../state/reveal-outputs'
import type { StateStore } from '../state/state-store'
import { engineResult } from './engine-result'
import { TrellisError } from './trellis-error'
import type { OutputsOptions, WorkspaceOptions } from './workspace'

const noState = (stackName: string): TrellisError =>
  new TrellisError('state', [
    {
      node: stackName,
      path: '',
      expected: 'a stack with state',
      given: 'no state',
      message: `stack ${stackName} has no state in this store`,
    },
  ])

export const stackOutputs = async (
  opts: WorkspaceOptions,
  store: StateStore,
  stackName: string,
  o: OutputsOptions = {},
): Promise<Readonly<Record<string, unknown>>> => {
  const st = await engineResult(store.read(stackName))
  if (!st) throw noState(stackName)
  if (!o.showSecrets) return jsonValue(st.outputs) as Record<string, unknown>
  const passphrase = opts.passphrase ?? ((opts.env ?? process.env).TRELLIS_PASSPHRASE || undefined)
  const shown = revealOutputs(st, passphrase)
  if (E.isLeft(shown))
    throw new TrellisError('failed', [
      {
        node: `stack ${stackName}`,
        path: '',
        expected: 'secret outputs encrypted with a passphrase',
        given: shown.left,
        message: shown.left,
      },
    ])
  return jsonValue(shown.right) as Record<string, unknown>
}
