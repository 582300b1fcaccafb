/**
 * httpHandler: the real interpreter's handler. The spec's wire table turns spec-named values into
 * WireRequests; the provider's PlatformClient (built by the injected ClientFactory) sends them; the
 * wire table decodes the replies. Wire names appear only in the specs' wire tables.
 */
import { createHash } from 'node:crypto'
import { writeFile } from 'node:fs/promises'
import * as E from 'fp-ts/Either'
import * as TE from 'fp-ts/TaskEither'
import { pipe } from 'fp-ts/function'
import { labelOfAddress } from '../core/node'
import type { ClientFactory } from '../core/provider'
import type { Settled } from '../core/spec'
import { isSecret, secret } from '../core/secret'
import type { PlatformClient, PlatformError, WireRequest } from '../core/wire'
import { isProtected } from '../state/protect'
import { deepEqual } from './diff'
import { stepFailure, type Handler, type LookupContext, type Obs, type OpContext, type StepFailure } from './handler'

export interface HttpHandlerOptions {
  readonly clients: ClientFactory
  /** where lookups with `resultOutputFile` write their result (default: the file system) */
  readonly writeFile?: (path: string, content: string) => Promise<void>
}

const failure = (c: { address: string }, op: StepFailure['op'], e: PlatformError): StepFailure =>
  stepFailure(
    labelOfAddress(c.address),
    op,
    `${e.request}: ${e.message}${e.status ? ` (HTTP ${e.status}${e.code ? `, ${e.code}` : ''})` : e.code ? ` (${e.code})` : ''}`,
    { ambiguous: e.ambiguous, cause: e },
  )

const decodeFailure = (c: { address: string }, op: StepFailure['op'], message: string): StepFailure =>
  stepFailure(labelOfAddress(c.address), op, `unexpected reply from the platform: ${message}`)

/** Default match for reconciliation: every plain field that was sent is what the platform shows. */
const defaultMatches =
  (c: OpContext) =>
  (sent: Readonly<Record<string, unknown>>, o: Obs): boolean =>
    Object.entries(sent).every(([k, v]) => {
      if (v === undefined || isSecret(v) || isProtected(v) || JSON.stringify(v)?.includes('"_tag":"Secret"'))
        return true
      const got = (o.inputs as Record<string, unknown>)[k]
      if (got === undefined) return true
      const eq = c.spec.equals?.[k]
      return eq ? eq(v, got) : deepEqual(v, got)
    })

/** Wrap the values at secret paths (`a.b`, `items.*.key`) as Secret, leaving everything else. */
export const wrapSecrets = (u: unknown, paths: ReadonlyArray<string>, at: string[] = []): unknown => {
  if (paths.length === 0 || isSecret(u)) return u
  if (
    at.length > 0 &&
    u !== undefined &&
    u !== null &&
    paths.some((p) => {
      const ps = p.split('.')
      return ps.length === at.length && ps.every((x, i) => x === '*' || x === at[i])
    })
  )
    return secret(u)
  if (Array.isArray(u)) return u.map((x, i) => wrapSecrets(x, paths, [...at, String(i)]))
  if (typeof u === 'object' && u !== null && Object.getPrototypeOf(u) === Object.prototype) {
    const o: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(u)) o[k] = wrapSecrets(v, paths, [...at, k])
    return o
  }
  return u
}

/** The client of a provider instance, and where lookups write their result files. */
interface Via {
  readonly clientOf: (c: ClientCtx) => PlatformClient
  readonly writeFile: (path: string, content: string) => Promise<void>
}
type ClientCtx = { readonly spec: { readonly provider: string }; readonly config: Readonly<Record<string, unknown>> }

