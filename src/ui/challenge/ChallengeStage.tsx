import { EventsPanel } from '../events/EventsPanel';
import { ClusterGraph } from '../graph/ClusterGraph';
import { Transport } from '../header/Transport';
import { useMessages } from '../i18n/hooks';
import { KubectlPanel } from '../kubectl/KubectlPanel';
import { ChallengePanel } from './ChallengePanel';
import { ChallengeTerminal } from './ChallengeTerminal';
import './challenge.css';

/**
 * The layout while a challenge is unsolved: what kubectl shows and nothing else. No timeline (its
 * markers and chapters would show the fault's moment), no chapters, no space-time chart, no Why?,
 * the scenario's commands left out of the terminal; the graph under the kubectl lens.
 */
export function ChallengeStage() {
  const t = useMessages();
  return (
    <>
      <header className="top">
        <div className="top-row">
          <Transport />
        </div>
      </header>
      <main className="middle challenge-middle">
        <section id="graph" className="graph-panel stage-cluster" aria-label={t.graphRegion} tabIndex={-1}>
          <div className="graph-stage">
            <ClusterGraph toolbar={false} />
          </div>
        </section>
        <div className="side-panel">
          <ChallengePanel />
          <section className="kubectl-scroll" aria-label={t.kubectlPanel}>
            <KubectlPanel />
          </section>
        </div>
      </main>
      <div className="bottom challenge-bottom">
        <ChallengeTerminal />
        <section className="events-panel" aria-label={t.eventsPanel}>
          <EventsPanel />
        </section>
      </div>
    </>
  );
}
