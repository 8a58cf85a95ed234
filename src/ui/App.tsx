import { LazyMotion, MotionConfig } from 'framer-motion';
import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { useSim } from '../state/hooks';
import { settingsStore, textScale } from '../state/settings';
import { LazyChallengeResult, LazyChallengeStage, useChallengeOn } from './challenge/LazyChallenge';
import { ChaptersPanel } from './chapters/ChaptersPanel';
import { LazyChartPanel, prefetchChart } from './chart/LazyChartPanel';
import { ClassModeButton } from './classroom/ClassModeButton';
import { LazyClassNote, LazyClassPanel, StageSide } from './classroom/LazyClassPanel';
import { LazyNodeGroupsPanel } from './cloud/LazyNodeGroupsPanel';
import { Banner } from './common/Banner';
import { LazyActionMenu } from './common/LazyActionMenu';
import { LazyDialogs } from './common/LazyDialogs';
import { UpdatePrompt } from './common/UpdatePrompt';
import { useShortcuts } from './common/useShortcuts';
import { EventsPanel } from './events/EventsPanel';
import { LazyGallery } from './gallery/LazyGallery';
import { ClusterGraph } from './graph/ClusterGraph';
import { LanguageMenu } from './header/LanguageMenu';
import {
  ContrastToggle,
  HelpButton,
  PresenterOptions,
  PresenterToggle,
  ResetButton,
  TextSize,
} from './header/RunControls';
import { ScenarioTitle } from './header/ScenarioTitle';
import { Transport } from './header/Transport';
import { FontNotice } from './i18n/FontNotice';
import { useMessages } from './i18n/hooks';
import { KubectlPanel } from './kubectl/KubectlPanel';
import { LessonPanel } from './lesson/LazyLessonPanel';
import { LazyOverviewPanel } from './overview/LazyOverviewPanel';
import { Blackout } from './presenter/Blackout';
import { CopyResult } from './share/CopyLinkButton';
import { DropZone } from './share/DropZone';
import { LazyLinkNotice } from './share/LazyLinkNotice';
import { FileResult } from './share/ScenarioFiles';
import { ShareBar } from './share/ShareBar';
import { BottomRow } from './terminal/BottomRow';
import { Terminal } from './terminal/Terminal';
import { Timeline } from './timeline/Timeline';
import { WhyPanel } from './why/WhyPanel';

// Motion features load after first paint (keeps the main bundle small).
const loadFeatures = () => import('./motion-features').then((m) => m.default);

/** The page's text size and contrast follow the settings (root font size and a class). */
function usePageLook(present: boolean): void {
  const step = useStore(settingsStore, (s) => s.textStep);
  const contrast = useStore(settingsStore, (s) => s.highContrast);
  useEffect(() => {
    const root = document.documentElement;
    root.style.setProperty('--ui-scale', String(textScale(step)));
    root.classList.toggle('high-contrast', contrast || present);
    root.classList.toggle('presenting', present);
  }, [step, contrast, present]);
}

/** Notices about the run (imported, copied, a link refused, a run to restore): beside the graph, not above it. */
function RunNotices() {
  return (
    <div className="run-notices">
      <LazyClassNote />
      <UpdatePrompt />
      <FontNotice />
      <LazyLinkNotice />
      <FileResult />
      <CopyResult />
    </div>
  );
}

function Dialogs() {
  return (
    <>
      <LazyActionMenu />
      <LazyDialogs />
      <DropZone />
    </>
  );
}

/**
 * The graph stays mounted (hidden) for a moment after the switch to the chart: unmounting a big
 * cluster's graph takes a while, and the chart is drawn first.
 */
function useGraphMounted(stage: 'cluster' | 'chart'): boolean {
  const [mounted, setMounted] = useState(stage === 'cluster');
  useEffect(() => {
    if (stage === 'cluster') {
      setMounted(true);
      return;
    }
    const t = setTimeout(() => setMounted(false), 1000);
    return () => clearTimeout(t);
  }, [stage]);
  return stage === 'cluster' || mounted;
}

