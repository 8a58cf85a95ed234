/**
 * The command language (DESIGN section 4): one line -> one structured action. Every change to the
 * world is one of these, whether it comes from a click, the terminal, a scenario timeline, a link
 * or the CLI. `kubectl apply -f -` takes its manifest from the lines after the first one.
 */

import { DOMAIN_LIMITS, describeDigits, describeDuration, groupDigits, replicasOverLimit } from '../core/limits';
import { parseEvents } from '../kubectl/events';
import { type FlagSpec, NAMESPACE, parseFlags } from '../kubectl/flags';
import { parseRead, type ReadRequest } from '../kubectl/run';
import { type CloudCommand, parseCloud } from './cloud-parse';
import { parseGoDuration } from './go-duration';
import { parseTaintArgs, type TaintArgs } from './taint-args';

/** The words kubectl resolves to poddisruptionbudgets.policy. */
const PDB_WORDS = [
  'pdb',
  'poddisruptionbudget',
  'poddisruptionbudgets',
  'poddisruptionbudget.policy',
  'poddisruptionbudgets.policy',
];

export type SystemctlAction = 'stop' | 'start' | 'restart' | 'status';
export const UNITS = ['kubelet', 'containerd', 'docker', 'kube-proxy', 'calico-node'] as const;
export type Unit = (typeof UNITS)[number];

export type Command =
  | { kind: 'kubectl-read'; args: string[]; request: ReadRequest }
  | { kind: 'kubectl-delete-pod'; namespace: string; name: string; force: boolean; gracePeriod?: number }
  | { kind: 'kubectl-delete-node'; name: string }
  | { kind: 'kubectl-delete-pdb'; namespace: string; name: string }
  | { kind: 'kubectl-cordon' | 'kubectl-uncordon'; node: string }
  | {
      kind: 'kubectl-drain';
      node: string;
      ignoreDaemonsets: boolean;
      force: boolean;
      /** --delete-emptydir-data (absent when not given). */
      deleteEmptyDirData?: boolean;
      gracePeriod?: number;
      /** --timeout as typed (a valid Go duration) and in ms; absent: kubectl's 0, forever. */
      timeout?: { text: string; ms: number };
    }
  | { kind: 'interrupt' }
  | ({ kind: 'kubectl-taint'; overwrite: boolean } & TaintArgs)
  | { kind: 'kubectl-scale'; resource: 'deployment' | 'statefulset'; namespace: string; name: string; replicas: number }
  | {
      kind: 'kubectl-run';
      namespace: string;
      name: string;
      image: string;
      /** The words after NAME (`-- sleep 3600`): the container's args, or its command with `--command`. */
      args?: string[];
      command?: boolean;
    }
  | { kind: 'kubectl-create-deployment'; namespace: string; name: string; image: string; replicas?: number }
  | { kind: 'kubectl-apply'; manifest: string }
  | { kind: 'kubectl-logs'; namespace: string; pod: string }
  | { kind: 'kubectl-exec'; namespace: string; pod: string; command: string[] }
  | { kind: 'kubectl-port-forward'; namespace: string; pod: string; ports: string }
  | { kind: 'ssh-systemctl'; node: string; action: SystemctlAction; unit: Unit }
  | { kind: 'ssh-journalctl'; node: string; unit: Unit }
  | { kind: 'ssh-poweroff' | 'ssh-reboot'; node: string }
  | { kind: 'ssh-mv'; node: string; src: string; dst: string }
  | { kind: 'ssh-sed'; node: string; from: string; to: string; file: string }
  | { kind: 'power-on'; node: string }
  | { kind: 'network'; action: 'cut' | 'heal'; node: string }
  | { kind: 'registry'; action: 'down' | 'up' }
  | CloudCommand;

export type ParseResult = { ok: true; command: Command } | { ok: false; error: string };

