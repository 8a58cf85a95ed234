import { LazyMotion, MotionConfig } from 'framer-motion';
import { useShortcuts } from '../common/useShortcuts';
import { ClusterGraph } from '../graph/ClusterGraph';
import { Transport } from '../header/Transport';
import { LessonPanel } from '../lesson/LessonPanel';
import { messages as t } from '../messages';
import './embed.css';

const loadFeatures = () => import('../motion-features').then((m) => m.default);

/** `?embed=1`: only the graph, the transport controls and the active lesson step, for iframes in slides. */
export function EmbedApp() {
  useShortcuts();
  return (
    <MotionConfig reducedMotion="user">
      <LazyMotion features={loadFeatures} strict>
        <div className="app embed">
          <header className="top">
            <Transport />
          </header>
          <div className="embed-body">
            <main className="embed-graph" aria-label={t.graphRegion}>
              <ClusterGraph />
            </main>
            <LessonPanel compact />
          </div>
        </div>
      </LazyMotion>
    </MotionConfig>
  );
}

/** Is this page embedded (`?embed=1`)? */
export function isEmbed(search = location.search): boolean {
  const v = new URLSearchParams(search).get('embed');
  return v === '1' || v === 'true';
}
