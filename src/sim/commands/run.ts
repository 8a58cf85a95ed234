/**
 * `runCommand(e, line, by)`: parse -> check applicability -> apply at e.now with a cause
 * `{actor: 'you' | 'the scenario', what: <canonical>, command: <canonical>, by}` -> log -> result.
 * Refusals change nothing but the command log, and say what is wrong in the words the real tool
 * would use.
 *
 * Cause `what` strings are the canonical command lines themselves. `by` (who ran it) is kept on
 * the cause and the log entry only: it never reaches the trace, so the trace hash of a run does
 * not depend on who typed its commands.
 */
import { ApiError, applyManifest, runPod } from '../api/apply';
import { cordon, deleteObject, deletePod, scale, uncordon } from '../api/delete';
import { startDrain } from '../api/drain';
import { taintNode } from '../api/taint';
import { instanceShutdownByGuest } from '../cloud/lifecycle';
import { instanceOfHost } from '../cloud/provider';
import { addNodeMoment, chapterCount } from '../core/chapters';
import type { Engine } from '../core/engine';
import { commandLengthProblem, DOMAIN_LIMITS, groupDigits } from '../core/limits';
import type { CommandBy } from '../core/state';
import { apiAvailable, controlPlaneHost } from '../core/world';
import { joinPieces, type OutputCollector, type Pieces } from '../kubectl/pieces';
import { connectionRefused, readPieces } from '../kubectl/run';
import { beginNodeShutdown } from '../kubelet/shutdown-manager';
import { planCommandChapter } from '../story/command-chapters';
import { commandActor } from '../story/credit';
import { runCloud } from './cloud-cli';
import type { CloudCommand } from './cloud-parse';
import { hostJournal, hostOp } from './host-ops';
import { kubectlManifests } from './manifest';
import { type Command, parseCommand } from './parse';
import { podEndpointCheck } from './pod-access';
import { printCommand } from './print';
import { interruptNewest, startRunning } from './running';

export interface CommandResult {
  ok: boolean;
  /** The command printed back canonically (what the terminal and the log show). */
  canonical: string;
  /** What the command printed (kubectl output, systemctl status...), or the refusal reason. */
  output: string;
  /**
   * Set when the command goes on running (kubectl drain waiting for its pods): its later output
   * and its end are in Simulation.runningCommands() under this id.
   */
  running?: { id: number };
}

/** `pieces`: a read's output, made as it is read (kubectl/pieces.ts), instead of `output`. */
type Outcome = { ok: boolean; output: string; pieces?: Pieces; running?: { id: number } };
const refuse = (output: string): Outcome => ({ ok: false, output });

/** A command's cause, made when the command changes something. */
type MakeCause = () => number;

function commandCause(e: Engine, canonical: string, by: CommandBy): MakeCause {
  const first = canonical.split('\n')[0] ?? canonical;
  return () => e.cause({ actor: commandActor(by), what: first, command: first, by });
}

/** Why kubectl cannot talk to the API server right now, if it cannot. */
export function apiUnreachable(e: Engine): string | undefined {
  const cp = controlPlaneHost(e);
  if (cp && cp.power === 'on' && cp.networkCut) {
    return `Unable to connect to the server: dial tcp ${cp.ip}:6443: i/o timeout`;
  }
  if (!apiAvailable(e)) return connectionRefused(e);
  return undefined;
}

/** Why `ssh NODE` fails right now, if it does. */
export function sshError(e: Engine, node: string): string | undefined {
  const h = e.state.hosts[node];
  if (!h) return `ssh: Could not resolve hostname ${node}: Name or service not known`;
  if (h.power !== 'on') return `ssh: connect to host ${node} port 22: No route to host`;
  if (h.networkCut) return `ssh: connect to host ${node} port 22: Connection timed out`;
  return undefined;
}

function apiCall(f: () => string | Outcome): Outcome {
  try {
    const r = f();
    return typeof r === 'string' ? { ok: true, output: r } : r;
  } catch (err) {
    if (err instanceof ApiError) return refuse(err.message);
    throw err;
  }
}