/** Split a line into words like a POSIX shell: single quotes literal, double quotes with `\` escapes. */
export function tokenize(line: string): string[] | { error: string } {
  const out: string[] = [];
  let cur = '';
  let inWord = false;
  let i = 0;
  while (i < line.length) {
    const ch = line[i] ?? '';
    if (ch === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) return { error: 'unterminated quoted string' };
      cur += line.slice(i + 1, end);
      inWord = true;
      i = end + 1;
    } else if (ch === '"') {
      i++;
      for (;;) {
        if (i >= line.length) return { error: 'unterminated quoted string' };
        const c = line[i] ?? '';
        if (c === '"') break;
        if (c === '\\' && i + 1 < line.length && '"\\$`'.includes(line[i + 1] ?? '')) {
          cur += line[i + 1];
          i += 2;
        } else {
          cur += c;
          i++;
        }
      }
      inWord = true;
      i++;
    } else if (ch === '\\' && i + 1 < line.length) {
      cur += line[i + 1];
      inWord = true;
      i += 2;
    } else if (ch === ' ' || ch === '\t') {
      if (inWord) out.push(cur);
      cur = '';
      inWord = false;
      i++;
    } else {
      cur += ch;
      inWord = true;
      i++;
    }
  }
  if (inWord) out.push(cur);
  return out;
}

const fail = (error: string): ParseResult => ({ ok: false, error });
const ok = (command: Command): ParseResult => ({ ok: true, command });

const FORCE: FlagSpec = { long: 'force', value: false };
const COMMAND: FlagSpec = { long: 'command', value: false };
const GRACE: FlagSpec = { long: 'grace-period', value: true };
const IGNORE_DS: FlagSpec = { long: 'ignore-daemonsets', value: false };
const DELETE_EMPTYDIR: FlagSpec = { long: 'delete-emptydir-data', value: false };
const REPLICAS: FlagSpec = { long: 'replicas', short: 'r', value: true };
const IMAGE: FlagSpec = { long: 'image', value: true };
const FILENAME: FlagSpec = { long: 'filename', short: 'f', value: true };
const CONTAINER: FlagSpec = { long: 'container', short: 'c', value: true };
const STDIN: FlagSpec = { long: 'stdin', short: 'i', value: false };
const TTY: FlagSpec = { long: 'tty', short: 't', value: false };
const OVERWRITE: FlagSpec = { long: 'overwrite', value: false };
const TIMEOUT: FlagSpec = { long: 'timeout', value: true };

/**
 * An integer flag as pflag reads it (strconv.ParseInt with the flag's bit size), with kubectl's
 * errors for bad syntax and for values out of range. Digits are kept as a BigInt until they are
 * known to fit, so a number past the double range never turns into Infinity.
 */
function intFlag(v: string, flag: string, bits: 32 | 64 = 64): bigint | { error: string } {
  const shown = describeDigits(v);
  if (!/^[-+]?\d+$/.test(v))
    return {
      error: `error: invalid argument "${shown}" for "--${flag}" flag: strconv.ParseInt: parsing "${shown}": invalid syntax`,
    };
  const n = BigInt(v);
  const max = (1n << BigInt(bits - 1)) - 1n;
  if (n > max || n < -max - 1n)
    return {
      error: `error: invalid argument "${shown}" for "--${flag}" flag: strconv.ParseInt: parsing "${shown}": value out of range`,
    };
  return n;
}

/** `--replicas=N` within the playground's limit per workload (an int for scale, an int32 for create). */
function replicasFlag(v: string, bits: 32 | 64): number | { error: string } {
  const n = intFlag(v, 'replicas', bits);
  if (typeof n !== 'bigint') return n;
  if (n > BigInt(DOMAIN_LIMITS.maxReplicas)) return { error: `error: ${replicasOverLimit(describeDigits(String(n)))}` };
  return Number(n);
}