/** The real interpreter's handler: each step sent through the platform client of its provider. */
export const httpHandler = (opts: HttpHandlerOptions): Handler => {
  const cache = new WeakMap<object, PlatformClient>()
  const w: Via = {
    clientOf: (c) => {
      let client = cache.get(c.config)
      if (!client) {
        client = opts.clients(c.spec.provider, c.config)
        cache.set(c.config, client)
      }
      return client
    },
    writeFile: opts.writeFile ?? ((p, s) => writeFile(p, s, 'utf8')),
  }
  return {
    create: (c, inputs) => create(w, c, inputs),
    read: (c, id, inputs, outputs) => readBy(w, c, inputs, c.spec.wire.read(id, { config: c.config, inputs, outputs })),
    readShared: (c, id, inputs, outputs, shared) => {
      const ctx = { config: c.config, inputs, outputs }
      const sh = c.spec.wire.shares
      return readBy(w, c, inputs, sh ? sh.read(id, ctx, shared) : c.spec.wire.read(id, ctx))
    },
    update: (c, id, inputs, prior, outputs) => {
      const u = c.spec.wire.update
      if (!u)
        return TE.left(stepFailure(labelOfAddress(c.address), 'update', `${c.spec.token} cannot be updated in place`))
      return exchange(w, c, 'update', u(id, inputs, { config: c.config, prior, outputs }), inputs)
    },
    delete: (c, id, inputs, outputs) => {
      const d = c.spec.wire.delete
      if (d === 'forget') return TE.right(undefined)
      return pipe(
        send(w, c, 'delete', d(id, { config: c.config, inputs, outputs })),
        TE.map(() => undefined),
        TE.orElse((e) => (isGone(c, e) ? TE.right(undefined) : TE.left(e))),
      )
    },
    lookup: (c, args) => lookup(w, c, args),
    list: (c) => list(w, c),
    // a listing that answers one object (an endpoint typed as returning one) is a list of one
    listItems: (c, req) =>
      pipe(
        send(w, c, 'list', req),
        TE.map((items): ReadonlyArray<unknown> => asList(items)),
        TE.mapLeft(hide(w, c)),
      ),
    configure: (spec, instance, config, nodes) =>
      spec.resolve
        ? pipe(
            spec.resolve(config, w.clientOf({ spec: { provider: spec.name }, config }), nodes),
            TE.mapLeft((m) => stepFailure(`provider ${instance}`, 'read', m)),
            TE.map((c) => c as Readonly<Record<string, unknown>>),
          )
        : TE.right(config),
    find: (c, sent) => find(w, c, sent),
  }
}

/** A reply as a list: an array as it is, nothing as none, one object as a list of one. */
const asList = (items: unknown): ReadonlyArray<unknown> =>
  Array.isArray(items) ? (items as unknown[]) : items === null || items === undefined ? [] : [items]

// every message built from a reply (a platform error, a reply that does not decode) leaves the
// handler with the run's secret values blanked: platforms quote requests in their errors
const hide =
  (w: Via, c: ClientCtx) =>
  (f: StepFailure): StepFailure => {
    const redact = w.clientOf(c).redact
    return redact ? { ...f, message: redact(f.message) } : f
  }

const send = (w: Via, c: OpContext, op: StepFailure['op'], req: WireRequest): TE.TaskEither<StepFailure, unknown> =>
  pipe(
    w.clientOf(c).call(req, c.signal),
    TE.mapLeft((e) => failure(c, op, e)),
  )

const decoded = (
  w: Via,
  c: OpContext,
  op: StepFailure['op'],
  inputs: Readonly<Record<string, unknown>>,
  reply: unknown,
): E.Either<StepFailure, Obs> => {
  const d = c.spec.wire.decode(reply, { config: c.config, inputs })
  return E.isRight(d) ? (d as E.Either<never, Obs>) : E.left(hide(w, c)(decodeFailure(c, op, d.left)))
}

/**
 * Send one request and decode its reply in one promise: every step of an apply goes through here,
 * and a chain of TaskEither combinators per step was a visible part of its CPU.
 */
const exchange = (
  w: Via,
  c: OpContext,
  op: StepFailure['op'],
  req: WireRequest,
  inputs: Readonly<Record<string, unknown>>,
): (() => Promise<E.Either<StepFailure, Obs>>) => {
  const call = w.clientOf(c).call(req, c.signal)
  return () => call().then((r) => (E.isLeft(r) ? E.left(failure(c, op, r.left)) : decoded(w, c, op, inputs, r.right)))
}

const create = (w: Via, c: OpContext, inputs: Readonly<Record<string, unknown>>): TE.TaskEither<StepFailure, Obs> => {
  const call = w.clientOf(c).call(c.spec.wire.create(inputs, { config: c.config }), c.signal)
  return () =>
    call().then((r) => {
      if (E.isLeft(r)) return E.left(failure(c, 'create', r.left))
      const d = decoded(w, c, 'create', inputs, r.right)
      // the platform answered success: whatever we make of the reply, the object may exist
      return E.isLeft(d) ? E.left({ ...d.left, ambiguous: true }) : d
    })
}

/** Items of a listing decoded (with these inputs), or the first that does not decode. */
const decodeAll = (
  w: Via,
  c: OpContext,
  op: StepFailure['op'],
  items: ReadonlyArray<unknown>,
  inputs: Readonly<Record<string, unknown>>,
): E.Either<StepFailure, ReadonlyArray<Obs>> =>
  E.traverseArray((it: unknown) =>
    pipe(
      c.spec.wire.decode(it, { config: c.config, inputs: inputs as never }),
      E.mapLeft((m) => hide(w, c)(decodeFailure(c, op, m))),
    ),
  )(items) as E.Either<StepFailure, ReadonlyArray<Obs>>

