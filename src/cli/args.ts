/**
 * Command-line arguments of the headless runner (DESIGN section 5):
 * `npm run sim -- SCENARIO [--at TIME "COMMAND"]... [--until TIME] [--events] [--trace] [--json]`,
 * plus the recovery scoreboard (`--scoreboard`) and A/B runs (`--compare KEY=VALUE`, issue 10).
 */
import { EXPORT_KINDS, type ExportKind, isExportKind } from '../export/index';
import { DOMAIN_LIMITS, describeDuration, parseChange, parseDuration, type ScenarioChange } from '../sim/index';

export interface CliOptions {
  scenario: string;
  /** `--at` commands, stably sorted by time. */
  at: { at: number; command: string }[];
  until?: number;
  events: boolean;
  trace: boolean;
  json: boolean;
  scoreboard: boolean;
  /** `--compare` changes, in the order given; together they make run B. Keys are checked later. */
  compare: ScenarioChange[];
  /** `--export KIND DIR`: write the export instead of printing the run. */
  export?: { kind: ExportKind; dir: string };
  /** `--force`: an export may write into a directory that is not empty. */
  force: boolean;
}

export type ParsedArgs =
  | { kind: 'run'; options: CliOptions }
  | { kind: 'help' }
  | { kind: 'list' }
  | { kind: 'error'; message: string };

export const USAGE = `Usage: npm run sim -- SCENARIO [--at TIME "COMMAND"]... [--until TIME] [--events] [--trace]
                    [--scoreboard] [--compare KEY=VALUE]... [--json]
       npm run sim -- SCENARIO [--at TIME "COMMAND"]... [--until TIME] --export KIND DIR [--force]

Runs a scenario headless and prints what the commands print, as a real cluster would.

  SCENARIO            a scenario file (YAML or JSON) or a built-in name (see --list)
  --at TIME COMMAND   run COMMAND at simulated time TIME (e.g. 55s, 5m, 1h30m; bare digits are
                      seconds); repeatable; prints "[TIME] $ COMMAND" and the command's output
  --until TIME        run the simulation until TIME (default: the last --at or timeline entry;
                      with --scoreboard or --compare, the scenario's end, spec.duration, or the
                      last --at if that is later)
  --events            stream Kubernetes events as they happen:
                        [TIME] TYPE REASON kind/name SOURCE: MESSAGE
  --trace             stream every engine trace line (API writes, events, host changes):
                        [TIME] LINE
  --scoreboard        after the run, print its recovery scoreboard: for every fault (a kubelet or
                      runtime stopped, a node powered off or cut off) how long after it the node
                      was detected, tainted, its pods evicted, a replacement scheduled and
                      Running, and the node Ready again; for every workload the fewest Ready
                      replicas and how long it had fewer than desired
  --compare KEY=VALUE
                      run the scenario twice to the same end, with the same seed and --at
                      commands: A as written, B with the change (repeatable: all changes make one
                      B); print both scoreboards (A's is the run's: --scoreboard is implied) and
                      their differences. KEY is a setting (nodeMonitorGracePeriod=40s),
                      profile=v1.23-docker or tolerationSeconds=30. The commands' outputs,
                      --events and --trace are A's
  --json              print one JSON document instead:
                        {scenario, seed, profile, outputs: [{at, time, command, ok, output, source}],
                         events?: [...], until, traceHash, scoreboard?,
                         compare?: {a: {label, scoreboard}, b: {label, scoreboard}, differences}}
                      (scoreboard times are ms since t=0)
  --export KIND DIR   write the scenario (with the --at commands in its timeline) for a real
                      tool into DIR instead of printing the run. KIND is one of:
                        kind        a kind cluster config, the manifests and run.sh, which runs
                                    the timeline on that cluster at the same times and checks what
                                    the simulation predicts (up to --until, default spec.duration)
                        chaos-mesh  the faults as Chaos Mesh resources, and timeline.sh
                        litmus      the faults as Litmus ChaosEngines, and timeline.sh
                      DIR is created; an existing DIR must be empty unless --force (which writes
                      over the export's files and leaves the others). Not with --events, --trace,
                      --json, --scoreboard or --compare
  --force             see --export
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
  const o: CliOptions = {
    scenario: '',
    at: [],
    events: false,
    trace: false,
    json: false,
    scoreboard: false,
    compare: [],
    force: false,
  };
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
      case '--scoreboard':
        o.scoreboard = true;
        break;
      case '--compare': {
        const t = value();
        if (t === undefined)
          return { kind: 'error', message: '--compare needs a change, e.g. --compare nodeMonitorGracePeriod=40s' };
        const change = parseChange(t);
        if ('error' in change) return { kind: 'error', message: `--compare ${change.error}` };
        // Two values for one key would make B ambiguous (and its label name the key twice).
        if (o.compare.some((c) => c.key === change.key))
          return { kind: 'error', message: `--compare ${change.key} is given twice` };
        o.compare.push(change);
        break;
      }
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
      case '--export': {
        const kind = value();
        const dir = argv[++i];
        if (kind === undefined || dir === undefined || dir === '')
          return {
            kind: 'error',
            message: `--export needs a kind and a directory: --export kind out/ (kinds: ${EXPORT_KINDS.join(', ')})`,
          };
        if (!isExportKind(kind))
          return {
            kind: 'error',
            message: `--export ${JSON.stringify(kind)}: not an export (kinds: ${EXPORT_KINDS.join(', ')})`,
          };
        if (o.export) return { kind: 'error', message: '--export is given twice' };
        o.export = { kind, dir };
        break;
      }
      case '--force':
        o.force = true;
        break;
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
  if (o.export) {
    const clash = (['events', 'trace', 'json', 'scoreboard'] as const).find((k) => o[k]);
    if (clash || o.compare.length)
      return { kind: 'error', message: `--export writes files and prints no run: not with --${clash ?? 'compare'}` };
  } else if (o.force) return { kind: 'error', message: '--force goes with --export' };
  // Stable: commands at the same time run in the order given.
  o.at.sort((x, y) => x.at - y.at);
  return { kind: 'run', options: o };
}
