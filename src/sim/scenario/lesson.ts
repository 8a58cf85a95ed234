/**
 * Lesson step conditions (DESIGN section 7): the small language of a step's `waitFor`, checked
 * against the engine after every advance. One condition per string:
 *
 *   time 60s                                   simulated time has reached 60s (absolute)
 *   time +30s                                  30s have passed since the step started
 *   node node2 NotReady                        kubectl STATUS of the node (Ready, NotReady, Unknown,
 *                                              SchedulingDisabled; `NotReady` also matches
 *                                              `NotReady,SchedulingDisabled`)
 *   node-gone node2                            the Node object does not exist
 *   condition node2 Ready Unknown [Reason]     a node condition's status (and reason)
 *   taint node2 node.kubernetes.io/unreachable:NoExecute   a taint (key[=value][:Effect])
 *   event TaintManagerEviction [pod/web]       an Event with that reason (on an object whose
 *                                              kind/name starts so: `pod/web`, `pod/ns/web-0`)
 *   pod db-0 Terminating                       kubectl STATUS of a pod (`ns/name`; `web-*` = any
 *                                              pod whose name starts with `web-`)
 *   pod-gone db-0                              no such pod (no pod matching `web-*`)
 *   command ssh node2 systemctl stop           the user ran a command starting so (canonical form)
 *   instance node2 terminated                  the state of a machine's cloud instance (by node name
 *                                              or instance id: pending, running, stopping, stopped,
 *                                              terminated)
 *   group workers 3                            a cloud node group's target size
 *
 * `event` and `command` only count what happened since the step started when a start time is
 * given; `time` is absolute so that a lesson can follow its scenario's timeline.
 */
import { parseCommand } from '../commands/parse';
import { printCommand } from '../commands/print';
import { parseDuration } from '../core/duration';
import type { LessonStep } from '../core/scenario-types';
import type { CompiledStep, ConditionParse, LessonCondition } from './lesson-types';

export { checkCondition, conditionSince, stepComplete } from './lesson-check';
export type { CompiledStep, ConditionContext, ConditionParse, LessonCondition } from './lesson-types';

const KINDS = [
  'time',
  'node',
  'node-gone',
  'condition',
  'taint',
  'event',
  'pod',
  'pod-gone',
  'command',
  'instance',
  'group',
];
const INSTANCE_STATES = ['pending', 'running', 'stopping', 'stopped', 'terminated'];
const NODE_STATUS = /^((Ready|NotReady|Unknown)(,SchedulingDisabled)?|SchedulingDisabled)$/;
const CONDITION_TYPES = ['Ready', 'MemoryPressure', 'DiskPressure', 'PIDPressure', 'NetworkUnavailable'];
const CONDITION_STATUS = ['True', 'False', 'Unknown'];
const EFFECTS = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'];
const NAME = /^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/;
const TOKEN = /^[A-Za-z][A-Za-z0-9]*$/;

const USAGE: Record<string, string> = {
  time: '`time 60s` or `time +30s`',
  node: '`node node2 NotReady`',
  'node-gone': '`node-gone node2`',
  condition: '`condition node2 Ready Unknown`',
  taint: '`taint node2 node.kubernetes.io/unreachable:NoExecute`',
  event: '`event TaintManagerEviction` or `event TaintManagerEviction pod/web`',
  pod: '`pod db-0 Terminating`',
  'pod-gone': '`pod-gone db-0`',
  command: '`command ssh node2 systemctl stop kubelet`',
  instance: '`instance node2 terminated`',
  group: '`group workers 3`',
};

function usage(kind: string, problem: string): ConditionParse {
  return { ok: false, error: `${problem} (write ${USAGE[kind]})` };
}

/** `ns/name` or `name`, with an optional trailing `*` for "starts with". */
function podRef(text: string): { namespace: string; name: string; prefix: boolean } | undefined {
  const slash = text.indexOf('/');
  const namespace = slash < 0 ? 'default' : text.slice(0, slash);
  let name = slash < 0 ? text : text.slice(slash + 1);
  const prefix = name.endsWith('*');
  if (prefix) name = name.slice(0, -1);
  if (!NAME.test(namespace) || (name !== '' && !/^[a-z0-9][-a-z0-9.]*$/.test(name)) || (!prefix && !NAME.test(name)))
    return undefined;
  return { namespace, name, prefix };
}

