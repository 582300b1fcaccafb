/**
 * The hosting API's route table (route-table.ts) with the platform's text/plain `Not Found` for
 * anything no entry matches.
 */
import * as table from '../route-table'
import { notFound, type Reply } from './reply'

export type RouteRequest = table.RouteRequest
export type Handler = table.Handler<Reply>
export type Routes = table.Routes<Reply>

/** `prefix`: the segments every path starts with (`/api/v1`), not repeated in the table */
export const routeTable = (prefix: string, routes: Routes) => table.routeTable(prefix, routes, () => notFound)
