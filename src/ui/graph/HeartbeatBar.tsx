import { memo } from 'react';
import { formatTime } from '../common/time';
import { useMessages } from '../i18n/hooks';

/** Time since the node's last Lease renewal, filling toward the node-monitor grace period. */
export const HeartbeatBar = memo(function HeartbeatBar({
  age,
  grace,
  short = false,
  height,
}: {
  age: number | undefined;
  grace: number;
  short?: boolean;
  height?: number;
}) {
  const t = useMessages();
  const frac = age === undefined ? 0 : Math.min(1, age / grace);
  const level = age === undefined ? 'none' : frac >= 1 ? 'over' : frac >= 0.5 ? 'warn' : 'ok';
  const value = age === undefined ? t.noHeartbeat : t.heartbeatValue(formatTime(age), formatTime(grace));
  return (
    <div className={`hb hb-${level}`} style={height ? { height: `${height}em` } : undefined}>
      <span className="hb-label" title={t.heartbeat}>
        {short ? <span aria-hidden="true">♥</span> : t.heartbeat}
      </span>
      {/* biome-ignore lint/a11y/useSemanticElements: a styled bar; <meter> cannot be styled the same across browsers */}
      <span
        className="hb-track"
        role="meter"
        aria-label={t.heartbeat}
        aria-valuemin={0}
        aria-valuemax={Math.round(grace / 1000)}
        aria-valuenow={age === undefined ? 0 : Math.min(Math.round(age / 1000), Math.round(grace / 1000))}
        aria-valuetext={value}
      >
        <span className="hb-fill" style={{ transform: `scaleX(${frac})` }} />
      </span>
      <span className="hb-value">
        {level === 'over' ? <span aria-hidden="true">⚠ </span> : null}
        {value}
      </span>
    </div>
  );
});
