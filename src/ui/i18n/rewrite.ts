/**
 * Words the engine writes (chapter labels, action menus and why an action cannot apply now) are
 * English built from a few fixed forms around names: `kubelet stopped on node2`, `Stop kubelet`,
 * `node2 is already powered off`. A translation rewrites each known form around the same names;
 * a form it does not know (a newer engine's) stays in English rather than being guessed.
 */
export type Rule = readonly [RegExp, (...groups: string[]) => string];

/** The first rule whose pattern matches the whole text, applied; else the text as it was. */
export function rewrite(text: string, rules: readonly Rule[]): string {
  for (const [re, to] of rules) {
    const m = re.exec(text);
    // biome-ignore lint/plugin/noSpreadArguments: a pattern's capture groups, a handful fixed by the rule
    if (m && m[0] === text) return to(...m.slice(1).map((g) => g ?? ''));
  }
  return text;
}

/**
 * A chapter about many nodes at once (`89 nodes NotReady`, `network cut to 100 nodes`): rewritten
 * as its one-node form, with the count of nodes in the language's words where the name would be.
 */
export function rewriteNodes(text: string, rules: readonly Rule[], nodes: (count: string) => string): string {
  const m = /\b(\d+) nodes\b/.exec(text);
  if (!m) return rewrite(text, rules);
  const slot = '\u0001';
  return rewrite(text.replace(m[0], slot), rules).replace(slot, nodes(m[1] as string));
}
