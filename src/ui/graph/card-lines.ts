/**
 * The words on a node card and a pod chip, as pure functions (tested in Node): which problems a
 * card lists in its reserved lines, the status badge, and a pod name short enough for presenter
 * mode. Every state carries words, never colour alone. The words are the language on screen's:
 * the card and the chip that call these use the catalog hook, so they re-render when it changes.
 */
import type { NodeView, PodView } from '../../sim';
import { lensStore } from '../../state/lens';
import { currentMessages } from '../i18n/hooks';
import { type Density, METRICS } from './card-metrics';

export interface ProblemLine {
  text: string;
  kind: 'host' | 'api' | 'taint' | 'ok' | 'more';
}

const RUNTIME_SERVICES = new Set(['kubelet', 'containerd', 'docker', 'kube-proxy', 'calico-node']);

/** Host truth that is wrong: no power, no network, stopped services. */
function hostProblems(n: NodeView): string | undefined {
  const t = currentMessages();
  if (n.power === 'off') return `⏻ ${t.powerOff}`;
  const stopped = n.services.filter((s) => !s.active && RUNTIME_SERVICES.has(s.name)).map((s) => s.name);
  const parts: string[] = [];
  if (n.networkCut) parts.push(`✂ ${t.networkCut}`);
  if (stopped.length) parts.push(`✖ ${t.servicesStopped(stopped)}`);
  return parts.length ? parts.join(' · ') : undefined;
}

/** The control plane's own taint: always there, not part of any story. */
const CONTROL_PLANE_TAINT = /^node-role\.kubernetes\.io\/(control-plane|master):NoSchedule$/;

/**
 * `unreachable: NoSchedule, NoExecute` per taint key, NoExecute keys first. Presenter mode, with
 * fewer words: the NoExecute taint alone when there is one (`unreachable NoExecute`), and not the
 * control plane's own NoSchedule.
 */
