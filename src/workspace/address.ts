/**
 * One address syntax everywhere: the form plans print (`cost:Folder "finance"`) and the form state
 * keys use (`cost:Folder/finance`) name the same node; both are accepted and turned into the second.
 */
const PRINTED = /^([A-Za-z0-9_-]+:[A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"$/

export const normalizeAddress = (a: string): string => {
  const m = PRINTED.exec(a.trim())
  if (!m) return a.trim()
  let name = m[2]
  try {
    name = JSON.parse(`"${m[2]}"`) as string
  } catch {
    // not a JSON string body: take it as written
  }
  return `${m[1]}/${name}`
}
