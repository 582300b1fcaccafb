// A TypeDoc plugin (typedoc.json): the API reference of each builder (`cost.folder`, `cost.getWorkspaces`)
// lists its fields with their doc comments — the spec's notes that editors show on a setter or an
// `.out` ref. TypeDoc prints a builder's type, whose field comments live in io-ts codecs it does not
// expand, so without this the reference would name the fields but not say what they are.
import { Comment, Converter, ReflectionKind } from 'typedoc'

const METHODS = new Set(['node', 'out', 'set', 'options'])

/** `name — doc` lines of a type's properties (the type-level marker of pending inputs left out). */
const fieldsOf = (checker, type, at, skip = new Set()) =>
  type
    .getProperties()
    .filter((p) => !p.name.startsWith('__@') && !skip.has(p.name))
    .map((p) => {
      const doc = p
        .getDocumentationComment(checker)
        .map((d) => d.text)
        .join('')
        .replace(/\s+/g, ' ')
        .trim()
      // an `.out` field's type is Ref<T>: show T
      const type = checker.typeToString(checker.getTypeOfSymbolAtLocation(p, at)).replace(/^Ref<(.*)>$/, '$1')
      return { name: p.name, doc, type }
    })

const section = (title, fields) =>
  fields.length === 0
    ? ''
    : `\n\n**${title}**\n\n${fields.map((f) => `- \`${f.name}\` (\`${f.type}\`): ${f.doc}`).join('\n')}`

/** @param {import('typedoc').Application} app */
export const load = (app) => {
  app.converter.on(Converter.EVENT_CREATE_DECLARATION, (context, reflection) => {
    if (reflection.kind !== ReflectionKind.Variable) return
    const symbol = context.getSymbolFromReflection(reflection)
    const at = symbol?.valueDeclaration
    if (!at) return
    const checker = context.checker
    const sig = checker.getTypeOfSymbolAtLocation(symbol, at).getCallSignatures()[0]
    if (!sig) return
    const made = checker.getReturnTypeOfSignature(sig)
    const out = made.getProperty('out')
    if (!out || !made.getProperty('node')) return
    const outFields = fieldsOf(checker, checker.getTypeOfSymbolAtLocation(out, at), at)
    let text
    if (made.getProperty('set')) {
      const inputs = fieldsOf(checker, made, at, METHODS)
      const names = new Set(inputs.map((f) => f.name))
      // a setter's type is a function: the field's own type is the one its `.out` ref carries
      const typed = inputs.map((f) => ({ ...f, type: outFields.find((o) => o.name === f.name)?.type ?? f.type }))
      text =
        section('Inputs (each has a setter of its name)', typed) +
        section(
          'Outputs (refs under .out, with every input)',
          outFields.filter((f) => !names.has(f.name)),
        )
    } else {
      const args = sig.getParameters()[1]
      const argFields = args
        ? fieldsOf(checker, checker.getNonNullableType(checker.getTypeOfSymbolAtLocation(args, at)), at)
        : []
      text = section('Arguments', argFields) + section('Result (refs under .out)', outFields)
    }
    if (!text) return
    reflection.comment ??= new Comment()
    reflection.comment.summary.push({ kind: 'text', text })
  })
}
