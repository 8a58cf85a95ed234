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
import { messages as t } from './messages';
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
          <main className="middle">
            <section className="graph-panel" aria-label={t.graphRegion}>
              <ClusterGraph />
              <Legend />
            </section>
            <section className="side-panel" aria-label={t.kubectlPanel}>
              <KubectlPanel />
            </section>
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
        </div>
      </LazyMotion>
    </MotionConfig>
  );
}
