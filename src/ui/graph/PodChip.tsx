import { m } from 'framer-motion';
import { memo } from 'react';
import type { PodView } from '../../sim';
import { actions } from '../../state/bridge';
import { useNow, usePod, useSim } from '../../state/hooks';
import { openMenuFrom } from '../common/menu';
import { formatCountdown } from '../common/time';
import { messages as t } from '../messages';
import { useNodePosition } from './positions';

function Countdown({ at }: { at: number }) {
  const now = useNow();
  const left = at - now;
  return <span className="chip-countdown">◷ {left > 0 ? t.evictionIn(formatCountdown(left)) : t.evictionDue}</span>;
}

function apiText(p: PodView): string {
  if (p.ghost) return '— not in API';
  return `${p.status} ${p.ready}`;
}

/** A pod with both truths: what the API says, and whether it really runs on its host. */
export const PodChip = memo(function PodChip({ podKey }: { podKey: string }) {
  const p = usePod(podKey);
  const selected = useSim((s) => s.selection?.kind === 'pod' && s.selection.key === podKey);
  const from = useNodePosition(p?.fromNode);
  const here = useNodePosition(p?.node);
  if (!p) return null;
  const kind = p.ghost
    ? 'ghost'
    : p.zombie
      ? 'zombie'
      : p.terminating
        ? 'terminating'
        : p.apiReady
          ? 'ready'
          : 'notready';
  const travel = from && here ? { x: from.x - here.x, y: from.y - here.y } : undefined;
  return (
    <m.div
      className={`chip chip-${kind}${selected ? ' is-selected' : ''}`}
      initial={travel ? { x: travel.x, y: travel.y, opacity: 0.6 } : false}
      animate={{ x: 0, y: 0, opacity: 1 }}
      transition={{ duration: 1.2, ease: 'easeInOut' }}
    >
      {/* The button covers the whole chip (stretched); its visible text is just the pod name. */}
      <button
        type="button"
        className="chip-name stretch"
        aria-label={t.podButton(p.name)}
        onClick={(ev) => {
          if (p.inApi) actions.select({ kind: 'pod', key: p.key, name: p.name, namespace: p.namespace });
          openMenuFrom(ev, { kind: 'pod', namespace: p.namespace, name: p.name }, t.podButton(p.name));
        }}
      >
        {p.name}
      </button>
      {p.staticPod ? <span className="chip-tag">{t.staticPod}</span> : null}
      <span className="chip-api">{apiText(p)}</span>
      <span className={`chip-host ${p.hostRunning ? 'host-on' : 'host-off'}`}>
        {p.hostRunning ? `▶ ${t.hostRuns}` : `■ ${t.hostNotRunning}`}
      </span>
      {p.ghost ? <span className="chip-flag">◌ {t.ghost}</span> : null}
      {p.zombie ? <span className="chip-flag">⚠ {t.zombie}</span> : null}
      {p.evictionAt !== undefined && !p.terminating ? <Countdown at={p.evictionAt} /> : null}
      {p.fromNode ? <span className="chip-from">↪ {t.replacesFrom(p.fromNode)}</span> : null}
    </m.div>
  );
});
