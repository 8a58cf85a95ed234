/**
 * Challenges for self-paced learners: a cluster with one hidden fault, drawn from the seeds'
 * failures. The fault happens at a time the learner does not see; they diagnose it from command
 * output (kubectl, and ssh as an administrator would), then name it from a list or fix it by a
 * command. Pure and browser-neutral (tested in Node against the engine).
 *
 * Honest checks: an answer is right when the simulation has that fault on the machine it hid it
 * on now (host truth from the engine's view: power, network link, services, the Node object, the
 * control plane's static pods), never by matching the text of a command. A fix is whatever
 * command made the simulation stop having the fault.
 */
import type { NodeView } from '../sim';

/** The failures the seeds show, one challenge each. */
export const FAULT_KINDS = [
  'kubelet-stopped',
  'runtime-stopped',
  'node-powered-off',
  'network-cut',
  'node-object-deleted',
  'scheduler-stopped',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface Challenge {
  /** Its number in the list (1-based) and in `?challenge=N`. */
  n: number;
  kind: FaultKind;
}

export const CHALLENGES: readonly Challenge[] = FAULT_KINDS.map((kind, i) => ({ n: i + 1, kind }));

/** Where and when the fault is hidden in one attempt (chosen when the challenge starts). */
export interface HiddenFault {
  kind: FaultKind;
  /** The worker it happens on (the control plane for kube-scheduler). */
  node: string;
  /** Simulated ms. */
  at: number;
}

/** The workers a fault may be hidden on. */
export const CHALLENGE_WORKERS = ['node1', 'node2'] as const;
/** The fault happens between these times (simulated ms), so the learner must watch for it. */
export const FAULT_WINDOW: readonly [number, number] = [30_000, 90_000];
/** A teammate scales `web` up this long after the fault (in every challenge: a new pod to schedule). */
export const SCALE_AFTER_MS = 20_000;

/** The command that causes each fault (the seeds' own commands). */
export function faultCommand(f: HiddenFault): string {
  switch (f.kind) {
    case 'kubelet-stopped':
      return `ssh ${f.node} systemctl stop kubelet`;
    case 'runtime-stopped':
      return `ssh ${f.node} systemctl stop containerd`;
    case 'node-powered-off':
      return `ssh ${f.node} poweroff`;
    case 'network-cut':
      return `network cut ${f.node}`;
    case 'node-object-deleted':
      return `kubectl delete node ${f.node}`;
    case 'scheduler-stopped':
      return 'ssh control-plane mv /etc/kubernetes/manifests/kube-scheduler.yaml /tmp/';
  }
}

/** One way to fix each fault (shown after the challenge, with the Why? chain). */
export function fixCommand(f: HiddenFault): string {
  switch (f.kind) {
    case 'kubelet-stopped':
      return `ssh ${f.node} systemctl start kubelet`;
    case 'runtime-stopped':
      return `ssh ${f.node} systemctl start containerd`;
    case 'node-powered-off':
      return `power-on ${f.node}`;
    case 'network-cut':
      return `network heal ${f.node}`;
    case 'node-object-deleted':
      return `ssh ${f.node} systemctl restart kubelet`;
    case 'scheduler-stopped':
      return 'ssh control-plane mv /tmp/kube-scheduler.yaml /etc/kubernetes/manifests/';
  }
}

/** Picks where and when (the page's own randomness, not the engine's: the engine only replays it). */
export function hideFault(kind: FaultKind, random: () => number): HiddenFault {
  const [lo, hi] = FAULT_WINDOW;
  const at = Math.round((lo + random() * (hi - lo)) / 1000) * 1000;
  const node =
    kind === 'scheduler-stopped'
      ? 'control-plane'
      : (CHALLENGE_WORKERS[Math.floor(random() * CHALLENGE_WORKERS.length)] ?? 'node1');
  return { kind, node, at };
}

function ms(t: number): string {
  return `${Math.round(t / 1000)}s`;
}

/**
 * The challenge's scenario: a small v1.33 cluster (a control plane, two workers, a Deployment
 * behind a Service and a DaemonSet), the hidden fault, and a scale-up of `web` a little later (a
 * new pod to place: what shows a stopped scheduler). Nothing in its name, title or length (always
 * 20 minutes: the clock shows it) says which, or when.
 */
export function challengeScenario(c: Challenge, f: HiddenFault): string {
  return `apiVersion: notready/v1
kind: Scenario
metadata:
  name: challenge-${c.n}
  title: "Challenge ${c.n}: something is wrong"
  description: Find what broke, using kubectl (and ssh, as an administrator would).
spec:
  profile: v1.33
  seed: ${c.n}
  duration: 20m
  nodes:
    - {name: control-plane, roles: [control-plane]}
    - {name: node1}
    - {name: node2}
  objects:
    - apiVersion: apps/v1
      kind: Deployment
      metadata: {name: web}
      spec:
        replicas: 3
        selector: {matchLabels: {app: web}}
        template:
          metadata: {labels: {app: web}}
          spec:
            containers:
              - {name: nginx, image: "nginx:1.27", ports: [{containerPort: 80}]}
    - apiVersion: v1
      kind: Service
      metadata: {name: web}
      spec:
        selector: {app: web}
        ports: [{port: 80, targetPort: 80}]
    - apiVersion: apps/v1
      kind: DaemonSet
      metadata: {name: node-agent}
      spec:
        selector: {matchLabels: {app: node-agent}}
        template:
          metadata: {labels: {app: node-agent}}
          spec:
            containers:
              - {name: agent, image: "busybox:1.36"}
  timeline:
    - {at: ${ms(f.at)}, run: "${faultCommand(f)}"}
    - {at: ${ms(f.at + SCALE_AFTER_MS)}, run: "kubectl scale deployment web --replicas=4"}
`;
}

/** What the engine's view says about the machines and the control plane, as the checks need it. */
export interface ClusterTruth {
  nodes: Record<string, NodeView | undefined>;
  /** kube-scheduler's static pod runs (the control plane's component list). */
  schedulerRunning: boolean;
}

/** The faults the simulation has on `node` now (host truth and the API), by kind. */
export function faultsOn(truth: ClusterTruth, node: string): FaultKind[] {
  const out: FaultKind[] = [];
  if (!truth.schedulerRunning) out.push('scheduler-stopped');
  const n = truth.nodes[node];
  if (!n) return out;
  if (n.power === 'off') return [...out, 'node-powered-off'];
  if (n.networkCut) out.push('network-cut');
  const active = (name: string) => n.services.find((s) => s.name === name)?.active === true;
  const kubelet = active('kubelet');
  if (!kubelet) out.push('kubelet-stopped');
  if (n.services.some((s) => (s.name === 'containerd' || s.name === 'docker') && !s.active))
    out.push('runtime-stopped');
  if (!n.apiExists && kubelet) out.push('node-object-deleted');
  return out;
}

/** Is the hidden fault there now? (Before its time it is not: an early guess is a wrong one.) */
export function faultPresent(truth: ClusterTruth, f: HiddenFault): boolean {
  return faultsOn(truth, f.node).includes(f.kind);
}

/** A named answer is right when the simulation has that fault, now, where it was hidden. */
export function isRightAnswer(truth: ClusterTruth, f: HiddenFault, guess: FaultKind): boolean {
  return faultsOn(truth, f.node).includes(guess) && guess === f.kind;
}

/** Fixed: the fault happened and the simulation no longer has it (whatever command did it). */
export function isFixed(truth: ClusterTruth, f: HiddenFault, now: number): boolean {
  return now > f.at && !faultPresent(truth, f);
}

export interface ChallengeScore {
  /** Simulated ms from the fault to the solution. */
  afterFault: number;
  commands: number;
  wrongGuesses: number;
  /** 100, less 15 a wrong guess, 2 a command past the first 5, 1 a simulated minute past the first 3. */
  points: number;
}

export function scoreOf(solvedAt: number, f: HiddenFault, commands: number, wrongGuesses: number): ChallengeScore {
  const afterFault = Math.max(0, solvedAt - f.at);
  const minutes = Math.floor(afterFault / 60_000);
  const points = Math.max(0, 100 - 15 * wrongGuesses - 2 * Math.max(0, commands - 5) - Math.max(0, minutes - 3));
  return { afterFault, commands, wrongGuesses, points };
}

/** One attempt at a challenge: what is hidden, the learner's guesses, and how it ended. */
export interface ChallengeSession {
  challenge: Challenge;
  fault: HiddenFault;
  wrongGuesses: number;
  solved?: { at: number; by: 'named' | 'fixed'; score: ChallengeScore };
}

export function startSession(challenge: Challenge, fault: HiddenFault): ChallengeSession {
  return { challenge, fault, wrongGuesses: 0 };
}

/** The learner names a fault: solved if the simulation has it, else one more wrong guess. */
export function guessFault(
  s: ChallengeSession,
  truth: ClusterTruth,
  guess: FaultKind,
  now: number,
  commands: number,
): ChallengeSession {
  if (s.solved) return s;
  if (!isRightAnswer(truth, s.fault, guess)) return { ...s, wrongGuesses: s.wrongGuesses + 1 };
  return { ...s, solved: { at: now, by: 'named', score: scoreOf(now, s.fault, commands, s.wrongGuesses) } };
}

/** After the learner's commands ran: solved when the simulation no longer has the fault. */
export function checkFixed(s: ChallengeSession, truth: ClusterTruth, now: number, commands: number): ChallengeSession {
  if (s.solved || !isFixed(truth, s.fault, now)) return s;
  return { ...s, solved: { at: now, by: 'fixed', score: scoreOf(now, s.fault, commands, s.wrongGuesses) } };
}
