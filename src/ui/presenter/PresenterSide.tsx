import { useStore } from 'zustand';
import { describeNodeLine, EVENTS_VIEW, selectedNode } from '../../state/bridge';
import { useSim } from '../../state/hooks';
import { settingsStore } from '../../state/settings';
import { ChaptersPanel } from '../chapters/ChaptersPanel';
import { LazyNodeGroupsPanel } from '../cloud/LazyNodeGroupsPanel';
import { graphNeedStore } from '../graph/graph-need';
import { useMessages } from '../i18n/hooks';
import { KubectlView } from '../kubectl/KubectlView';
import { Legend } from '../legend/Legend';

/** The side view's left border (app.css `.present-side`), in px. */
const SIDE_BORDER = 4;

/** The one view presenter mode shows beside the graph, chosen in the header (or none). */
export function PresenterSide() {
  const t = useMessages();
  const view = useStore(settingsStore, (s) => s.presenterView);
  const node = useSim(
    (s) => selectedNode(s.selection) ?? s.nodeNames.find((n) => s.nodes[n]?.role !== 'control-plane'),
  );
  const cloud = useSim((s) => s.rest.cloud !== undefined);
  // Node groups chosen in a cloud scenario, kept with the settings: nothing to show without one.
  const need = useStore(graphNeedStore, (s) => s.width);
  if (view === 'none' || (view === 'node groups' && !cloud)) return null;
  // Narrower than its designed third when the graph needs the room (down to 14em): a view beside
  // the graph never covers a card; its tables scroll sideways instead.
  const style =
    need === undefined ? undefined : { flexBasis: `clamp(14em, calc(100% - ${need + SIDE_BORDER}px), 34%)` };
  return (
    <aside className="present-side" aria-label={t.besideGraph} style={style}>
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
