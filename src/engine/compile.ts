/**
 * compile: Stack → Graph. Decodes every node and provider configuration, runs every compile-time
 * rule, checks refs and dependencies, sorts topologically — and collects ALL errors, so one run
 * shows everything wrong with a stack. Pure; no network. Its parts are in ./compile/.
 */
import * as E from 'fp-ts/Either'
import type { Registry } from '../core/registry'
import type { Stack } from '../core/stack'
import type { Graph } from './graph'
import { compileContext } from './compile/context'
import { compileNode } from './compile/node-vertex'
import { compileError, orderedGraph, type CompileError } from './compile/ordered-graph'
import { checkOutputs, checkStackName } from './compile/stack-checks'

export type { CompileError } from './compile/ordered-graph'

/** Compile a stack against a registry: decode every input, check every ref, order the nodes. */
export const compile =
  (registry: Registry, opts: { readonly now?: Date } = {}) =>
  (stack: Stack): E.Either<CompileError, Graph> => {
    const cx = compileContext(registry, stack, opts.now ?? new Date())
    checkStackName(cx)
    for (let ni = 0; ni < cx.nodes.length; ni++) compileNode(cx, ni)
    checkOutputs(cx)
    if (cx.errors.length > 0) return E.left(compileError(cx.errors))
    return orderedGraph(cx)
  }
