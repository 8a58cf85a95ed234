import { useEffect, useId, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { actions } from '../../state/bridge';
import { useSim } from '../../state/hooks';
import { resetRun } from '../../state/run-actions';
import {
  changeTextSize,
  PRESENTER_VIEWS,
  type PresenterView,
  setPresent,
  settingsStore,
  TEXT_STEPS,
} from '../../state/settings';
import { StageSwitch } from '../chart/StageSwitch';
import { ClassModeButton } from '../classroom/ClassModeButton';
import { SettingCheck } from '../common/SettingCheck';
import { useMessages } from '../i18n/hooks';
import { LanguageMenu } from './LanguageMenu';

export function ResetButton() {
  const t = useMessages();
  const ready = useSim((s) => s.phase !== 'loading');
  return (
    <button type="button" className="btn" onClick={() => resetRun()} disabled={!ready} title={t.resetHint}>
      <span aria-hidden="true">⟲ </span>
      {t.reset}
    </button>
  );
}

export function PresenterToggle() {
  const t = useMessages();
  const present = useStore(settingsStore, (s) => s.present);
  return (
    <button
      type="button"
      className={`btn${present ? ' is-on' : ''}`}
      aria-pressed={present}
      onClick={() => setPresent(!present)}
      title={t.presenterHint}
    >
      {t.presenterMode}
    </button>
  );
}

/** A- / A+: the text size of the whole page (persisted), never below the readable floor on the graph. */
export function TextSize() {
  const t = useMessages();
  const step = useStore(settingsStore, (s) => s.textStep);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a small toolbar of two buttons, named as a group
    <div className="text-size" role="group" aria-label={t.textSize}>
      <button
        type="button"
        className="btn btn-small"
        title={t.smallerText}
        disabled={step <= 0}
        onClick={() => changeTextSize(-1)}
      >
        A−<span className="sr-only"> {t.smallerText}</span>
      </button>
      <button
        type="button"
        className="btn btn-small"
        title={t.largerText}
        disabled={step >= TEXT_STEPS.length - 1}
        onClick={() => changeTextSize(1)}
      >
        A+<span className="sr-only"> {t.largerText}</span>
      </button>
    </div>
  );
}

export function ContrastToggle() {
  const t = useMessages();
  const on = useStore(settingsStore, (s) => s.highContrast);
  return (
    <button
      type="button"
      className={`btn btn-small${on ? ' is-on' : ''}`}
      aria-pressed={on}
      onClick={() => settingsStore.setState({ highContrast: !on })}
    >
      {t.highContrast}
    </button>
  );
}

export function HelpButton() {
  const t = useMessages();
  return (
    <button type="button" className="btn help" onClick={() => actions.toggleShortcuts()} title={t.shortcutsHint}>
      ? <span className="sr-only">{t.shortcuts}</span>
    </button>
  );
}

/**
 * Presenter mode's options, behind one button so the header stays one row: the cluster graph or
 * the space-time chart (also the C key), the one view beside it, pausing at each chapter, the
 * camera.
 */
export function PresenterOptions() {
  const t = useMessages();
  const view = useStore(settingsStore, (s) => s.presenterView);
  // The node groups view is offered in scenarios with a cloud.
  const cloud = useSim((s) => s.rest.cloud !== undefined);
  const [open, setOpen] = useState(false);
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    // Escape closes the options, as it closes a menu; focus goes back to the button.
    const onKey = (ev: KeyboardEvent) => {
      if (ev.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);
  return (
    <div className="presenter-options">
      <button
        ref={button}
        type="button"
        className="btn btn-small"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((v) => !v)}
      >
        {t.presenterOptions} <span aria-hidden="true">{open ? '▴' : '▾'}</span>
      </button>
      {open ? (
        <div className="options-panel" id={id}>
          <StageSwitch />
          <label className="select">
            <span>{t.besideGraph}</span>
            <select
              value={view}
              onChange={(e) => settingsStore.setState({ presenterView: e.target.value as PresenterView })}
            >
              {PRESENTER_VIEWS.filter((v) => v !== 'node groups' || cloud || view === v).map((v) => (
                <option key={v} value={v}>
                  {t.presenterViewName(v)}
                </option>
              ))}
            </select>
          </label>
          <SettingCheck setting="pauseAtChapters" label={t.pauseAtChapters} />
          <SettingCheck setting="follow" label={t.followStory} />
          <LanguageMenu />
          <ClassModeButton small />
        </div>
      ) : null}
    </div>
  );
}