function runKubectl(e: Engine, c: Command, canonical: string, userCause: MakeCause, by: CommandBy): Outcome {
  const down = apiUnreachable(e);
  if (down) return refuse(down);
  switch (c.kind) {
    case 'kubectl-read':
      return { ok: true, output: '', pieces: readPieces(e, c.request) };
    case 'kubectl-delete-pod': {
      const opts: { force: boolean; gracePeriodSeconds?: number } = { force: c.force };
      if (c.gracePeriod !== undefined) opts.gracePeriodSeconds = c.gracePeriod;
      if (!e.get('Pod', `${c.namespace}/${c.name}`))
        return refuse(`Error from server (NotFound): pods "${c.name}" not found`);
      return apiCall(() => deletePod(e, `${c.namespace}/${c.name}`, opts, userCause()));
    }
    case 'kubectl-delete-pdb': {
      const key = `${c.namespace}/${c.name}`;
      if (!e.get('PodDisruptionBudget', key))
        return refuse(`Error from server (NotFound): poddisruptionbudgets.policy "${c.name}" not found`);
      return apiCall(() => deleteObject(e, 'PodDisruptionBudget', key, userCause()));
    }
    case 'kubectl-delete-node':
      if (!e.get('Node', c.name)) return refuse(`Error from server (NotFound): nodes "${c.name}" not found`);
      return apiCall(() => deleteObject(e, 'Node', c.name, userCause()));
    case 'kubectl-cordon':
    case 'kubectl-uncordon': {
      if (!e.get('Node', c.node)) return refuse(`Error from server (NotFound): nodes "${c.node}" not found`);
      const f = c.kind === 'kubectl-cordon' ? cordon : uncordon;
      return apiCall(() => f(e, c.node, userCause()));
    }
    case 'kubectl-drain': {
      if (!e.get('Node', c.node)) return refuse(`Error from server (NotFound): nodes "${c.node}" not found`);
      const opts = {
        ignoreDaemonSets: c.ignoreDaemonsets,
        force: c.force,
        deleteEmptyDirData: c.deleteEmptyDirData === true,
        timeoutMs: c.timeout?.ms ?? 0,
      };
      const step = startDrain(
        e,
        c.node,
        c.gracePeriod === undefined ? opts : { ...opts, gracePeriodSeconds: c.gracePeriod },
        userCause(),
      );
      const output = step.lines.join('\n');
      if (!step.wait || step.next === undefined) return { ok: step.ok, output };
      // kubectl now waits for the evicted pods: the command runs on (commands/running.ts).
      const id = startRunning(e, canonical, by, output, { wait: step.wait, next: step.next });
      return { ok: true, output, running: { id } };
    }
    case 'kubectl-taint':
      if (!e.get('Node', c.node)) return refuse(`Error from server (NotFound): nodes "${c.node}" not found`);
      return apiCall(() => taintNode(e, c.node, c.add, c.remove, c.overwrite, userCause()));
    case 'kubectl-scale': {
      const kind = c.resource === 'deployment' ? 'Deployment' : 'StatefulSet';
      const key = `${c.namespace}/${c.name}`;
      if (!e.get(kind, key)) return refuse(`Error from server (NotFound): ${c.resource}s.apps "${c.name}" not found`);
      return apiCall(() => scale(e, kind, key, c.replicas, userCause()));
    }
    case 'kubectl-run':
      return apiCall(() => runPod(e, c.name, c.image, userCause(), c.namespace, { args: c.args, command: c.command }));
    case 'kubectl-create-deployment': {
      const labels = { app: c.name };
      const container = (c.image.split('/').pop() ?? c.image).split(/[:@]/)[0] || c.name;
      const m = {
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        metadata: { name: c.name, namespace: c.namespace, labels },
        spec: {
          replicas: c.replicas ?? 1,
          selector: { matchLabels: labels },
          template: { metadata: { labels }, spec: { containers: [{ name: container, image: c.image }] } },
        },
      };
      return apiCall(() => applyManifest(e, m, userCause(), { mode: 'create' }));
    }
    case 'kubectl-apply': {
      const docs = kubectlManifests(c.manifest);
      if ('error' in docs) return refuse(docs.error);
      const cause = userCause();
      const lines: string[] = [];
      let ok = true;
      for (const m of docs.manifests) {
        const r = apiCall(() => applyManifest(e, m, cause));
        lines.push(r.output);
        ok &&= r.ok;
      }
      return { ok, output: lines.join('\n') };
    }
    case 'kubectl-logs':
    case 'kubectl-exec':
    case 'kubectl-port-forward':
      return podEndpointCheck(e, c);
    default:
      return refuse(`internal: ${canonical} is not a kubectl command`);
  }
}

