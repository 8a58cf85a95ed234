/**
 * Command-line arguments of the headless runner (DESIGN section 5):
 * `npm run sim -- SCENARIO [--at TIME "COMMAND"]... [--until TIME] [--events] [--trace] [--json]`.
 */
import { DOMAIN_LIMITS, describeDuration, parseDuration } from '../sim/index';

export interface CliOptions {
  scenario: string;
  /** `--at` commands, stably sorted by time. */
  at: { at: number; command: string }[];
  until?: number;
  events: boolean;
  trace: boolean;
  json: boolean;
}

export type ParsedArgs =
  | { kind: 'run'; options: CliOptions }
  | { kind: 'help' }
  | { kind: 'list' }
  | { kind: 'error'; message: string };

export const USAGE = `Usage: npm run sim -- SCENARIO [--at TIME "COMMAND"]... [--until TIME] [--events] [--trace] [--json]

Runs a scenario headless and prints what the commands print, as a real cluster would.

  SCENARIO            a scenario file (YAML or JSON) or a built-in name (see --list)
  --at TIME COMMAND   run COMMAND at simulated time TIME (e.g. 55s, 5m, 1h30m; bare digits are
                      seconds); repeatable; prints "[TIME] $ COMMAND" and the command's output
  --until TIME        run the simulation until TIME (default: the last --at or timeline entry)
  --events            stream Kubernetes events as they happen:
                        [TIME] TYPE REASON kind/name SOURCE: MESSAGE
  --trace             stream every engine trace line (API writes, events, host changes):
                        [TIME] LINE
  --json              print one JSON document instead:
                        {scenario, seed, profile, outputs: [{at, time, command, ok, output, source}],
                         events?: [...], until, traceHash}
  --list              list the built-in scenarios
  -h, --help          show this text

The scenario's own timeline runs too and its commands are printed like --at ones. Times are
simulated time since the scenario started (the cluster boots 10 minutes before t=0).
Exit status: 0 on success, 2 on invalid arguments or an invalid scenario, 1 if the engine fails.`;

const NOT_DURATION = (flag: string, t: string) =>
  `${flag} ${JSON.stringify(t.length > 40 ? `${t.slice(0, 40)}…` : t)}: not a duration (examples: 40s, 5m, 1h30m)`;
const PAST_LIMIT = (flag: string, ms: number) =>
  `${flag} ${describeDuration(ms)} is after ${describeDuration(DOMAIN_LIMITS.maxTime)}, the limit of a simulation`;

export function parseArgs(argv: readonly string[]): ParsedArgs {
  const o: CliOptions = { scenario: '', at: [], events: false, trace: false, json: false };
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    const [flag, inline] =
      a.startsWith('--') && a.includes('=')
        ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)]
        : [a, undefined];
    const value = (): string | undefined => (inline !== undefined ? inline : argv[++i]);
    switch (flag) {
      case '-h':
      case '--help':
        return { kind: 'help' };
      case '--list':
        return { kind: 'list' };
      case '--events':
        o.events = true;
        break;
      case '--trace':
        o.trace = true;
        break;
      case '--json':
        o.json = true;
        break;
      case '--at': {
        const t = value();
        const command = argv[++i];
        if (t === undefined || command === undefined)
          return { kind: 'error', message: '--at needs a time and a command: --at 55s "kubectl get nodes"' };
        const ms = parseDuration(t);
        if (ms === undefined) return { kind: 'error', message: NOT_DURATION('--at', t) };
        if (ms > DOMAIN_LIMITS.maxTime) return { kind: 'error', message: PAST_LIMIT('--at', ms) };
        if (command.trim() === '') return { kind: 'error', message: `--at ${t}: the command is empty` };
        o.at.push({ at: ms, command: command.trim() });
        break;
      }
      case '--until': {
        const t = value();
        if (t === undefined) return { kind: 'error', message: '--until needs a time, e.g. --until 10m' };
        const ms = parseDuration(t);
        if (ms === undefined) return { kind: 'error', message: NOT_DURATION('--until', t) };
        if (ms > DOMAIN_LIMITS.maxTime) return { kind: 'error', message: PAST_LIMIT('--until', ms) };
        o.until = ms;
        break;
      }
      case '--':
        break;
      default:
        if (a.startsWith('-') && a !== '-') return { kind: 'error', message: `unknown option ${a}` };
        positional.push(a);
    }
  }
  if (positional.length === 0)
    return { kind: 'error', message: 'missing SCENARIO (a file or a built-in name; see --list)' };
  if (positional.length > 1) {
    return {
      kind: 'error',
      message: `one scenario only, got ${positional.map((p) => JSON.stringify(p)).join(', ')} (quote each --at command)`,
    };
  }
  o.scenario = positional[0] as string;
  // Stable: commands at the same time run in the order given.
  o.at.sort((x, y) => x.at - y.at);
  return { kind: 'run', options: o };
}