const list = (w: Via, c: OpContext): TE.TaskEither<StepFailure, ReadonlyArray<Obs>> | undefined => {
  const l = c.spec.wire.list
  if (!l) return undefined
  return pipe(
    send(w, c, 'list', l({ config: c.config })),
    TE.chain((items) => TE.fromEither(decodeAll(w, c, 'list', Array.isArray(items) ? items : [], {}))),
    TE.mapLeft(hide(w, c)),
  )
}

const isGone = (c: OpContext, e: StepFailure): boolean =>
  !!e.cause && (c.spec.wire.gone ? c.spec.wire.gone(e.cause) : e.cause.kind === 'NotFound')

/** a read's request sent and decoded (or its reply already settled by shared listings); gone is undefined */
const readBy = (
  w: Via,
  c: OpContext,
  inputs: Readonly<Record<string, unknown>>,
  req: WireRequest | Settled,
): TE.TaskEither<StepFailure, Obs | undefined> => {
  const read =
    req._tag === 'Settled'
      ? () =>
          Promise.resolve(
            E.isLeft(req.result)
              ? E.left(failure(c, 'read', req.result.left))
              : decoded(w, c, 'read', inputs, req.result.right),
          )
      : exchange(w, c, 'read', req, inputs)
  return () =>
    read().then((r): E.Either<StepFailure, Obs | undefined> =>
      E.isLeft(r) && isGone(c, r.left) ? E.right(undefined) : r,
    )
}

const lookup = (
  w: Via,
  c: LookupContext,
  args: Readonly<Record<string, unknown>>,
): TE.TaskEither<StepFailure, Readonly<Record<string, unknown>>> => {
  const ctx = { config: c.config }
  return pipe(
    w.clientOf(c).call(c.spec.wire.request(args, ctx), c.signal),
    TE.mapLeft((e) => failure(c, 'lookup', e)),
    TE.chain((reply) =>
      TE.fromEither(
        pipe(
          c.spec.wire.decode(reply, args, ctx),
          E.mapLeft((m) => hide(w, c)(stepFailure(labelOfAddress(c.address), 'lookup', m))),
        ),
      ),
    ),
    TE.map((r) => lookupResult(c, args, r)),
    TE.chainFirst((result) => writeResult(w, c, args, result)),
  )
}

/** Values at the spec's secret paths travel as secrets from here on; an id made when none came. */
const lookupResult = (c: LookupContext, args: Readonly<Record<string, unknown>>, r: unknown) => {
  const result = wrapSecrets(r, c.spec.secrets) as Record<string, unknown>
  const id =
    typeof result.id === 'string' && result.id !== ''
      ? result.id
      : createHash('sha256')
          .update(c.spec.token + JSON.stringify(args))
          .digest('hex')
          .slice(0, 16)
  return { ...result, id }
}

/** A lookup's result written where its `resultOutputFile` argument says, if it says. */
const writeResult = (
  w: Via,
  c: LookupContext,
  args: Readonly<Record<string, unknown>>,
  result: unknown,
): TE.TaskEither<StepFailure, void> => {
  const file = args.resultOutputFile
  if (typeof file !== 'string' || file === '') return TE.right(undefined)
  return TE.tryCatch(
    () => w.writeFile(file, JSON.stringify(result, null, 2) + '\n'),
    (e) =>
      stepFailure(
        labelOfAddress(c.address),
        'lookup',
        `could not write resultOutputFile ${file}: ${(e as Error).message}`,
      ),
  )
}

const find = (
  w: Via,
  c: OpContext,
  sent: Readonly<Record<string, unknown>>,
): TE.TaskEither<StepFailure, ReadonlyArray<Obs> | undefined> => {
  const m = c.spec.wire.matches ?? defaultMatches(c)
  const f = c.spec.wire.find
  // a scoped look (e.g. the records of one zone, a variable by its key) where the spec has one
  const candidates: TE.TaskEither<StepFailure, ReadonlyArray<Obs>> | undefined = f
    ? pipe(
        send(w, c, 'find', f(sent as never, { config: c.config })),
        TE.chain((reply) => TE.fromEither(decodeAll(w, c, 'find', asList(reply), sent))),
        TE.orElse((e) => (isGone(c, e) ? TE.right<StepFailure, ReadonlyArray<Obs>>([]) : TE.left(e))),
      )
    : list(w, c)
  if (!candidates) return TE.right(undefined)
  return pipe(
    candidates,
    TE.map((items) => items.filter((o) => m(sent as never, o as never))),
  )
}
