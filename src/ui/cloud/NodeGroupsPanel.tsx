import type { CloudView } from '../../sim';
import { actions } from '../../state/bridge';
import { useCloud, useControlPlane } from '../../state/hooks';
import { openMenuFrom } from '../common/menu';
import { formatTime } from '../common/time';
import { decisionsToShow, groupSlots } from './groups';
import { useCloudMessages } from './messages';

/**
 * The region `Node groups` (scenarios with spec.cloud): each group's machines against its min,
 * target and max, then what the cluster autoscaler is doing: its health, the nodes it finds
 * unneeded (and when each becomes removable), the ones it is removing, and its latest decisions.
 * Objects named in a decision open Why?.
 */
export function NodeGroupsPanel() {
  const t = useCloudMessages();
  const cloud = useCloud();
  if (!cloud) return null;
  return (
    <section className="node-groups" aria-label={t.nodeGroups}>
      <h2 className="panel-title">{t.nodeGroups}</h2>
      <CloudProcesses />
      <ul className="ng-list">
        {cloud.groups.map((g) => (
          <NodeGroupRow key={g.name} group={g} />
        ))}
      </ul>
      <Autoscaler cloud={cloud} />
    </section>
  );
}

/** The cloud-controller-manager and the cluster-autoscaler: static pods on the control plane, stopped and started from here. */
function CloudProcesses() {
  const t = useCloudMessages();
  const cp = useControlPlane();
  if (!cp?.cloudProcesses?.length) return null;
  return (
    <p className="ca-line ng-processes">
      <span className="ca-key">{t.processes}</span>{' '}
      {cp.cloudProcesses.map((c) => (
        <button
          key={c.name}
          type="button"
          className={`svc ${c.running ? 'svc-on' : 'svc-off'}`}
          onClick={(ev) => openMenuFrom(ev, { kind: 'control-plane', component: c.name }, c.name)}
        >
          {t.processButton(c.name, c.running)}
        </button>
      ))}
    </p>
  );
}

function NodeGroupRow({ group: g }: { group: CloudView['groups'][number] }) {
  const t = useCloudMessages();
  const slots = groupSlots(g);
  return (
    <li className="ng">
      <div className="ng-head">
        <strong>{g.name}</strong> <span className="muted">{`${g.zone} · ${g.machineType}`}</span>
      </div>
      <div
        className="ng-slots"
        role="img"
        aria-label={t.groupSlots(g.name, g.min, g.target, g.max, g.instances, g.ready)}
      >
        {slots.map((s, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: slots are positions, not items
          <span key={i} className={`ng-slot slot-${s.kind}${s.belowMin ? ' slot-min' : ''}`} />
        ))}
      </div>
      <div className="ng-text">
        {t.groupBounds(g.min, g.target, g.max)} — {t.groupMachines(g.instances, g.ready)}
      </div>
      {g.health || g.scaleUp || g.backoffUntil !== undefined ? (
        <div className="ng-text muted">
          {[
            g.health ? t.health(g.health) : '',
            g.scaleUp ? t.scaleUp(g.scaleUp) : '',
            g.backoffUntil !== undefined ? t.backoff(formatTime(g.backoffUntil)) : '',
          ]
            .filter(Boolean)
            .join(' · ')}
        </div>
      ) : null}
    </li>
  );
}

function Autoscaler({ cloud }: { cloud: CloudView }) {
  const t = useCloudMessages();
  const a = cloud.autoscaler;
  const unregistered = cloud.instances.filter((i) => i.unregisteredSince !== undefined).length;
  return (
    <div className="ca">
      <h3 className="ca-title">{t.autoscaler}</h3>
      {!a.enabled ? (
        <p className="ca-line muted">{t.noAutoscaler}</p>
      ) : (
        <>
          <p className="ca-line">
            {a.running ? (a.clusterHealth ? t.clusterHealth(a.clusterHealth) : '') : t.autoscalerDown}
            {unregistered ? ` · ${t.unregistered(unregistered)}` : ''}
          </p>
          {a.unneeded.length ? (
            <p className="ca-line">
              <span className="ca-key">{t.unneeded}:</span>{' '}
              {a.unneeded.map((u) => t.removableAt(u.node, formatTime(u.removableAt))).join('; ')}
            </p>
          ) : null}
          {a.deleting.length ? (
            <p className="ca-line ca-deleting">
              <span className="ca-key">{t.deleting}:</span>{' '}
              {a.deleting.map((d) => t.deletingSince(d.node, formatTime(d.startedAt), d.drain)).join('; ')}
            </p>
          ) : null}
          {a.unremovable.length ? (
            <p className="ca-line muted">
              <span className="ca-key">{t.unremovable}:</span>{' '}
              {a.unremovable.map((u) => `${u.node} ${u.reason}`).join(', ')}
            </p>
          ) : null}
          <h4 className="ca-key ca-sub">{t.decisions}</h4>
          <Decisions cloud={cloud} />
        </>
      )}
    </div>
  );
}

function Decisions({ cloud }: { cloud: CloudView }) {
  const t = useCloudMessages();
  const shown = decisionsToShow(cloud.autoscaler.decisions);
  if (!shown.length) return <p className="ca-line muted">{t.noDecisions}</p>;
  return (
    <ol className="ca-decisions">
      {shown.map((d) => (
        <li key={`${d.at}|${d.text}`}>
          <span className="chapter-at">{formatTime(d.at)}</span>{' '}
          {d.select ? (
            <button type="button" className="ca-why" onClick={() => actions.select(d.select)}>
              {d.text}
            </button>
          ) : (
            d.text
          )}
        </li>
      ))}
    </ol>
  );
}