export function taintLines(taints: readonly string[], density: Density = 'normal'): string[] {
  if (density === 'presenter') {
    const shown = taints.filter((x) => !CONTROL_PLANE_TAINT.test(x));
    const noExecute = shown.filter((x) => x.endsWith(':NoExecute'));
    return (noExecute.length ? noExecute : shown).map((x) => {
      const i = x.lastIndexOf(':');
      const key = (i < 0 ? x : x.slice(0, i))
        .replace(/^node\.kubernetes\.io\//, '')
        .replace(/^node-role\.kubernetes\.io\//, '');
      return `⊘ ${key}${i < 0 ? '' : ` ${x.slice(i + 1)}`}`;
    });
  }
  const byKey = new Map<string, string[]>();
  for (const x of taints) {
    const i = x.lastIndexOf(':');
    const key = (i < 0 ? x : x.slice(0, i))
      .replace(/^node\.kubernetes\.io\//, '')
      .replace(/^node-role\.kubernetes\.io\//, '');
    const effect = i < 0 ? '' : x.slice(i + 1);
    const list = byKey.get(key) ?? [];
    if (effect) list.push(effect);
    byKey.set(key, list);
  }
  return [...byKey]
    .sort(([, a], [, b]) => Number(b.includes('NoExecute')) - Number(a.includes('NoExecute')))
    .map(([key, effects]) => `⊘ ${key}${effects.length ? `: ${effects.join(', ')}` : ''}`);
}

/**
 * The problem lines of a card, at most as many as the density reserves (the last one then says
 * how many more there are; `kubectl describe node` has them all). `taken`: reserved lines used by
 * something else (a cloud machine's instance line).
 */
export function problemLines(n: NodeView, density: Density, taken = 0): ProblemLine[] {
  const t = currentMessages();
  const room = METRICS[density].problemLines - taken;
  const lines: ProblemLine[] = [];
  const host = hostProblems(n);
  if (host) lines.push({ text: host, kind: 'host' });
  if (!n.apiExists) lines.push({ text: t.noNodeObject, kind: 'api' });
  const ready = n.conditions.find((c) => c.type === 'Ready');
  const others = n.conditions.filter((c) => c.type !== 'Ready');
  const more = others.length && density !== 'presenter' ? ` · ${t.moreConditions(others.length)}` : '';
  if (ready)
    lines.push({
      text: `Ready: ${ready.status}${ready.reason && density !== 'presenter' ? ` (${ready.reason})` : ''}${more}`,
      kind: 'api',
    });
  else if (others.length) {
    const c = others[0] as (typeof others)[number];
    lines.push({
      text: `${c.type}: ${c.status}${others.length > 1 ? ` · ${t.moreConditions(others.length - 1)}` : ''}`,
      kind: 'api',
    });
  }
  for (const l of taintLines(n.taints, density)) lines.push({ text: l, kind: 'taint' });
  if (!lines.length) return [{ text: `✔ ${t.nodeHealthy}`, kind: 'ok' }];
  if (lines.length <= room) return lines;
  const kept = lines.slice(0, room - 1);
  return [...kept, { text: t.moreProblems(lines.length - kept.length), kind: 'more' }];
}

export function statusBadge(n: NodeView): { text: string; cls: string } {
  const t = currentMessages();
  if (!n.apiExists) return { text: `? ${t.noNode}`, cls: 'st-none' };
  if (n.status.startsWith('Ready')) return { text: `✔ ${n.status}`, cls: 'st-ready' };
  return { text: `✖ ${n.status}`, cls: 'st-notready' };
}

/**
 * A pod name for presenter mode: a ReplicaSet's pod `web-7d89dcd798-7mjh2` reads `web-…7mjh2`
 * (the Deployment's name, then the pod's own suffix); other names stay whole. `lead` is drawn
 * beside the button and `own` is the button's text, so the button's visible text stays part of
 * its name (`pod web-7d89dcd798-7mjh2`).
 */
export function shortPodName(p: Pick<PodView, 'name' | 'owner'>): { lead: string; own: string } {
  if (!p.owner?.startsWith('ReplicaSet/')) return { lead: '', own: p.name };
  const rs = p.owner.slice('ReplicaSet/'.length);
  const dash = rs.lastIndexOf('-');
  if (dash <= 0 || !p.name.startsWith(`${rs}-`)) return { lead: '', own: p.name };
  return { lead: `${rs.slice(0, dash)}-…`, own: p.name.slice(rs.length + 1) };
}

export type PodKind = 'ghost' | 'zombie' | 'terminating' | 'ready' | 'notready';

export function podKind(p: PodView): PodKind {
  if (p.ghost) return 'ghost';
  if (p.zombie) return 'zombie';
  if (p.terminating) return 'terminating';
  return p.apiReady ? 'ready' : 'notready';
}

/** One piece of a chip's second line. */
export interface ChipPart {
  text: string;
  kind: 'status' | 'tag' | 'host' | 'countdown' | 'from';
}

/**
 * A chip's second line, most important first (a narrow chip cuts the end): what the API says
 * (kubectl's STATUS, and READY in the normal layout), a word for a state that is not plain ready,
 * host truth (▶ runs / ■ nothing runs), then the eviction countdown and where a replacement
 * comes from. In presenter mode "not ready" stands for "Running, not ready" (fewer words).
 */
export function chipParts(p: PodView, density: Density): ChipPart[] {
  const t = currentMessages();
  const short = density === 'presenter';
  const parts: ChipPart[] = [];
  const tag = p.ghost
    ? t.ghostShort
    : p.zombie
      ? t.zombieShort
      : !p.apiReady &&
          !p.terminating &&
          p.status !== 'Completed' &&
          p.status !== 'Pending' &&
          !p.status.startsWith('Container')
        ? t.notReadyTag
        : undefined;
  if (!p.ghost && !(short && tag === t.notReadyTag && p.status === 'Running'))
    parts.push({ text: short ? p.status : `${p.status} ${p.ready}`, kind: 'status' });
  if (tag) parts.push({ text: tag, kind: 'tag' });
  if (p.staticPod && !short) parts.push({ text: t.staticPod, kind: 'tag' });
  // Where the eviction countdown goes (the chip draws it: it follows the clock).
  if (p.evictionAt !== undefined && !p.terminating) parts.push({ text: '◷', kind: 'countdown' });
  // Host truth, except under the kubectl lens (a challenge: kubectl cannot see the host).
  if (!lensStore.getState().apiOnly) parts.push({ text: p.hostRunning ? '▶' : '■', kind: 'host' });
  if (p.fromNode) parts.push({ text: `↪ ${p.fromNode}`, kind: 'from' });
  return parts;
}
