import { m } from 'framer-motion';
import { memo } from 'react';
import { useStore } from 'zustand';
import { actions } from '../../state/bridge';
import { useNow, usePod, useSim } from '../../state/hooks';
import { lensStore } from '../../state/lens';
import { openMenuFrom } from '../common/menu';
import { formatCountdown } from '../common/time';
import { useMessages } from '../i18n/hooks';
import { chipParts, podKind, shortPodName } from './card-lines';
import type { Density } from './card-metrics';
import { useNodePosition } from './positions';

/**
 * Time left until the taint-eviction controller deletes the pod (its NoExecute toleration ends).
 * Its own component: only chips with a countdown follow the clock (3,000 chips must not).
 */
function Countdown({ at }: { at: number }) {
  const t = useMessages();
  const now = useNow();
  const left = at - now;
  const text = left > 0 ? formatCountdown(left) : t.evictionDue;
  return (
    <span className="chip-countdown" title={left > 0 ? t.evictionIn(text) : t.evictionDue}>
      ◷ {text}
    </span>
  );
}

/** A pod with both truths: what the API says, and whether it really runs on its host. */
export const PodChip = memo(function PodChip({ podKey, density }: { podKey: string; density: Density }) {
  const t = useMessages();
  const p = usePod(podKey);
  const selected = useSim((s) => s.selection?.kind === 'pod' && s.selection.key === podKey);
  const from = useNodePosition(p?.fromNode);
  const here = useNodePosition(p?.node);
  const apiOnly = useStore(lensStore, (s) => s.apiOnly);
  if (!p) return null;
  const kind = podKind(p);
  const short = density === 'presenter';
  const name = short ? shortPodName(p) : { lead: '', own: p.name };
  const travel = from && here ? { x: from.x - here.x, y: from.y - here.y } : undefined;
  const parts = chipParts(p, density);
  const title = [
    p.name,
    `${p.status} ${p.ready}`,
    apiOnly ? '' : p.hostRunning ? t.hostRuns : t.hostNotRunning,
    p.fromNode ? t.replacesFrom(p.fromNode) : '',
  ]
    .filter(Boolean)
    .join('; ');
  return (
    <m.div
      className={`chip chip-${kind}${selected ? ' is-selected' : ''}`}
      initial={travel ? { x: travel.x, y: travel.y, opacity: 0.6 } : false}
      animate={{ x: 0, y: 0, opacity: 1 }}
      transition={{ duration: 1.2, ease: 'easeInOut' }}
      title={title}
    >
      {/* The button covers the whole chip (stretched); its visible text is (part of) the pod name. */}
      <span className="chip-name">
        {short && name.lead ? (
          <span className="chip-lead" aria-hidden="true">
            {name.lead}
          </span>
        ) : null}
        <button
          type="button"
          className="stretch"
          aria-label={t.podButton(p.name)}
          onClick={(ev) => {
            if (p.inApi) actions.select({ kind: 'pod', key: p.key, name: p.name, namespace: p.namespace });
            openMenuFrom(ev, { kind: 'pod', namespace: p.namespace, name: p.name }, t.podButton(p.name));
          }}
        >
          {name.own}
        </button>
      </span>
      <span className="chip-line">
        {parts.map((x) =>
          x.kind === 'countdown' && p.evictionAt !== undefined ? (
            <Countdown key="countdown" at={p.evictionAt} />
          ) : (
            <span
              key={x.kind + x.text}
              className={`chip-${x.kind}${x.kind === 'host' ? (p.hostRunning ? ' host-on' : ' host-off') : ''}`}
            >
              {x.text}
            </span>
          ),
        )}
      </span>
    </m.div>
  );
});
