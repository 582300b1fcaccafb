/**
 * The checks of a stack as a whole: its name (a JSON stack or a forged program never passed the
 * builders' checks) and its exported outputs' refs.
 */
import { issue } from '../../core/issue'
import { quoteName, stackNameProblem } from '../../core/names'
import { refsIn } from '../../core/ref'
import { push, type CompileContext } from './context'

/** The stack's name is one a stack may have. */
export const checkStackName = (cx: CompileContext): void => {
  const name = cx.stack.name
  const problem = stackNameProblem(name)
  if (problem === undefined) return
  push(
    cx,
    issue(`stack ${quoteName(String(name))}`, {
      path: 'name',
      expected: "1 to 100 letters, digits, '.', '_' or '-'",
      given: name,
      message: problem + '.',
    }),
  )
}

/** Every ref an export holds is to a node of the stack. */
export const checkOutputs = (cx: CompileContext): void => {
  for (const [k, v] of Object.entries(cx.stack.outputs))
    for (const r of refsIn(v))
      if (!cx.declared.has(r.node))
        push(
          cx,
          issue(`stack ${cx.stack.name}`, {
            path: `outputs.${k}`,
            expected: 'a ref to a node added to this stack',
            given: r,
          }),
        )
}
