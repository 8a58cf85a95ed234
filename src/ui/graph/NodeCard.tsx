import { Handle, type NodeProps, Position } from '@xyflow/react';
import { lazy, memo, Suspense, useMemo } from 'react';
import { useStore } from 'zustand';
import type { NodeView } from '../../sim';
import { actions } from '../../state/bridge';
import { useControlPlane, useNode, usePodKeysOn, useSim } from '../../state/hooks';
import { openMenuFrom } from '../common/menu';
import { useMessages } from '../i18n/hooks';
import { problemLines, statusBadge } from './card-lines';
import { cardSections, chipColumns, componentColumns, type Density, METRICS, serviceColumns } from './card-metrics';
import { HeartbeatBar } from './HeartbeatBar';
import { PodChip } from './PodChip';
import { spotlightStore } from './useCamera';
import { CP_POD } from './useTopology';

/** A cloud machine's instance button: a chunk of its own, loaded only in scenarios with a cloud. */
const InstanceButton = lazy(() => import('../cloud/InstanceButton').then((m) => ({ default: m.InstanceButton })));

export type NodeCardData = { name: string; density: Density; cardWidthEm: number };

type ServiceName = 'kubelet' | 'containerd' | 'docker' | 'kube-proxy';
const ACTIONABLE = new Set<string>(['kubelet', 'containerd', 'docker', 'kube-proxy']);

function Services({ n, cols, height }: { n: NodeView; cols: number; height: number }) {
  const t = useMessages();
  return (
    <div className="svc-grid" style={{ gridTemplateColumns: `repeat(${cols}, minmax(0, 1fr))`, height: `${height}em` }}>
      {n.services.map((s) => {
        const label = t.serviceButton(s.name, n.name);
        const cls = `svc ${s.active ? 'svc-on' : 'svc-off'}`;
        const state = s.active ? null : <span className="sr-only"> {t.svcInactive}</span>;
        if (!ACTIONABLE.has(s.name))
          return (
            <span key={s.name} className={cls} title={`${s.name}: ${s.active ? t.svcActive : t.svcInactive}`}>
              {s.name}
              {state}
            </span>
          );
        return (
          <button
            key={s.name}
            type="button"
            className={cls}
            aria-label={label}
            title={`${s.name}: ${s.active ? t.svcActive : t.svcInactive}`}
            onClick={(ev) => {
              actions.select({ kind: 'node', name: n.name });
              openMenuFrom(ev, { kind: 'service', node: n.name, service: s.name as ServiceName }, label);
            }}
          >
            {s.name}
          </button>
        );
      })}
    </div>
  );
}

function ControlPlaneComponents({ cols, height }: { cols: number; height: number }) {
  const t = useMessages();
  const cp = useControlPlane();
  if (!cp) return null;
  return (
    <div className="cp" style={{ height: `${height}em` }}>
      <div className={`cp-api ${cp.apiAvailable ? 'cp-up' : 'cp-down'}`}>
        {cp.apiAvailable ? `✔ ${t.apiUp}` : `✖ ${t.apiDown}`}
      </div>
      <div className="svc-grid" style={{ gridTemplateColumns: `repeat(${cols}, minmax(0, 1fr))` }}>
        {cp.components.map((c) => (
          <button
            key={c.name}
            type="button"
            className={`svc ${c.running ? 'svc-on' : 'svc-off'}`}
            aria-label={c.name}
            title={`${c.name}: ${c.running ? t.svcActive : t.svcInactive}${c.restarts ? `, ${t.restarts(c.restarts)}` : ''}`}
            onClick={(ev) => openMenuFrom(ev, { kind: 'control-plane', component: c.name }, c.name)}
          >
            {c.name}
            {c.running ? null : <span className="sr-only"> {t.svcInactive}</span>}
          </button>
        ))}
      </div>
    </div>
  );
}

