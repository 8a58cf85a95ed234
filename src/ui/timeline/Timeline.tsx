import { type KeyboardEvent, memo, useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { actions } from '../../state/bridge';
import { useSim } from '../../state/hooks';
import { settingsStore } from '../../state/settings';
import type { Chapter, RunEntry } from '../../worker/protocol';
import { formatTime, roughly } from '../common/time';
import { useRangeInput } from '../common/useRangeInput';
import { useBoxSize } from '../graph/useBoxSize';
import { useMessages } from '../i18n/hooks';
import { labelText, labelWidth, placeLabels } from './label-rows';

const JUMP = 30_000;
/** One arrow-key press on the timeline moves this far, however fast the presses come. */
export const ARROW_STEP = 5_000;
const PAGE_STEP = 60_000;

/** The scale of the timeline: the scenario's length; past the end (free play), as far as the clock went. */
export function timelineSpan(end: number, now: number, reached: number): number {
  const furthest = Math.max(now, reached);
  if (furthest <= end) return Math.max(end, 60_000);
  return Math.ceil((furthest * 1.05) / 60_000) * 60_000;
}

/**
 * Redrawn when the chapters, the scale or the pane change, or when the clock crosses a chapter
 * (`laterFrom`: the first one still to come), not at every tick: a big run has hundreds.
 */
const ChapterLabels = memo(function ChapterLabels({
  chapters,
  span,
  laterFrom,
}: {
  chapters: Chapter[];
  span: number;
  laterFrom: number;
}) {
  const t = useMessages();
  const [ref, box] = useBoxSize<HTMLDivElement>();
  const present = useStore(settingsStore, (s) => s.present);
  const font = present ? 15 : 11;
  const rows = 2;
  const placed = useMemo(() => {
    const w = box?.width ?? 0;
    return placeLabels(
      chapters.map((c) => ({ x: (Math.min(c.at, span) / span) * w, width: labelWidth(t.chapterLabel(c.label), font) })),
      w,
      rows,
    );
  }, [chapters, span, box, font, t]);
  return (
    // For the mouse: keyboards and screen readers have the same chapters in the Chapters list
    // (and the scrubber), so these stay out of the accessibility tree instead of doubling it.
    <div
      className="tl-labels"
      ref={ref}
      aria-hidden="true"
      style={{ height: `${rows * (font + 5)}px`, fontSize: `${font}px` }}
    >
      {chapters.map((c, i) => {
        const p = placed[i];
        const x = box ? (Math.min(c.at, span) / span) * box.width : 0;
        const future = i >= laterFrom;
        return (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: chapters can share a time and a label
            key={`${c.at}-${i}`}
            className={`tl-chapter k-${c.kind}${future ? ' is-future' : ''}`}
            style={{ left: `${x}px` }}
          >
            <button
              type="button"
              className="tl-tick"
              tabIndex={-1}
              title={t.chapterAt(t.chapterLabel(c.label), formatTime(c.at))}
              onClick={() => actions.seek(c.at)}
            />
            {p ? (
              <button
                type="button"
                className="tl-label"
                tabIndex={-1}
                style={{ top: `${p.row * (font + 5)}px`, left: `${p.left - x}px` }}
                title={t.chapterAt(t.chapterLabel(c.label), formatTime(c.at))}
                onClick={() => actions.seek(c.at)}
              >
                {p.left - x > 2 ? <span className="tl-leader" style={{ width: `${p.left - x}px` }} /> : null}
                {labelText(t.chapterLabel(c.label))}
              </button>
            ) : null}
          </div>
        );
      })}
    </div>
  );
});

/** Index of the first chapter after `now` (chapters are in time order). */
export function firstLater(chapters: readonly Chapter[], now: number): number {
  const i = chapters.findIndex((c) => c.at > now);
  return i < 0 ? chapters.length : i;
}

function CommandTicks({ run, span, now }: { run: RunEntry[]; span: number; now: number }) {
  const t = useMessages();
  return (
    <div className="tl-commands" aria-hidden="true">
      {run
        .filter((e) => e.kind === 'command')
        .map((e) => (
          <span
            key={e.id}
            className={`tl-cmd by-${e.by}${e.at > now ? ' is-future' : ''}`}
            style={{ left: `${(Math.min(e.at, span) / span) * 100}%` }}
            title={`${formatTime(e.at)} ${e.by === 'you' ? t.byYou : t.byScenario}: ${e.text}`}
          />
        ))}
    </div>
  );
}

/**
 * The whole scenario on one axis: chapters as labelled markers (click to go there), the
 * scenario's and the user's commands as ticks (later ones hollow: still to come, or "will replay"
 * after a rewind), the scenario's end, a scrubber, and jumps back and forward.
 */
/** A seek expected to take less than this (wall ms) does not say how long it has left. */
const SAY_LEFT_FROM_MS = 3000;

export function Timeline({ compact = false }: { compact?: boolean }) {
  const t = useMessages();
  const now = useSim((s) => s.clock.now);
  const reached = useSim((s) => s.clock.reached);
  const end = useSim((s) => s.clock.end);
  const chapters = useSim((s) => s.chapters);
  const run = useSim((s) => s.run);
  const span = timelineSpan(end, now, reached);
  const rangeRef = useRangeInput((v) => actions.seek(v));
  // A big cluster's seek replays minutes from a checkpoint: the clock stays until it lands.
  const seeking = useSim((s) => s.seeking);
  // While a run loads (a big cluster boots for minutes) its timeline is not known yet: a seek
  // then would aim at the placeholder's end.
  const ready = useSim((s) => s.phase === 'ready' && s.engine === 'running');
  const willReplay = run.filter((e) => e.kind === 'command' && e.by === 'you' && e.at > now).length;

  // Arrow keys move by a fixed step from where the last press aimed, not from where the clock
  // has got to: fast presses are not lost while the worker catches up.
  const aim = useRef<number | undefined>(undefined);
  const [, rerender] = useState(0);
  useEffect(() => {
    if (aim.current !== undefined && aim.current === now) aim.current = undefined;
  }, [now]);
  const onKey = (ev: KeyboardEvent<HTMLInputElement>) => {
    const from = aim.current ?? now;
    const to =
      ev.key === 'ArrowRight' || ev.key === 'ArrowUp'
        ? from + ARROW_STEP
        : ev.key === 'ArrowLeft' || ev.key === 'ArrowDown'
          ? from - ARROW_STEP
          : ev.key === 'PageUp'
            ? from + PAGE_STEP
            : ev.key === 'PageDown'
              ? from - PAGE_STEP
              : ev.key === 'Home'
                ? 0
                : ev.key === 'End'
                  ? end
                  : undefined;
    if (to === undefined) return;
    ev.preventDefault();
    aim.current = Math.max(0, Math.round(to));
    actions.seek(aim.current);
    rerender((n) => n + 1);
  };

  const shownNow = aim.current ?? now;
  return (
    <div className="timeline">
      <button
        type="button"
        className="btn btn-small"
        title={t.jumpBackLabel}
        disabled={!ready}
        onClick={() => actions.seek(Math.max(0, now - JUMP))}
      >
        <span aria-hidden="true">« </span>
        {compact ? t.jumpBackShort : t.jumpBack}
      </button>
      <div className="tl-track">
        <ChapterLabels chapters={chapters} span={span} laterFrom={firstLater(chapters, now)} />
        <div className="tl-bar">
          <CommandTicks run={run} span={span} now={now} />
          <div className="tl-reached" style={{ width: `${(Math.min(reached, span) / span) * 100}%` }} />
          {end < span ? (
            <div className="tl-end" style={{ left: `${(end / span) * 100}%` }} title={t.scenarioEnd} />
          ) : null}
          <input
            type="range"
            className="tl-range"
            aria-label={t.timeline}
            min={0}
            max={span}
            step={1000}
            value={Math.min(shownNow, span)}
            aria-valuetext={`${formatTime(shownNow)} ${t.ofLength(formatTime(end))}`}
            ref={rangeRef}
            disabled={!ready}
            onKeyDown={onKey}
            onChange={() => {}}
          />
        </div>
        {seeking ? (
          <div className="tl-seeking">
            <p role="status">
              {t.seekingTo(formatTime(seeking.target), formatTime(seeking.at))}
              {seeking.leftMs !== undefined && seeking.leftMs >= SAY_LEFT_FROM_MS
                ? ` · ${t.seekLeft(formatTime(roughly(seeking.leftMs)))}`
                : null}
            </p>
            <button type="button" className="btn btn-small" onClick={actions.stopSeek}>
              {t.stopSeek}
            </button>
          </div>
        ) : null}
        <div className="tl-scale" aria-hidden="true">
          <span>0s</span>
          <span className={seeking ? 'tl-hidden' : undefined}>{formatTime(span / 2)}</span>
          <span>{span === end ? t.endAt(formatTime(span)) : formatTime(span)}</span>
        </div>
      </div>
      <button
        type="button"
        className="btn btn-small"
        title={t.jumpForwardLabel}
        disabled={!ready}
        onClick={() => actions.seek(now + JUMP)}
      >
        {compact ? t.jumpForwardShort : t.jumpForward}
        <span aria-hidden="true"> »</span>
      </button>
      {willReplay ? (
        <button type="button" className="btn btn-small btn-warn" onClick={actions.dropFuture}>
          {t.dropLater(willReplay)}
        </button>
      ) : null}
    </div>
  );
}
