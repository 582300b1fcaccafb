/** A JSON value with its markers shown as the text renderer shows them (`[secret]`, `(known after apply)`). */
export const textValue = (v: unknown): string =>
  JSON.stringify(v, (_k, x: unknown) =>
    typeof x === 'object' && x !== null && Object.keys(x).length === 1
      ? (x as { secret?: unknown }).secret === true
        ? '[secret]'
        : (x as { unknown?: unknown }).unknown === true
          ? '(known after apply)'
          : x
      : x,
  )
