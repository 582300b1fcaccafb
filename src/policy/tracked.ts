/**
 * The tracking view: how a check reads a value that may hold unknowns (known only after apply).
 * Reading an unknown ends the check (an UnknownRead is thrown) and is written in the read log, so
 * the evaluation says `needs-apply-check` for the node instead of guessing — even when the check
 * caught the throw itself. A value holding no unknown is handed over as it is: no cost.
 */
import { hasUnknown, isUnknown } from '../engine/unknown'

// ── model ────────────────────────────────────────────────────────────────────
/** Where a check read an unknown (the first such path), if it did. */
export interface ReadLog {
  unknownAt?: string
  /** the node whose value it was */
  unknownOf?: string
}

/** Thrown by the tracking view when a check reads a value known only after apply. */
export class UnknownRead extends Error {
  constructor(readonly path: string) {
    super(`${path} is known only after apply`)
  }
}

// ── helpers ──────────────────────────────────────────────────────────────────
const at = (base: string, key: string): string => (base === '' ? key : `${base}.${key}`)

const unknownRead = (log: ReadLog, node: string, path: string): never => {
  if (log.unknownAt === undefined) {
    log.unknownAt = path
    log.unknownOf = node
  }
  throw new UnknownRead(`${node} ${path}`)
}

// The proxies stand in front of a fresh empty target, never the value itself: inputs are often
// frozen, and a proxy of a frozen object must answer each read with the very value it holds
const view = (value: object, log: ReadLog, node: string, base: string): object =>
  new Proxy(Array.isArray(value) ? [] : {}, {
    get: (_t, k) => {
      const v: unknown = Reflect.get(value, k)
      if (typeof k === 'symbol') return v
      if (isUnknown(v)) return unknownRead(log, node, at(base, k))
      return typeof v === 'object' && v !== null && hasUnknown(v) ? view(v, log, node, at(base, k)) : v
    },
    has: (_t, k) => Reflect.has(value, k),
    ownKeys: () => Reflect.ownKeys(value),
    getOwnPropertyDescriptor: (t, k) => {
      const d = Reflect.getOwnPropertyDescriptor(value, k)
      if (d === undefined) return undefined
      // an array's length is the target's own (not configurable); the rest are described as ours
      if (Array.isArray(t) && k === 'length') return Reflect.getOwnPropertyDescriptor(t, k)
      return { configurable: true, enumerable: d.enumerable, writable: false, value: Reflect.get(value, k) as unknown }
    },
    set: () => false,
    defineProperty: () => false,
    deleteProperty: () => false,
  })

// ── constructors ─────────────────────────────────────────────────────────────
/** A value as a check reads it: itself when it holds no unknown, else a view that logs and throws on one. */
export const trackedView = <T>(value: T, log: ReadLog, node: string, path: string): T =>
  typeof value === 'object' && value !== null && hasUnknown(value) ? (view(value, log, node, path) as T) : value

/** A record whose every field is known only after apply (the outputs of a node being created). */
export const unknownRecord = (log: ReadLog, node: string, path: string): Readonly<Record<string, unknown>> =>
  new Proxy(
    {},
    {
      get: (_t, k) => (typeof k === 'symbol' || k === 'then' ? undefined : unknownRead(log, node, at(path, k))),
      has: (_t, k) => (typeof k === 'symbol' ? false : unknownRead(log, node, at(path, k))),
      ownKeys: () => unknownRead(log, node, path),
    },
  )
