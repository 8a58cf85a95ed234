import { actions } from '../../state/bridge';
import { useSim } from '../../state/hooks';
import { formatTime } from '../common/time';
import { useRangeInput } from '../common/useRangeInput';
import { messages as t } from '../messages';

const MIN_SPAN = 10 * 60_000;
const JUMP = 30_000;
const MAX_MARKERS = 60;

/** A scrubbable timeline with command and transition markers, and jumps back and forward. */
export function Timeline() {
  const now = useSim((s) => s.clock.now);
  const reached = useSim((s) => s.clock.reached);
  const markers = useSim((s) => s.markers);
  const span = Math.max(MIN_SPAN, Math.ceil((reached * 1.1) / 60_000) * 60_000);
  const shown = markers.slice(-MAX_MARKERS);
  const rangeRef = useRangeInput((v) => actions.seek(v));
  return (
    <div className="timeline">
      <button
        type="button"
        className="btn"
        title={t.jumpBackLabel}
        onClick={() => actions.seek(Math.max(0, now - JUMP))}
      >
        <span aria-hidden="true">« </span>
        {t.jumpBack}
      </button>
      <div className="tl-track">
        <div className="tl-markers">
          {shown.map((m, i) => (
            <button
              // biome-ignore lint/suspicious/noArrayIndexKey: markers can repeat at one time
              key={`${m.at}-${i}`}
              type="button"
              className={`tl-marker tl-${m.kind}`}
              style={{ left: `${(Math.min(m.at, span) / span) * 100}%` }}
              title={`${formatTime(m.at)} ${m.label}`}
              aria-label={`${formatTime(m.at)}: ${m.label}`}
              onClick={() => actions.seek(m.at)}
            >
              {m.kind === 'command' ? '◆' : '●'}
            </button>
          ))}
          <div className="tl-reached" style={{ width: `${(Math.min(reached, span) / span) * 100}%` }} />
        </div>
        <input
          type="range"
          className="tl-range"
          aria-label={t.timeline}
          min={0}
          max={span}
          step={1000}
          value={Math.min(now, span)}
          aria-valuetext={formatTime(now)}
          ref={rangeRef}
          onChange={() => {}}
        />
        <div className="tl-scale" aria-hidden="true">
          <span>0s</span>
          <span>{formatTime(span / 2)}</span>
          <span>{formatTime(span)}</span>
        </div>
      </div>
      <button type="button" className="btn" title={t.jumpForwardLabel} onClick={() => actions.seek(now + JUMP)}>
        {t.jumpForward}
        <span aria-hidden="true"> »</span>
      </button>
    </div>
  );
}
