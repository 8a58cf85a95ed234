/**
 * kubectl's (cobra/pflag) flag parsing, enough for the commands the playground supports:
 * `-n ns`, `--namespace=ns`, `-nns`, `-A`, `-owide`, `--force`, `--grace-period=0`... with
 * pflag's error texts: `error: unknown flag: --bogus`, `error: unknown shorthand flag: 'x' in -x`,
 * `error: flag needs an argument: --namespace`.
 */

export interface FlagSpec {
  long: string;
  short?: string;
  /** Takes a value (`--replicas=3`, `--replicas 3`). */
  value: boolean;
}

export const NAMESPACE: FlagSpec = { long: 'namespace', short: 'n', value: true };
export const ALL_NAMESPACES: FlagSpec = { long: 'all-namespaces', short: 'A', value: false };
export const OUTPUT: FlagSpec = { long: 'output', short: 'o', value: true };
export const SELECTOR: FlagSpec = { long: 'selector', short: 'l', value: true };

export interface ParsedFlags {
  positional: string[];
  flags: Record<string, string>;
  /** Everything after a bare `--` (for `kubectl exec POD -- CMD`). */
  rest?: string[];
}

/** Parse `args` against `specs`; returns an error string (kubectl's wording) on bad input. */
export function parseFlags(args: readonly string[], specs: readonly FlagSpec[]): ParsedFlags | { error: string } {
  const positional: string[] = [];
  const flags: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const a = args[i] ?? '';
    if (a === '--') return { positional, flags, rest: args.slice(i + 1) };
    if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      const name = eq < 0 ? a.slice(2) : a.slice(2, eq);
      const spec = specs.find((s) => s.long === name);
      if (!spec) return { error: `error: unknown flag: --${name}` };
      if (!spec.value) {
        flags[spec.long] = eq < 0 ? 'true' : a.slice(eq + 1);
        continue;
      }
      if (eq >= 0) flags[spec.long] = a.slice(eq + 1);
      else {
        const v = args[i + 1];
        if (v === undefined) return { error: `error: flag needs an argument: --${name}` };
        flags[spec.long] = v;
        i++;
      }
      continue;
    }
    if (a.startsWith('-') && a.length > 1) {
      const ch = a[1] ?? '';
      const spec = specs.find((s) => s.short === ch);
      if (!spec) return { error: `error: unknown shorthand flag: '${ch}' in ${a}` };
      if (!spec.value) {
        if (a.length > 2) return { error: `error: unknown shorthand flag: '${a[2]}' in ${a}` };
        flags[spec.long] = 'true';
        continue;
      }
      let v: string | undefined = a.slice(a[2] === '=' ? 3 : 2);
      if (v === '') {
        v = args[i + 1];
        if (v === undefined) return { error: `error: flag needs an argument: '${ch}' in -${ch}` };
        i++;
      }
      flags[spec.long] = v;
      continue;
    }
    positional.push(a);
  }
  return { positional, flags };
}