/** A command prefix in canonical form when it parses as a whole command, else as written. */
function canonicalPrefix(text: string): string {
  const parsed = parseCommand(text);
  return parsed.ok ? printCommand(parsed.command) : text.replace(/\s+/g, ' ').trim();
}

/** Parses one `waitFor` string. Errors say what is wrong and show the expected form. */
export function parseCondition(text: string): ConditionParse {
  const trimmed = text.trim();
  const words = trimmed.split(/\s+/);
  const kind = words[0] ?? '';
  const args = words.slice(1);
  if (!trimmed) return { ok: false, error: 'the condition is empty' };
  switch (kind) {
    case 'time': {
      const arg = args[0] ?? '';
      const relative = arg.startsWith('+');
      const at = parseDuration(relative ? arg.slice(1) : arg);
      if (args.length !== 1 || at === undefined) return usage(kind, `${JSON.stringify(arg)} is not a duration`);
      return { ok: true, condition: { kind, at, relative } };
    }
    case 'node': {
      const [node, status] = args;
      if (args.length !== 2 || !node || !status) return usage(kind, 'node needs a node name and a STATUS');
      if (!NAME.test(node)) return usage(kind, `${JSON.stringify(node)} is not a node name`);
      if (!NODE_STATUS.test(status))
        return usage(
          kind,
          `${JSON.stringify(status)} is not a node STATUS (Ready, NotReady, Unknown, SchedulingDisabled)`,
        );
      return { ok: true, condition: { kind, node, status } };
    }
    case 'node-gone': {
      const [node] = args;
      if (args.length !== 1 || !node || !NAME.test(node)) return usage(kind, 'node-gone needs a node name');
      return { ok: true, condition: { kind, node } };
    }
    case 'condition': {
      const [node, type, status, reason] = args;
      if (args.length < 3 || args.length > 4 || !node || !type || !status)
        return usage(kind, 'condition needs a node, a condition type and a status');
      if (!CONDITION_TYPES.includes(type))
        return usage(kind, `${JSON.stringify(type)} is not a node condition (${CONDITION_TYPES.join(', ')})`);
      if (!CONDITION_STATUS.includes(status))
        return usage(kind, `${JSON.stringify(status)} is not a condition status (True, False, Unknown)`);
      if (reason !== undefined && !TOKEN.test(reason)) return usage(kind, `${JSON.stringify(reason)} is not a reason`);
      const condition: LessonCondition = { kind, node, type, status };
      if (reason) condition.reason = reason;
      return { ok: true, condition };
    }
    case 'taint': {
      const [node, spec] = args;
      if (args.length !== 2 || !node || !spec) return usage(kind, 'taint needs a node and a taint');
      const m = /^([A-Za-z0-9./_-]+)(?:=([A-Za-z0-9._-]*))?(?::([A-Za-z]+))?$/.exec(spec);
      if (!m?.[1]) return usage(kind, `${JSON.stringify(spec)} is not a taint`);
      if (m[3] !== undefined && !EFFECTS.includes(m[3]))
        return usage(kind, `${JSON.stringify(m[3])} is not a taint effect (${EFFECTS.join(', ')})`);
      const condition: LessonCondition = { kind, node, key: m[1] };
      if (m[2] !== undefined) condition.value = m[2];
      if (m[3] !== undefined) condition.effect = m[3];
      return { ok: true, condition };
    }
    case 'event': {
      const [reason, object] = args;
      if (args.length < 1 || args.length > 2 || !reason) return usage(kind, 'event needs a reason');
      if (!TOKEN.test(reason)) return usage(kind, `${JSON.stringify(reason)} is not an event reason`);
      if (object !== undefined && !/^[A-Za-z]+\/[a-z0-9][-a-z0-9./]*$/.test(object))
        return usage(kind, `${JSON.stringify(object)} is not kind/name`);
      const condition: LessonCondition = { kind, reason };
      if (object) condition.object = object;
      return { ok: true, condition };
    }
    case 'pod': {
      const [ref, status] = args;
      if (args.length !== 2 || !ref || !status) return usage(kind, 'pod needs a pod name and a STATUS');
      const p = podRef(ref);
      if (!p) return usage(kind, `${JSON.stringify(ref)} is not a pod name`);
      if (!/^[A-Za-z][A-Za-z0-9:-]*$/.test(status)) return usage(kind, `${JSON.stringify(status)} is not a pod STATUS`);
      return { ok: true, condition: { kind, ...p, status } };
    }
    case 'pod-gone': {
      const [ref] = args;
      const p = args.length === 1 && ref ? podRef(ref) : undefined;
      if (!p) return usage(kind, 'pod-gone needs a pod name');
      return { ok: true, condition: { kind, ...p } };
    }
    case 'command': {
      const rest = trimmed.slice(kind.length).trim();
      if (!rest) return usage(kind, 'command needs the start of a command');
      return { ok: true, condition: { kind, prefix: canonicalPrefix(rest) } };
    }
    case 'instance': {
      const [target, state] = args;
      if (args.length !== 2 || !target || !state)
        return usage(kind, 'instance needs a node or instance id and a state');
      if (!NAME.test(target)) return usage(kind, `${JSON.stringify(target)} is not a node name or an instance id`);
      if (!INSTANCE_STATES.includes(state))
        return usage(kind, `${JSON.stringify(state)} is not an instance state (${INSTANCE_STATES.join(', ')})`);
      return { ok: true, condition: { kind, target, state } };
    }
    case 'group': {
      const [group, size] = args;
      if (args.length !== 2 || !group || !size) return usage(kind, 'group needs a node group and a target size');
      if (!NAME.test(group)) return usage(kind, `${JSON.stringify(group)} is not a node group name`);
      if (!/^\d{1,3}$/.test(size)) return usage(kind, `${JSON.stringify(size)} is not a target size`);
      return { ok: true, condition: { kind, group, target: Number(size) } };
    }
    default:
      return { ok: false, error: `${JSON.stringify(kind)} is not a condition (${KINDS.join(', ')})` };
  }
}

