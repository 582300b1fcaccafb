/**
 * Helpers for wire tables: split a platform object (already in spec names) into the inputs and
 * outputs a spec declares, and build import-id parsers.
 */
import * as t from 'io-ts'
import * as E from 'fp-ts/Either'
import { pipe } from 'fp-ts/function'
import { fieldsOf } from './codecs'
import { codecIs } from './codec-is'
import type { Identity, ImportTarget, Observed } from './spec'
import { formatIssue, findingsFromErrors, issue } from './issue'

// The field names of each codec, worked out once per codec (specs' codecs are module constants):
// fieldsOf also asks every field's codec whether it takes undefined, which is too much per reply.
const names = new WeakMap<t.Mixed, ReadonlyArray<string>>()
const namesOf = (codec: t.Mixed): ReadonlyArray<string> => {
  let n = names.get(codec)
  if (!n) names.set(codec, (n = fieldsOf(codec).map((f) => f.name)))
  return n
}

/**
 * Codecs whose decoding gives back the very value they accept: io-ts's primitives, and objects,
 * arrays, unions and intersections of them (an exact object only at the top, where observe has
 * picked the declared fields already: deeper, decoding would drop unknown keys). For those, `is`
 * (a walk that allocates nothing) stands in for decoding, which copies and wraps at every level;
 * every reply of an apply is decoded here.
 */
const plainCodec = (c: t.Mixed): boolean =>
  codecIs(c, 'StringType', 'NumberType', 'BooleanType', 'LiteralType', 'KeyofType', 'NullType') ||
  (codecIs(c, 'InterfaceType', 'PartialType') && Object.values(c.props).every((p) => plainCodec(p))) ||
  (codecIs(c, 'IntersectionType', 'UnionType') && (c.types as t.Mixed[]).every((m) => plainCodec(m))) ||
  // (not readonly ones: io-ts freezes what they decode)
  (codecIs(c, 'ArrayType') && plainCodec(c.type))
const plainOutputs = new WeakMap<t.Mixed, boolean>()
const decodesToItself = (c: t.Mixed): boolean => {
  let p = plainOutputs.get(c)
  if (p === undefined) plainOutputs.set(c, (p = plainCodec(codecIs(c, 'ExactType') ? c.type : c)))
  return p
}

/** Decode a spec-named object into Observed: inputs keep declared input fields, outputs are decoded. */
export const observe = <I, O>(
  inputsCodec: t.Type<I, unknown, unknown>,
  outputsCodec: t.Type<O, unknown, unknown>,
  obj: Record<string, unknown>,
  id: string,
  what: string,
): E.Either<string, Observed<I, O>> => {
  // indexed loops: an iterator per loop was a share of what a reply's decoding allocates
  const inputs: Record<string, unknown> = {}
  const ins = namesOf(inputsCodec)
  for (let i = 0; i < ins.length; i++) {
    const k = ins[i]
    if (obj[k] !== undefined && obj[k] !== null) inputs[k] = obj[k]
  }
  const outs: Record<string, unknown> = {}
  const os = namesOf(outputsCodec)
  for (let i = 0; i < os.length; i++) {
    const k = os[i]
    if (obj[k] !== undefined && obj[k] !== null) outs[k] = obj[k]
  }
  if (decodesToItself(outputsCodec) && outputsCodec.is(outs))
    return E.right({ id, inputs: inputs as Partial<I>, outputs: outs })
  return pipe(
    outputsCodec.decode(outs),
    E.mapLeft((errs) =>
      findingsFromErrors(errs)
        .map((f) => formatIssue(issue(what, f)))
        .join('; '),
    ),
    E.map((outputs) => ({ id, inputs: inputs as Partial<I>, outputs })),
  )
}

const textOf = (v: unknown): string => (typeof v === 'string' || typeof v === 'number' ? String(v) : '')

/** The object's id is the token itself: import by token. */
export const byToken = <I>(what = 'token'): Identity<I> => ({
  importFormat: `<${what}>`,
  parseImportId: (s) =>
    s.trim() !== '' && !/\s/.test(s) ? E.right({ id: s }) : E.left(s.trim() === '' ? 'is empty' : 'has a space'),
  printImportId: (id) => id,
})

/**
 * Import ids made of parts joined by a separator: `<zone_id>:<record_id>`. `fields` name the input
 * each part fills (null: none); `idPart` is the index of the part that is the remote id
 * (-1: the whole string is the id). Empty parts are kept.
 */
export const compositeId = <I>(
  sep: string,
  parts: ReadonlyArray<{ readonly label: string; readonly field: (keyof I & string) | null }>,
  idPart: number,
  alternatives: ReadonlyArray<
    ReadonlyArray<{ readonly label: string; readonly field: (keyof I & string) | null }>
  > = [],
): Identity<I> => {
  const forms = [parts, ...alternatives]
  const fmt = (ps: typeof parts) => ps.map((p) => `<${p.label}>`).join(sep)
  return {
    importFormat: forms.map(fmt).join(' or '),
    parseImportId: (s): E.Either<string, ImportTarget<I>> => {
      const got = s.split(sep)
      const form = forms.find((f) => f.length === got.length)
      // the reason only: whoever reports it adds the expected format and the id given
      if (!form)
        return E.left(
          `has ${got.length} part${got.length === 1 ? '' : 's'} separated by "${sep}", not ${[...new Set(forms.map((f) => f.length))].join(' or ')}`,
        )
      const empty = form.findIndex((p, i) => got[i] === '' && p.field !== null && i !== idPart)
      if (empty >= 0) return E.left(`has an empty <${form[empty].label}>`)
      const inputs: Record<string, string> = {}
      form.forEach((p, i) => {
        if (p.field) inputs[p.field] = got[i]
      })
      const last = form === parts ? idPart : form.length - 1
      return E.right({ id: idPart < 0 ? s : got[last], inputs: inputs as Partial<I> })
    },
    printImportId: (id, inputs) =>
      idPart < 0
        ? id
        : parts
            .map((p, i) => (i === idPart ? id : p.field ? textOf((inputs as Record<string, unknown>)[p.field]) : ''))
            .join(sep),
  }
}
