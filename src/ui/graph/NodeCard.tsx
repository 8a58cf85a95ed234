import { Handle, type NodeProps, Position } from '@xyflow/react';
import { memo, useMemo } from 'react';
import type { NodeView } from '../../sim';
import { actions } from '../../state/bridge';
import { useControlPlane, useNode, usePodKeysOn, useSim } from '../../state/hooks';
import { openMenuFrom } from '../common/menu';
import { messages as t } from '../messages';
import { HeartbeatBar } from './HeartbeatBar';
import { PodChip } from './PodChip';

export type NodeCardData = { name: string };

function statusBadge(n: NodeView): { text: string; cls: string } {
  if (!n.apiExists) return { text: `? ${t.noNodeObject}`, cls: 'st-none' };
  if (n.status.startsWith('Ready')) return { text: `✔ ${n.status}`, cls: 'st-ready' };
  return { text: `✖ ${n.status}`, cls: 'st-notready' };
}

type ServiceName = 'kubelet' | 'containerd' | 'docker' | 'kube-proxy';
const ACTIONABLE = new Set<string>(['kubelet', 'containerd', 'docker', 'kube-proxy']);

function Services({ n }: { n: NodeView }) {
  return (
    <div className="svc-row">
      {n.services.map((s) => {
        const label = t.serviceButton(s.name, n.name);
        const cls = `svc ${s.active ? 'svc-on' : 'svc-off'}`;
        const mark = <span aria-hidden="true">{s.active ? '● ' : '○ '}</span>;
        const state = s.active ? null : <span className="svc-state">&nbsp;{t.svcInactive}</span>;
        if (!ACTIONABLE.has(s.name))
          return (
            <span key={s.name} className={cls}>
              {mark}
              <span className="svc-name">{s.name}</span>
              {state}
            </span>
          );
        return (
          <span key={s.name} className={cls}>
            <button
              type="button"
              className="svc-name stretch"
              aria-label={label}
              onClick={(ev) => {
                actions.select({ kind: 'node', name: n.name });
                openMenuFrom(ev, { kind: 'service', node: n.name, service: s.name as ServiceName }, label);
              }}
            >
              {mark}
              {s.name}
            </button>
            {state}
          </span>
        );
      })}
    </div>
  );
}

/** Unhealthy conditions grouped by status (`Unknown: Ready, MemoryPressure... (NodeStatusUnknown)`). */
export function conditionLines(n: NodeView): string[] {
  const groups = new Map<string, { types: string[]; reasons: Set<string> }>();
  for (const c of n.conditions) {
    const g = groups.get(c.status) ?? { types: [], reasons: new Set<string>() };
    g.types.push(c.type);
    if (c.reason) g.reasons.add(c.reason);
    groups.set(c.status, g);
  }
  return [...groups].map(
    ([status, g]) => `${status}: ${g.types.join(', ')}${g.reasons.size ? ` (${[...g.reasons].join(', ')})` : ''}`,
  );
}

function ControlPlaneComponents() {
  const cp = useControlPlane();
  if (!cp) return null;
  return (
    <div className="cp-row">
      <span className={`cp-api ${cp.apiAvailable ? 'cp-up' : 'cp-down'}`}>
        {cp.apiAvailable ? `✔ ${t.apiUp}` : `✖ ${t.apiDown}`}
      </span>
      {cp.components.map((c) => (
        <span key={c.name} className={`svc cp-comp ${c.running ? 'svc-on' : 'svc-off'}`}>
          <button
            type="button"
            className="svc-name stretch"
            aria-label={c.name}
            onClick={(ev) => openMenuFrom(ev, { kind: 'control-plane', component: c.name }, c.name)}
          >
            <span aria-hidden="true">{c.running ? '● ' : '○ '}</span>
            {c.name}
          </button>
          {c.running ? null : <span className="svc-state">&nbsp;{t.svcInactive}</span>}
          {c.restarts > 0 ? <span className="svc-state">&nbsp;· {t.restarts(c.restarts)}</span> : null}
        </span>
      ))}
    </div>
  );
}

function unhealthy(n: NodeView): boolean {
  return n.conditions.length > 0 || n.taints.some((x) => x.startsWith('node.kubernetes.io/'));
}

/** Static control-plane pods (drawn as component buttons on the control-plane card). */
export const CP_POD = /^kube-system\/(etcd|kube-apiserver|kube-controller-manager|kube-scheduler)-/;

/** One cluster node: host truth (power, network, services, containers) and API truth, as plain markup. */
export const NodeCard = memo(function NodeCard({ data }: NodeProps & { data: NodeCardData }) {
  const n = useNode(data.name);
  const allPods = usePodKeysOn(data.name);
  const role = n?.role;
  // The control-plane static pods are drawn as the component buttons above, not again as chips.
  const pods = useMemo(
    () => (role === 'control-plane' ? allPods.filter((k) => !CP_POD.test(k)) : allPods),
    [allPods, role],
  );
  const selected = useSim((s) => s.selection?.kind === 'node' && s.selection.name === data.name);
  if (!n) return null;
  const badge = statusBadge(n);
  const hostLabel = `${n.name} machine`;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a card, not a form; DESIGN section 7 names it as a group
    <div
      role="group"
      aria-label={t.nodeGroup(n.name)}
      className={`card ${n.power === 'off' ? 'is-off' : ''} ${selected ? 'is-selected' : ''} ${badge.cls}`}
    >
      <Handle type="source" position={Position.Top} isConnectable={false} className="handle" />
      <Handle type="target" position={Position.Bottom} isConnectable={false} className="handle" />
      <div className="card-head">
        <button
          type="button"
          className="card-title"
          aria-label={hostLabel}
          onClick={(ev) => {
            actions.select({ kind: 'node', name: n.name });
            openMenuFrom(ev, { kind: 'node', node: n.name }, hostLabel);
          }}
        >
          <span className="card-name">{n.name}</span>
        </button>
        <span className="card-role">
          {n.role === 'control-plane' ? t.controlPlaneRole : t.workerRole}
          {n.zone ? ` · ${n.zone}` : ''}
        </span>
        <span className={`badge ${badge.cls}`}>{badge.text}</span>
      </div>
      {n.power === 'off' || n.networkCut ? (
        <div className="card-flags">
          {n.power === 'off' ? <span className="flag">{t.powerOff}</span> : null}
          {n.networkCut ? <span className="flag">✂ {t.networkCut}</span> : null}
        </div>
      ) : null}
      <HeartbeatBar age={n.heartbeatAge} grace={n.grace} />
      {n.conditions.length || n.taints.length ? (
        <ul className={`card-api ${unhealthy(n) ? 'api-bad' : ''}`}>
          {conditionLines(n).map((l) => (
            <li key={l}>{l}</li>
          ))}
          {n.taints.map((x) => (
            <li key={x} className="taint">
              ⊘ {x.replace('node.kubernetes.io/', '')}
            </li>
          ))}
        </ul>
      ) : null}
      <Services n={n} />
      {n.role === 'control-plane' ? <ControlPlaneComponents /> : null}
      <div className="chips">
        {pods.length ? (
          pods.map((k) => <PodChip key={k} podKey={k} />)
        ) : n.role === 'control-plane' ? null : (
          <span className="muted">{t.noPods}</span>
        )}
      </div>
    </div>
  );
});
