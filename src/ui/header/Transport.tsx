import { actions } from '../../state/bridge';
import { useSim } from '../../state/hooks';
import { formatTime } from '../common/time';
import { useRangeInput } from '../common/useRangeInput';
import { useMessages } from '../i18n/hooks';

/** Speed slider position (0..100) <-> speed on a log scale from 1x to about 300x. */
const SPEED_MAX_EXP = 2.5;
export const speedFromSlider = (v: number): number => Math.round(10 ** ((v / 100) * SPEED_MAX_EXP) * 10) / 10;
export const sliderFromSpeed = (s: number): number => Math.round((Math.log10(Math.max(1, s)) / SPEED_MAX_EXP) * 100);

function Clock() {
  const t = useMessages();
  const now = useSim((s) => s.clock.now);
  const end = useSim((s) => s.clock.end);
  // A big cluster's start is drawn as it runs (before 0): the clock shows the start's time.
  const bootAt = useSim((s) => (s.phase === 'loading' ? s.bootAt : undefined));
  return (
    <div className="clock-box">
      <div className="clock" role="timer" aria-label={t.simulationTime}>
        {formatTime(bootAt ?? now)}
      </div>
      <div className="clock-end">
        {bootAt !== undefined ? t.starting : end > 0 && now >= end ? t.atEnd : t.ofLength(formatTime(end))}
      </div>
    </div>
  );
}

/** Play/Pause, Step, Speed (log scale), skip-quiet and the simulated clock. */
export function Transport({ compact = false }: { compact?: boolean }) {
  const t = useMessages();
  const playing = useSim((s) => s.clock.playing);
  const speed = useSim((s) => s.clock.speed);
  const skipQuiet = useSim((s) => s.clock.skipQuiet);
  const ready = useSim((s) => s.phase === 'ready' && s.engine === 'running');
  const speedRef = useRangeInput((v) => actions.setSpeed(speedFromSlider(v)));
  return (
    <div className="transport">
      <Clock />
      <button type="button" className="btn btn-primary btn-play" onClick={actions.togglePlay} disabled={!ready}>
        <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span> {playing ? t.pause : t.play}
      </button>
      <button type="button" className="btn" onClick={actions.step} disabled={!ready} title={t.stepHint}>
        <span aria-hidden="true">▶▶</span> {t.step}
      </button>
      <label className="speed">
        <span aria-hidden="true">{compact ? '' : t.speed}</span>
        <input
          type="range"
          min={0}
          max={100}
          step={1}
          aria-label={t.speed}
          value={sliderFromSpeed(speed)}
          aria-valuetext={t.speedValue(speed)}
          ref={speedRef}
          onChange={() => {}}
        />
        <output className="speed-value">{t.speedValue(speed)}</output>
      </label>
      <label className="check" title={t.skipQuietHint}>
        <input type="checkbox" checked={skipQuiet} onChange={(e) => actions.setSkipQuiet(e.target.checked)} />
        {t.skipQuiet}
      </label>
    </div>
  );
}