/** `--grace-period=N` within the limit; every negative value means the pod's own (kubectl's -1). */
function graceFlag(v: string | undefined): number | undefined | { error: string } {
  if (v === undefined) return undefined;
  const g = intFlag(v, 'grace-period');
  if (typeof g !== 'bigint') return g;
  if (g > BigInt(DOMAIN_LIMITS.maxSeconds))
    return {
      error: `error: a grace period of ${describeDigits(String(g))} seconds is more than the limit of ${groupDigits(DOMAIN_LIMITS.maxSeconds)} (one year)`,
    };
  return g < -1n ? -1 : Number(g);
}

function one(positional: string[], what: string, usage: string): string | { error: string } {
  if (positional.length === 0) return { error: `error: ${what}\nSee '${usage} -h' for help and examples` };
  if (positional.length > 1) return { error: `error: unexpected arguments: ${positional.slice(1).join(' ')}` };
  return positional[0] ?? '';
}

function parseKubectl(args: string[], stdin: string | undefined): ParseResult {
  const verb = args[0];
  const rest = args.slice(1);
  switch (verb) {
    case 'get':
    case 'describe': {
      const request = parseRead(verb, rest);
      if ('error' in request) return fail(request.error);
      return ok({ kind: 'kubectl-read', args, request });
    }
    case 'events': {
      const events = parseEvents(rest);
      if ('error' in events) return fail(events.error);
      return ok({ kind: 'kubectl-read', args, request: { verb: 'events', events } });
    }
    case 'delete': {
      const p = parseFlags(rest, [NAMESPACE, FORCE, GRACE]);
      if ('error' in p) return fail(p.error);
      const [type, name, ...extra] = p.positional;
      if (!type) return fail('error: You must provide one or more resources by argument or filename.');
      const t = type.toLowerCase();
      const isPod = ['pod', 'pods', 'po'].includes(t);
      const isNode = ['node', 'nodes', 'no'].includes(t);
      const isPdb = PDB_WORDS.includes(t);
      if (!isPod && !isNode && !isPdb)
        return fail(`error: this playground deletes pods, nodes and poddisruptionbudgets, not "${type}"`);
      if (!name) return fail(`error: resource(s) were provided, but no name was specified`);
      if (extra.length > 0)
        return fail(
          `error: delete one ${isPod ? 'pod' : isNode ? 'node' : 'pdb'} at a time: unexpected ${extra.join(' ')}`,
        );
      if (isNode) return ok({ kind: 'kubectl-delete-node', name });
      if (isPdb) return ok({ kind: 'kubectl-delete-pdb', namespace: p.flags.namespace ?? 'default', name });
      const gracePeriod = graceFlag(p.flags['grace-period']);
      if (typeof gracePeriod === 'object') return fail(gracePeriod.error);
      const cmd: Command = {
        kind: 'kubectl-delete-pod',
        namespace: p.flags.namespace ?? 'default',
        name,
        force: p.flags.force === 'true',
      };
      if (gracePeriod !== undefined) cmd.gracePeriod = gracePeriod;
      return ok(cmd);
    }
    case 'cordon':
    case 'uncordon': {
      const p = parseFlags(rest, []);
      if ('error' in p) return fail(p.error);
      const node = one(p.positional, `USAGE: ${verb} NODE [flags]`, `kubectl ${verb}`);
      if (typeof node !== 'string') return fail(node.error);
      return ok({ kind: verb === 'cordon' ? 'kubectl-cordon' : 'kubectl-uncordon', node });
    }
    case 'drain': {
      const p = parseFlags(rest, [IGNORE_DS, FORCE, DELETE_EMPTYDIR, GRACE, TIMEOUT]);
      if ('error' in p) return fail(p.error);
      const node = one(p.positional, 'USAGE: drain NODE [flags]', 'kubectl drain');
      if (typeof node !== 'string') return fail(node.error);
      const cmd: Command = {
        kind: 'kubectl-drain',
        node,
        ignoreDaemonsets: p.flags['ignore-daemonsets'] === 'true',
        force: p.flags.force === 'true',
      };
      if (p.flags['delete-emptydir-data'] === 'true') cmd.deleteEmptyDirData = true;
      const grace = graceFlag(p.flags['grace-period']);
      if (typeof grace === 'object') return fail(grace.error);
      if (grace !== undefined) cmd.gracePeriod = grace;
      const t = p.flags.timeout;
      if (t !== undefined) {
        const ms = parseGoDuration(t, 'timeout');
        if (typeof ms !== 'number') return fail(ms.error);
        if (ms > DOMAIN_LIMITS.maxTime)
          return fail(
            `error: a timeout of ${t} is more than the limit of ${describeDuration(DOMAIN_LIMITS.maxTime)} (a run's length)`,
          );
        // 0 is kubectl's default: wait for ever.
        if (ms !== 0) cmd.timeout = { text: t, ms };
      }
      return ok(cmd);
    }
    case 'taint': {
      const p = parseFlags(rest, [OVERWRITE]);
      if ('error' in p) return fail(p.error);
      const t = parseTaintArgs(p.positional);
      if ('error' in t) return fail(t.error);
      return ok({ kind: 'kubectl-taint', ...t, overwrite: p.flags.overwrite === 'true' });
    }
    case 'scale': {
      const p = parseFlags(rest, [NAMESPACE, REPLICAS]);
      if ('error' in p) return fail(p.error);
      let [type, name] = p.positional;
      if (type?.includes('/')) [type, name] = type.split('/');
      const t = (type ?? '').toLowerCase();
      const resource = ['deploy', 'deployment', 'deployments'].includes(t)
        ? 'deployment'
        : ['sts', 'statefulset', 'statefulsets'].includes(t)
          ? 'statefulset'
          : undefined;
      if (!type || !name)
        return fail("error: required resource not specified\nSee 'kubectl scale -h' for help and examples");
      if (!resource) return fail(`error: this playground scales deployments and statefulsets, not "${type}"`);
      if (p.flags.replicas === undefined) return fail('error: required flag(s) "replicas" not set');
      const n = replicasFlag(p.flags.replicas, 64);
      if (typeof n !== 'number') return fail(n.error);
      if (n < 0)
        return fail('error: The --replicas=COUNT flag is required, and COUNT must be greater than or equal to 0');
      return ok({ kind: 'kubectl-scale', resource, namespace: p.flags.namespace ?? 'default', name, replicas: n });
    }
    case 'run': {
      const p = parseFlags(rest, [NAMESPACE, IMAGE, COMMAND]);
      if ('error' in p) return fail(p.error);
      // run.go Run: args[0] is NAME, every other word (before or after `--`, cobra passes both)
      // is the container's args, or its command with --command; `--` before NAME leaves none.
      const [name, ...words] = [...p.positional, ...(p.rest ?? [])];
      if (name === undefined || p.positional.length === 0)
        return fail("error: NAME is required for run\nSee 'kubectl run -h' for help and examples");
      if (!p.flags.image) return fail('error: required flag(s) "image" not set');
      const cmd: Command = {
        kind: 'kubectl-run',
        namespace: p.flags.namespace ?? 'default',
        name,
        image: p.flags.image,
      };
      if (words.length) cmd.args = words;
      if (p.flags.command === 'true') cmd.command = true;
      return ok(cmd);
    }
    case 'create': {
      if (rest[0] !== 'deployment' && rest[0] !== 'deploy')
        return fail(`error: this playground creates deployments only: kubectl create deployment NAME --image IMG`);
      const p = parseFlags(rest.slice(1), [NAMESPACE, IMAGE, REPLICAS]);
      if ('error' in p) return fail(p.error);
      const name = one(p.positional, 'exactly one NAME is required, got 0', 'kubectl create deployment');
      if (typeof name !== 'string') return fail(name.error);
      if (!p.flags.image) return fail('error: required flag(s) "image" not set');
      const cmd: Command = {
        kind: 'kubectl-create-deployment',
        namespace: p.flags.namespace ?? 'default',
        name,
        image: p.flags.image,
      };
      if (p.flags.replicas !== undefined) {
        const n = replicasFlag(p.flags.replicas, 32);
        if (typeof n !== 'number') return fail(n.error);
        // A negative count reaches the API, which refuses it as the apiserver would.
        cmd.replicas = n;
      }
      return ok(cmd);
    }
    case 'apply': {
      const p = parseFlags(rest, [FILENAME]);
      if ('error' in p) return fail(p.error);
      if (p.flags.filename !== '-')
        return fail('error: must specify -f - with the manifest on the following lines (files are not available here)');
      if (p.positional.length > 0) return fail(`error: Unexpected args: [${p.positional.join(' ')}]`);
      if (!stdin || stdin.trim() === '') return fail('error: no objects passed to apply');
      return ok({ kind: 'kubectl-apply', manifest: stdin });
    }
    case 'logs': {
      const p = parseFlags(rest, [NAMESPACE, CONTAINER]);
      if ('error' in p) return fail(p.error);
      const pod = one(p.positional, 'expected POD', 'kubectl logs');
      if (typeof pod !== 'string') return fail(pod.error);
      return ok({ kind: 'kubectl-logs', namespace: p.flags.namespace ?? 'default', pod });
    }
    case 'exec': {
      const p = parseFlags(rest, [NAMESPACE, CONTAINER, STDIN, TTY]);
      if ('error' in p) return fail(p.error);
      const pod = one(p.positional, 'expected POD', 'kubectl exec');
      if (typeof pod !== 'string') return fail(pod.error);
      if (!p.rest || p.rest.length === 0) return fail('error: you must specify at least one command for the container');
      return ok({ kind: 'kubectl-exec', namespace: p.flags.namespace ?? 'default', pod, command: p.rest });
    }
    case 'port-forward': {
      const p = parseFlags(rest, [NAMESPACE]);
      if ('error' in p) return fail(p.error);
      const [target, ports, ...extra] = p.positional;
      if (!target || !ports)
        return fail(
          "error: TYPE/NAME and list of ports are required for port-forward\nSee 'kubectl port-forward -h' for help and examples",
        );
      if (extra.length > 0) return fail(`error: one port mapping at a time here: unexpected ${extra.join(' ')}`);
      const pod = target.startsWith('pod/') ? target.slice(4) : target;
      if (pod.includes('/')) return fail(`error: this playground forwards to pods only, not "${target}"`);
      if (!/^\d*:?\d+$/.test(ports)) return fail(`error: Error parsing local port '${ports}': invalid syntax`);
      return ok({ kind: 'kubectl-port-forward', namespace: p.flags.namespace ?? 'default', pod, ports });
    }
    case undefined:
      return fail('error: kubectl needs a command, e.g. kubectl get nodes');
    default:
      return fail(`error: unknown command "${verb}" for "kubectl"`);
  }
}