/** The condition written back in its canonical form (what the lesson panel shows). */
export function printCondition(c: LessonCondition): string {
  switch (c.kind) {
    case 'time':
      return `time ${c.relative ? '+' : ''}${formatMs(c.at)}`;
    case 'node':
      return `node ${c.node} ${c.status}`;
    case 'node-gone':
      return `node-gone ${c.node}`;
    case 'condition':
      return `condition ${c.node} ${c.type} ${c.status}${c.reason ? ` ${c.reason}` : ''}`;
    case 'taint':
      return `taint ${c.node} ${c.key}${c.value !== undefined ? `=${c.value}` : ''}${c.effect ? `:${c.effect}` : ''}`;
    case 'event':
      return `event ${c.reason}${c.object ? ` ${c.object}` : ''}`;
    case 'pod':
      return `pod ${podText(c)} ${c.status}`;
    case 'pod-gone':
      return `pod-gone ${podText(c)}`;
    case 'command':
      return `command ${c.prefix}`;
    case 'instance':
      return `instance ${c.target} ${c.state}`;
    case 'group':
      return `group ${c.group} ${c.target}`;
  }
}

function podText(c: { namespace: string; name: string; prefix: boolean }): string {
  return `${c.namespace === 'default' ? '' : `${c.namespace}/`}${c.name}${c.prefix ? '*' : ''}`;
}

function formatMs(ms: number): string {
  const parts: string[] = [];
  let rest = ms;
  for (const [size, unit] of [
    [3_600_000, 'h'],
    [60_000, 'm'],
    [1000, 's'],
    [1, 'ms'],
  ] as const) {
    const n = Math.floor(rest / size);
    rest -= n * size;
    if (n) parts.push(`${n}${unit}`);
  }
  return parts.join('') || '0s';
}

/**
 * Parses every step's `waitFor` (and checks its `run` parses as a command). Errors carry the path
 * a scenario error would (`spec.lesson[2].waitFor`), so scenario/parse.ts can report them.
 */
export function compileLesson(
  steps: readonly LessonStep[],
): { ok: true; steps: CompiledStep[] } | { ok: false; errors: { path: string; message: string }[] } {
  const errors: { path: string; message: string }[] = [];
  const out: CompiledStep[] = steps.map((s, i) => {
    const step: CompiledStep = { ...s };
    if (s.waitFor !== undefined) {
      const r = parseCondition(s.waitFor);
      if (r.ok) step.condition = r.condition;
      else errors.push({ path: `spec.lesson[${i}].waitFor`, message: r.error });
    }
    if (s.run !== undefined) {
      const r = parseCommand(s.run);
      if (!r.ok) errors.push({ path: `spec.lesson[${i}].run`, message: r.error });
    }
    return step;
  });
  return errors.length ? { ok: false, errors } : { ok: true, steps: out };
}
