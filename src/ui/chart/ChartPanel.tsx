/**
 * The space-time chart panel: the chart of the run so far (or a comparison), the recovery
 * scoreboard, and the same facts as a table (`What happened when`). A toolbar starts a
 * comparison and exports the chart for slides (SVG, PNG, 16:9).
 */
import { type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { useSim } from '../../state/hooks';
import { settingsStore } from '../../state/settings';
import { formatTime } from '../common/time';
import { useBoxSize } from '../graph/useBoxSize';
import { useMessages } from '../i18n/hooks';
import { foldRuns } from '../terminal/fold';
import { CompareDialog } from './CompareDialog';
import { ComparisonView } from './ComparisonView';
import { downloadPng, downloadSvg } from './export';
import { Scoreboard } from './Scoreboard';
import { type Marker, SpaceTimeChart } from './SpaceTimeChart';
import { StageSwitch } from './StageSwitch';
import { useChartMessages } from './useChartMessages';
import { WhatHappenedWhen } from './WhatHappenedWhen';
import './chart.css';

const firstLine = (text: string) => text.split('\n')[0] ?? text;

/**
 * The commands as markers. A run of numbered commands at one instant (a zone's `network cut c1` …
 * `network cut c1666`) is one marker, folded as the terminal folds it (terminal/fold.ts): 1,666
 * labels were pushed along the axis as if they had run at other times.
 */
function useMarkers(): Marker[] {
  const run = useSim((s) => s.run);
  const t = useMessages();
  return useMemo(
    () =>
      foldRuns(run.filter((e) => e.kind === 'command' && e.ok !== false)).map((row): Marker => {
        if (row.kind === 'entry') {
          const e = row.entry;
          return { at: e.at, text: firstLine(e.text), by: e.by === 'you' ? 'you' : 'scenario' };
        }
        const text = `${firstLine(row.first.text)} … ${firstLine(row.last.text)}`;
        return {
          at: row.first.at,
          text,
          by: row.first.by === 'you' ? 'you' : 'scenario',
          title: `${formatTime(row.first.at)} $ ${text} · ${t.commandCount(row.count)}`,
        };
      }),
    [run, t],
  );
}

function CompareStatus({ onRetry }: { onRetry: () => void }) {
  const t = useChartMessages();
  const c = useSim((s) => s.compare);
  if (!c || c.state === 'done') return null;
  if (c.state === 'running')
    return (
      <span className="compare-status" role="status">
        {t.comparing(formatTime(c.at), formatTime(c.target))}
      </span>
    );
  return (
    <span className="compare-status compare-error" role="alert">
      {t.compareFailed(c.message)}{' '}
      <button type="button" className="btn btn-small" onClick={onRetry}>
        {t.compareAgain}
      </button>
    </span>
  );
}

/**
 * With "follow the story" on, the chart scrolls to the lane of the node the latest chapter is
 * about (a projector shows a few lanes at a time).
 */
function useFollowLane(box: RefObject<HTMLDivElement | null>, enabled: boolean): void {
  const node = useSim((s) => {
    for (let i = s.chapters.length - 1; i >= 0; i--) {
      const c = s.chapters[i];
      if (c && c.at <= s.clock.now && c.node) return c.node;
    }
    return undefined;
  });
  useEffect(() => {
    const el = box.current;
    if (!enabled || !el || !node) return;
    const lane = el.querySelector(`svg.st-chart [data-node="${CSS.escape(node)}"]`);
    if (!(lane instanceof SVGGraphicsElement)) return;
    const top = lane.getBoundingClientRect().top - el.getBoundingClientRect().top + el.scrollTop;
    const height = lane.getBoundingClientRect().height;
    if (top >= el.scrollTop && top + height <= el.scrollTop + el.clientHeight) return;
    el.scrollTo({ top: Math.max(0, top - el.clientHeight * 0.15), behavior: 'smooth' });
  }, [node, enabled, box]);
}

export function ChartPanel() {
  const t = useChartMessages();
  const [boxRef, size] = useBoxSize<HTMLDivElement>();
  const data = useSim((s) => s.chart);
  const scoreboard = useSim((s) => s.scoreboard);
  const title = useSim((s) => s.title);
  const compare = useSim((s) => s.compare);
  const present = useStore(settingsStore, (s) => s.present);
  const step = useStore(settingsStore, (s) => s.textStep);
  const markers = useMarkers();
  const follow = useStore(settingsStore, (s) => s.follow);
  useFollowLane(boxRef, follow && compare?.state !== 'done');
  const [dialog, setDialog] = useState<string[] | false>(false);
  const chartRef = useRef<HTMLDivElement>(null);
  // The chart's text size follows the page's (A-/A+, presenter mode): read from the panel's CSS.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-read when the size settings change
  const em = useMemo(() => {
    const el = boxRef.current;
    return el ? Number.parseFloat(getComputedStyle(el).fontSize) || 14 : 14;
  }, [size, present, step]);
  const width = Math.max(320, (size?.width ?? 0) - 2);
  const svg = () => chartRef.current?.querySelector('svg.st-chart') as SVGSVGElement | null;
  const changes = compare?.state === 'done' ? compare.comparison.changes : compare?.changes;
  return (
    <div className="chart-panel">
      <div className="chart-toolbar">
        <StageSwitch />
        <button type="button" className="btn btn-small" onClick={() => setDialog(changes ?? [])}>
          {t.compare}
        </button>
        <button
          type="button"
          className="btn btn-small"
          disabled={!data}
          onClick={() => {
            const el = svg();
            if (el) downloadSvg(el, t.chartOf(title));
          }}
        >
          {t.exportSvg}
        </button>
        <button
          type="button"
          className="btn btn-small"
          disabled={!data}
          onClick={() => {
            const el = svg();
            if (el) void downloadPng(el, t.chartOf(title));
          }}
        >
          {t.exportPng}
        </button>
        <CompareStatus onRetry={() => setDialog(changes ?? [])} />
      </div>
      <div className="chart-scroll" ref={boxRef}>
        <div ref={chartRef}>
          {compare?.state === 'done' ? (
            <ComparisonView
              comparison={compare.comparison}
              width={width}
              em={em}
              markers={markers}
              onCompareAgain={() => setDialog(compare.comparison.changes)}
            />
          ) : data && size ? (
            <SpaceTimeChart data={data} width={width} em={em} markers={markers} label={t.chartOf(title)} />
          ) : (
            <p className="chart-wait">{t.chart}…</p>
          )}
        </div>
        {compare?.state !== 'done' && scoreboard ? <Scoreboard board={scoreboard} /> : null}
        <WhatHappenedWhen />
      </div>
      {dialog !== false ? <CompareDialog initial={dialog} onClose={() => setDialog(false)} /> : null}
    </div>
  );
}