function parseSsh(args: string[]): ParseResult {
  const node = args[0];
  if (!node) return fail('usage: ssh NODE COMMAND');
  let cmd = args.slice(1);
  if (cmd[0] === 'sudo') cmd = cmd.slice(1);
  const prog = cmd[0];
  if (prog === undefined)
    return fail(
      `ssh ${node}: an interactive shell is not available here; give a command, e.g. ssh ${node} systemctl stop kubelet`,
    );
  const unitOf = (w: string | undefined): Unit | undefined => {
    const u = (w ?? '').replace(/\.service$/, '');
    return (UNITS as readonly string[]).includes(u) ? (u as Unit) : undefined;
  };
  switch (prog) {
    case 'systemctl': {
      const action = cmd[1];
      if (action !== 'stop' && action !== 'start' && action !== 'restart' && action !== 'status') {
        return fail(
          action ? `Unknown command verb ${action}.` : 'systemctl: a verb is required (stop, start, restart, status)',
        );
      }
      const unit = unitOf(cmd[2]);
      if (!cmd[2]) return fail('Too few arguments.');
      if (!unit) {
        const name = `${cmd[2].replace(/\.service$/, '')}.service`;
        return fail(
          action === 'status'
            ? `Unit ${name} could not be found.`
            : `Failed to ${action} ${name}: Unit ${name} not found.`,
        );
      }
      if (cmd.length > 3) return fail(`systemctl: one unit at a time here: unexpected ${cmd.slice(3).join(' ')}`);
      return ok({ kind: 'ssh-systemctl', node, action, unit });
    }
    case 'journalctl': {
      if (cmd[1] !== '-u' || !cmd[2] || cmd.length > 3) return fail('journalctl: use journalctl -u UNIT');
      const unit = unitOf(cmd[2]);
      if (!unit) return fail('-- No entries --');
      return ok({ kind: 'ssh-journalctl', node, unit });
    }
    case 'poweroff':
    case 'reboot':
      if (cmd.length > 1) return fail(`${prog}: too many arguments.`);
      return ok({ kind: prog === 'poweroff' ? 'ssh-poweroff' : 'ssh-reboot', node });
    case 'mv': {
      const [src, dst, ...extra] = cmd.slice(1);
      if (!src) return fail('mv: missing file operand');
      if (!dst) return fail(`mv: missing destination file operand after '${src}'`);
      if (extra.length > 0) return fail(`mv: one file at a time here: unexpected ${extra.join(' ')}`);
      return ok({ kind: 'ssh-mv', node, src, dst });
    }
    case 'sed': {
      const [flag, expr, file, ...extra] = cmd.slice(1);
      if (flag !== '-i' || !expr || !file || extra.length > 0) return fail("sed: use sed -i 's/OLD/NEW/' FILE");
      const m = /^s\/((?:[^/\\]|\\.)*)\/((?:[^/\\]|\\.)*)\/g?$/.exec(expr);
      if (!m) return fail(`sed: -e expression #1, char ${expr.length}: unterminated \`s' command`);
      return ok({ kind: 'ssh-sed', node, from: m[1] ?? '', to: m[2] ?? '', file });
    }
    default:
      return fail(`bash: ${prog}: command not found`);
  }
}

