import { useStore } from 'zustand';
import { describeNodeLine, EVENTS_VIEW, selectedNode } from '../../state/bridge';
import { useSim } from '../../state/hooks';
import { settingsStore } from '../../state/settings';
import { ChaptersPanel } from '../chapters/ChaptersPanel';
import { LazyNodeGroupsPanel } from '../cloud/LazyNodeGroupsPanel';
import { useMessages } from '../i18n/hooks';
import { KubectlView } from '../kubectl/KubectlView';
import { Legend } from '../legend/Legend';

/** The one view presenter mode shows beside the graph, chosen in the header (or none). */
export function PresenterSide() {
  const t = useMessages();
  const view = useStore(settingsStore, (s) => s.presenterView);
  const node = useSim(
    (s) => selectedNode(s.selection) ?? s.nodeNames.find((n) => s.nodes[n]?.role !== 'control-plane'),
  );
  const cloud = useSim((s) => s.rest.cloud !== undefined);
  // Node groups chosen in a cloud scenario, kept with the settings: nothing to show without one.
  if (view === 'none' || (view === 'node groups' && !cloud)) return null;
  return (
    <aside className="present-side" aria-label={t.besideGraph}>
      {view === 'chapters' ? (
        <ChaptersPanel />
      ) : view === 'legend' ? (
        <Legend />
      ) : view === 'node groups' ? (
        <LazyNodeGroupsPanel />
      ) : view === 'kubectl describe node' ? (
        node ? (
          <KubectlView line={describeNodeLine(node)} />
        ) : null
      ) : (
        <KubectlView line={view} follow={view === EVENTS_VIEW} />
      )}
    </aside>
  );
}
