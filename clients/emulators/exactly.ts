/**
 * exactly: a list of an official SDK's enumeration, checked by tsc to hold every member of the SDK's
 * union `U` and nothing else. An emulator that serves as the specs' oracle states its vocabulary
 * this way, so a newer SDK with a new member fails the build instead of drifting silently.
 */
type Missing<U, L extends ReadonlyArray<unknown>> = Exclude<U, L[number]>

/** `exactly<Union>()([...])`: the list, typed as the union; a member left out is a type error naming it */
export const exactly =
  <U extends string>() =>
  <const L extends ReadonlyArray<U>>(
    values: L & ([Missing<U, L>] extends [never] ? unknown : { readonly missing: Missing<U, L> }),
  ): ReadonlyArray<U> =>
    values