/** Parse one command line (the first line; following lines are stdin for `kubectl apply -f -`). */
export function parseCommand(input: string): ParseResult {
  const nl = input.indexOf('\n');
  const first = (nl < 0 ? input : input.slice(0, nl)).trim();
  const stdin = nl < 0 ? undefined : input.slice(nl + 1);
  const tokens = tokenize(first);
  if ('error' in tokens) return fail(tokens.error);
  const [head, ...args] = tokens;
  // The terminal's interrupt, logged as a line of its own (commands/running.ts).
  if (first === '^C') return tokens.length === 1 ? ok({ kind: 'interrupt' }) : fail('usage: ^C');
  switch (head) {
    case undefined:
      return fail('empty command');
    case 'kubectl':
    case 'k':
      return parseKubectl(args, stdin);
    case 'ssh':
      return parseSsh(args);
    case 'power-on':
      if (args.length !== 1 || !args[0]) return fail('usage: power-on NODE');
      return ok({ kind: 'power-on', node: args[0] });
    case 'network': {
      const [action, node, ...extra] = args;
      if ((action !== 'cut' && action !== 'heal') || !node || extra.length > 0)
        return fail('usage: network cut|heal NODE');
      return ok({ kind: 'network', action, node });
    }
    case 'registry': {
      const [action, ...extra] = args;
      if ((action !== 'down' && action !== 'up') || extra.length > 0) return fail('usage: registry down|up');
      return ok({ kind: 'registry', action });
    }
    case 'cloud': {
      const c = parseCloud(args);
      return 'error' in c ? fail(c.error) : ok(c);
    }
    default:
      return fail(
        `unknown command "${head}": use kubectl, ssh NODE, power-on NODE, network cut|heal NODE, registry down|up, cloud or ^C`,
      );
  }
}
