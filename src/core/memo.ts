/**
 * A function of a string, remembered: for the small vocabularies converted again and again (field
 * names, status lines, header values), where a regular expression per call showed in profiles.
 * Bounded, since the strings may come from outside (keys of free-form maps, a server's headers).
 */
export const memo = <V>(f: (s: string) => V, limit = 4096): ((s: string) => V) => {
  const seen = new Map<string, V>()
  return (s) => {
    let r = seen.get(s)
    // `has` only when the value may be undefined itself
    if (r === undefined && !seen.has(s)) {
      if (seen.size >= limit) seen.clear()
      seen.set(s, (r = f(s)))
    }
    return r as V
  }
}