function runHost(e: Engine, c: Command, canonical: string, userCause: MakeCause): Outcome {
  switch (c.kind) {
    case 'power-on': {
      const h = e.state.hosts[c.node];
      if (!h) return refuse(`power-on: no machine named ${c.node}`);
      if (h.power === 'on') return refuse(`${c.node} is already powered on`);
      // A cloud machine has no power button: the cloud starts it.
      if (h.instance !== undefined)
        return refuse(`${c.node} is a cloud instance (${h.instance}): use cloud start ${c.node}`);
      return hostOp('powerOn', e, [c.node], userCause());
    }
    case 'network': {
      const h = e.state.hosts[c.node];
      if (!h) return refuse(`network: no machine named ${c.node}`);
      if (c.action === 'cut' && h.networkCut) return refuse(`${c.node}'s network is already cut`);
      if (c.action === 'heal' && !h.networkCut) return refuse(`${c.node}'s network is not cut`);
      return hostOp(c.action === 'cut' ? 'cutNetwork' : 'healNetwork', e, [c.node], userCause());
    }
    case 'registry': {
      const up = c.action === 'up';
      if (e.state.registryUp === up) return refuse(`the registry is already ${up ? 'up' : 'down'}`);
      const cause = userCause();
      e.state.registryUp = up;
      e.state.registryCause = cause;
      e.trace(`registry ${c.action}`);
      e.remember('Registry/registry', `registry ${c.action}`, cause);
      return { ok: true, output: '' };
    }
    default:
      break;
  }
  // ssh NODE ...
  if (!('node' in c)) return refuse(`internal: ${canonical}`);
  const err = sshError(e, c.node);
  if (err) return refuse(err);
  switch (c.kind) {
    case 'ssh-systemctl':
      // status changes nothing, so it gets no cause of its own.
      return hostOp('systemctl', e, [c.node, c.action, c.unit], c.action === 'status' ? 0 : userCause());
    case 'ssh-journalctl':
      return { ok: true, output: hostJournal(e, c.node, c.unit) };
    case 'ssh-poweroff': {
      const cause = userCause();
      // A kubelet holding logind's inhibitor lock (shutdownGracePeriod > 0) powers off when done.
      if (beginNodeShutdown(e, c.node, cause)) return { ok: true, output: '' };
      const r = hostOp('powerOff', e, [c.node], cause);
      // EC2: a shutdown from inside the guest stops the instance (InstanceInitiatedShutdownBehavior stop).
      const inst = instanceOfHost(e, c.node);
      if (r.ok && inst) instanceShutdownByGuest(e, inst, cause);
      return r;
    }
    case 'ssh-reboot':
      return hostOp('reboot', e, [c.node], userCause());
    case 'ssh-mv':
      return hostOp('moveFile', e, [c.node, c.src, c.dst], userCause());
    case 'ssh-sed':
      return hostOp('editManifestImage', e, [c.node, c.file, c.from, c.to], userCause());
    default:
      return refuse(`internal: ${canonical}`);
  }
}

/**
 * Why the run takes no more commands, or why this one is too long (domain limits, one sentence).
 * Such a command is refused without being logged: the log is what links carry and replays run.
 */
function overLimit(e: Engine, line: string): string | undefined {
  const long = commandLengthProblem(line);
  if (long) return `error: ${long}`;
  if (e.state.commandLog.length >= DOMAIN_LIMITS.maxCommands)
    return `error: this run already has ${groupDigits(DOMAIN_LIMITS.maxCommands)} commands, the limit of a run`;
  return undefined;
}

/**
 * Run one command line now, on behalf of `by` (the learner unless the scenario's timeline runs it).
 * Every attempt is logged in e.state.commandLog with its canonical form, except those past the
 * domain limits (overLimit). Every output goes through `collect` (default: joined), a read's piece
 * by piece as it is made: the host keeps what it shows of a listing too long for one string, and
 * may say it is alive between pieces. It reads only this moment's state: the pieces are all
 * drained before runCommand returns.
 */
export function runCommand(
  e: Engine,
  line: string,
  by: CommandBy = 'you',
  collect: OutputCollector = joinPieces,
): CommandResult {
  const limit = overLimit(e, line);
  if (limit)
    return {
      ok: false,
      canonical: line.length > 200 ? `${line.slice(0, 200)}…` : line.trim(),
      output: collect([limit]),
    };
  const parsed = parseCommand(line);
  let result: CommandResult;
  if (!parsed.ok) {
    result = { ok: false, canonical: line.trim(), output: collect([parsed.error]) };
  } else {
    const canonical = printCommand(parsed.command);
    const c = parsed.command;
    const cause = commandCause(e, canonical, by);
    const chapter = planCommandChapter(e, c, by);
    const traced = e.state.traceLength;
    const mark = chapterCount(e);
    const out: Outcome =
      c.kind === 'interrupt'
        ? interruptNewest(e)
        : c.kind.startsWith('kubectl-')
          ? runKubectl(e, c, canonical, cause, by)
          : c.kind.startsWith('cloud-')
            ? runCloud(e, c as CloudCommand, cause)
            : runHost(e, c, canonical, cause);
    const output = collect(out.pieces ?? [out.output]);
    result = { ok: out.ok, canonical, output };
    if (out.running) result.running = out.running;
    // A chapter only for a command that changed something (`cordon` of a cordoned node does not).
    if (chapter && out.ok && e.state.traceLength !== traced) addNodeMoment(e, 'command', chapter(out.output), mark);
  }
  // The log keeps what reproduces the run, not what it printed: outputs (a `get pods -A` of 3,000
  // pods is 350 KB) would live as long as the run and in every snapshot of it.
  e.state.commandLog.push({ at: e.now, line: result.canonical, ok: result.ok, by });
  return result;
}
