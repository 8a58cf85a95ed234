/**
 * Flat copies of strings kept for a long time. A string built with `+` or a template literal is a
 * V8 "cons string": a tree of its pieces, 32 bytes a node, that keeps every piece alive; a uid
 * built from slices of a hex string takes ~370 bytes that way, ~66 flat. A big cluster keeps
 * millions of such strings (causes, history entries, uids, event names and messages). A JSON
 * round trip gives the same characters (lone surrogates included) as one flat string. The value
 * never changes: this is memory only.
 */
export function flat(s: string): string {
  // V8 builds shorter concatenations flat already.
  return s.length < 13 ? s : (JSON.parse(JSON.stringify(s)) as string);
}