/** The main panel: the cluster graph, or the space-time chart of the run (the switch above it). */
function GraphPanel({ toolbar = true }: { toolbar?: boolean }) {
  const t = useMessages();
  const stage = useStore(settingsStore, (s) => s.stage);
  const graph = useGraphMounted(stage);
  const big = useSim((s) => s.overview !== undefined);
  useEffect(prefetchChart, []);
  return (
    <section
      id="graph"
      className={`graph-panel stage-${stage}`}
      aria-label={stage === 'chart' ? t.chartRegion : t.graphRegion}
      tabIndex={-1}
    >
      {stage === 'chart' ? <LazyChartPanel /> : null}
      {graph ? (
        <div className="graph-stage" hidden={stage === 'chart'}>
          {/* More than OVERVIEW_ABOVE_NODES machines: the overview (cards of the machines zoomed into). */}
          {big ? <LazyOverviewPanel /> : <ClusterGraph toolbar={toolbar} />}
        </div>
      ) : null}
    </section>
  );
}

/** The normal layout: header, timeline, graph beside the lesson, chapters and kubectl views, and the terminal, Why? and events below. */
function Workbench() {
  const t = useMessages();
  return (
    <>
      <header className="top">
        <div className="top-row">
          <ScenarioTitle />
          <Transport />
          <ResetButton />
        </div>
        <div className="top-row top-row-2">
          <ShareBar />
          <div className="top-spacer" />
          <ClassModeButton small short />
          <PresenterToggle />
          <TextSize />
          <LanguageMenu />
          <ContrastToggle />
          <HelpButton />
        </div>
      </header>
      <Timeline />
      <Banner />
      <main className="middle">
        <GraphPanel />
        <div className="side-panel">
          <LazyChallengeResult />
          <LazyClassPanel />
          <RunNotices />
          <LessonPanel />
          <div className="side-views">
            {/* First visit: over the chapters and kubectl views (not the lesson, not the graph). */}
            <LazyGallery />
            <ChaptersPanel />
            <section className="kubectl-scroll" aria-label={t.kubectlPanel}>
              {/* Scenarios in a cloud: the node groups and the autoscaler first, scrolling with the views. */}
              <LazyNodeGroupsPanel />
              <KubectlPanel />
            </section>
          </div>
        </div>
      </main>
      <BottomRow>
        <Terminal />
        <WhyPanel />
        <section className="events-panel" aria-label={t.eventsPanel}>
          <EventsPanel />
        </section>
      </BottomRow>
    </>
  );
}

/** Presenter mode: the graph takes the screen, at most one view beside it, the lesson under it (B: a black screen). */
function Stage() {
  return (
    <>
      <header className="top top-present">
        <ScenarioTitle compact />
        <Transport compact />
        <ResetButton />
        <PresenterOptions />
        <TextSize />
        <PresenterToggle />
        <HelpButton />
      </header>
      <Timeline compact />
      <Banner />
      <RunNotices />
      <main className="middle">
        <GraphPanel toolbar={false} />
        {/* Class mode's QR code takes the place of the view beside the graph. */}
        <StageSide />
      </main>
      <LessonPanel stage />
      <LazyGallery />
      <Blackout />
    </>
  );
}

/** The app shell: the normal workbench, or the stage in presenter mode. */
export function App() {
  const t = useMessages();
  useShortcuts();
  const present = useStore(settingsStore, (s) => s.present);
  // An unsolved challenge shows only what kubectl would (its own layout).
  const challenge = useChallengeOn();
  usePageLook(present);
  return (
    <MotionConfig reducedMotion="user">
      <LazyMotion features={loadFeatures} strict>
        <div className={`app${present ? ' app-present' : ''}`}>
          <a className="skip-link" href="#graph">
            {t.skipToGraph}
          </a>
          {challenge ? <LazyChallengeStage /> : present ? <Stage /> : <Workbench />}
          <Dialogs />
        </div>
      </LazyMotion>
    </MotionConfig>
  );
}
