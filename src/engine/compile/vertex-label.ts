/**
 * A vertex's `label`: an own enumerable property like its others (spreads, JSON and comparisons
 * see it), made from its node when read rather than held by every vertex through a whole run
 * (a shared getter, core/copy.ts).
 */
import { labelOf } from '../../core/node'
import { sharedGetter } from '../../core/copy'
import type { Vertex } from '../graph'

const LABEL = sharedGetter((v: Vertex): string => labelOf(v.node))

/** The vertex with its label. */
export const withLabel = <V extends Vertex>(v: Omit<V, 'label'>): V => Object.defineProperty(v, 'label', LABEL) as V
