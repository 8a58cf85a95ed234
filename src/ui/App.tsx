import { LazyMotion, MotionConfig } from 'framer-motion';
import { actions } from '../state/bridge';
import { useSim } from '../state/hooks';
import { ActionMenu } from './common/ActionMenu';
import { Banner } from './common/Banner';
import { ScenarioPicker } from './common/ScenarioPicker';
import { ShortcutsOverlay } from './common/ShortcutsOverlay';
import { useShortcuts } from './common/useShortcuts';
import { EventsPanel } from './events/EventsPanel';
import { ClusterGraph } from './graph/ClusterGraph';
import { KubectlPanel } from './kubectl/KubectlPanel';
import { Legend } from './legend/Legend';
import { LessonPanel } from './lesson/LessonPanel';
import { messages as t } from './messages';
import { CopyResult } from './share/CopyLinkButton';
import { DropZone } from './share/DropZone';
import { LinkNotice } from './share/LinkNotice';
import { FileResult } from './share/ScenarioFiles';
import { ShareBar } from './share/ShareBar';
import { Terminal } from './terminal/Terminal';
import { Timeline } from './timeline/Timeline';
import { Transport } from './timeline/Transport';
import { WhyPanel } from './why/WhyPanel';

// Motion features load after first paint (keeps the main bundle small).
const loadFeatures = () => import('./motion-features').then((m) => m.default);

function Title() {
  const title = useSim((s) => s.title);
  const phase = useSim((s) => s.phase);
  return (
    <div className="brand">
      <h1>{t.appTitle}</h1>
      {phase === 'loading' ? <span className="scenario-title">{t.loading}</span> : null}
      <ScenarioPicker />
      {phase === 'invalid' ? <span className="scenario-title">{title}</span> : null}
    </div>
  );
}

/** The app shell: header with time controls, the graph, kubectl views, and the bottom panels. */
export function App() {
  useShortcuts();
  return (
    <MotionConfig reducedMotion="user">
      <LazyMotion features={loadFeatures} strict>
        <div className="app">
          <header className="top">
            <Title />
            <Transport />
            <ShareBar />
            <button
              type="button"
              className="btn help"
              onClick={() => actions.toggleShortcuts()}
              title={t.shortcutsHint}
            >
              ? <span className="sr-only">{t.shortcuts}</span>
            </button>
          </header>
          <Timeline />
          <Banner />
          <LinkNotice />
          <FileResult />
          <CopyResult />
          <main className="middle">
            <section className="graph-panel" aria-label={t.graphRegion}>
              <ClusterGraph />
              <Legend />
            </section>
            <div className="side-panel">
              <LessonPanel />
              <section aria-label={t.kubectlPanel}>
                <KubectlPanel />
              </section>
            </div>
          </main>
          <div className="bottom">
            <Terminal />
            <WhyPanel />
            <section className="events-panel" aria-label={t.eventsPanel}>
              <EventsPanel />
            </section>
          </div>
          <ActionMenu />
          <ShortcutsOverlay />
          <DropZone />
        </div>
      </LazyMotion>
    </MotionConfig>
  );
}
