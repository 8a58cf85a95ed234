import { EVENTS_VIEW, selectedNode } from '../../state/bridge';
import { useSim, useText } from '../../state/hooks';
import { KubectlView } from '../kubectl/KubectlView';
import { messages as t } from '../messages';

function HostLogs() {
  const node = useSim((s) => selectedNode(s.selection));
  const text = useText(node ? `journal:${node}` : '');
  const name = node ? t.hostLogs(node) : t.hostLogs('…');
  const lines = (text ?? '').split('\n').filter(Boolean).slice(-30);
  return (
    <section className="kview" aria-label={name}>
      <h3 className="kview-cmd">{name}</h3>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: wide kubectl output scrolls; keyboard users must reach it */}
      <pre tabIndex={0} className="kview-out logs">
        {node ? (lines.length ? lines.join('\n') : t.noOutput) : t.hostLogsNone}
      </pre>
    </section>
  );
}

/** The events stream and the selected node's host logs. */
export function EventsPanel() {
  return (
    <div className="kpanel">
      <KubectlView line={EVENTS_VIEW} follow unit={t.kubectlEvents} />
      <HostLogs />
    </div>
  );
}