/** One cluster node: host truth (power, network, services, containers) and API truth, as plain markup. */
export const NodeCard = memo(function NodeCard({ data }: NodeProps & { data: NodeCardData }) {
  const t = useMessages();
  const n = useNode(data.name);
  const allPods = usePodKeysOn(data.name);
  const cp = useControlPlane();
  const role = n?.role;
  // The control-plane static pods are drawn as the component buttons, not again as chips.
  const pods = useMemo(
    () => (role === 'control-plane' ? allPods.filter((k) => !CP_POD.test(k)) : allPods),
    [allPods, role],
  );
  const selected = useSim((s) => s.selection?.kind === 'node' && s.selection.name === data.name);
  const spot = useStore(spotlightStore, (s) => s.node === data.name);
  if (!n) return null;
  const { density, cardWidthEm: w } = data;
  const m = METRICS[density];
  const content = {
    role: n.role,
    pods: pods.length,
    services: n.services.length,
    components: n.role === 'control-plane' ? (cp?.components.length ?? 4) : 0,
  };
  const sec = cardSections(content, w, density);
  const badge = statusBadge(n);
  const hostLabel = `${n.name} machine`;
  // A cloud machine's instance takes the first of the reserved lines (the card keeps its height).
  const problems = problemLines(n, density, n.instance ? 1 : 0);
  const presenting = density === 'presenter';
  return (
    // biome-ignore lint/a11y/useSemanticElements: a card, not a form; DESIGN section 7 names it as a group
    <div
      role="group"
      aria-label={t.nodeGroup(n.name)}
      className={`card ${n.power === 'off' ? 'is-off' : ''} ${selected ? 'is-selected' : ''} ${spot ? 'is-spot' : ''} ${badge.cls}`}
      style={{ gap: `${m.gap}em` }}
    >
      <Handle type="source" position={Position.Top} isConnectable={false} className="handle" />
      <Handle type="target" position={Position.Bottom} isConnectable={false} className="handle" id="bottom" />
      <Handle type="target" position={Position.Top} isConnectable={false} className="handle" id="top" />
      <div className="card-head" style={{ height: `${sec.head}em` }}>
        <button
          type="button"
          className="card-title"
          aria-label={hostLabel}
          onClick={(ev) => {
            actions.select({ kind: 'node', name: n.name });
            openMenuFrom(ev, { kind: 'node', node: n.name }, hostLabel);
          }}
        >
          {n.name}
        </button>
        {presenting ? null : (
          <span className="card-role">
            {n.role === 'control-plane' ? t.controlPlaneRole : t.workerRole}
            {n.zone && !presenting ? ` · ${n.zone}` : ''}
          </span>
        )}
        <span className={`badge ${badge.cls}`} title={badge.text}>
          {badge.text}
        </span>
      </div>
      <HeartbeatBar age={n.heartbeatAge} grace={n.grace} short={presenting} height={sec.heartbeat} />
      <ul className="card-api" style={{ height: `${sec.problems}em` }}>
        {n.instance ? (
          <li className="pl-cloud">
            <Suspense fallback={null}>
              <InstanceButton node={n.name} instance={n.instance} density={density} />
            </Suspense>
          </li>
        ) : null}
        {problems.map((l) => (
          <li key={l.text} className={`pl pl-${l.kind}`} title={l.text}>
            {l.text}
          </li>
        ))}
      </ul>
      <Services n={n} cols={serviceColumns(w, density)} height={sec.services} />
      {n.role === 'control-plane' ? (
        <ControlPlaneComponents cols={componentColumns(w, density)} height={sec.cp} />
      ) : null}
      {pods.length || n.role !== 'control-plane' ? (
        <div className="chips" style={{ gridTemplateColumns: `repeat(${chipColumns(w, density)}, minmax(0, 1fr))` }}>
          {pods.length ? (
            pods.map((k) => <PodChip key={k} podKey={k} density={density} />)
          ) : (
            <span className="muted no-pods">{t.noPods}</span>
          )}
        </div>
      ) : null}
    </div>
  );
});
