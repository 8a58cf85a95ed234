import { useState } from 'react';
import { EVENTS_VIEW, selectedNode } from '../../state/bridge';
import { useSim, useText } from '../../state/hooks';
import { useMessages } from '../i18n/hooks';
import { KubectlView } from '../kubectl/KubectlView';

type HostView = 'journal' | 'status';

/** The selected node's host: `journalctl -u kubelet` or `systemctl status kubelet`, as printed there. */
function HostLogs() {
  const t = useMessages();
  const node = useSim((s) => selectedNode(s.selection));
  const [view, setView] = useState<HostView>('journal');
  const text = useText(node ? `${view}:${node}` : '');
  const name = node ? t.hostView(view, node) : t.hostView(view, '…');
  const lines = (text ?? '').split('\n').filter(Boolean);
  const shown = view === 'journal' ? lines.slice(-30) : lines;
  return (
    <section className="kview" aria-label={name}>
      <h3 className="kview-cmd host-tabs">
        {(['journal', 'status'] as const).map((v) => (
          <button key={v} type="button" aria-pressed={view === v} onClick={() => setView(v)}>
            {t.hostView(v, node ?? '…')}
          </button>
        ))}
      </h3>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: wide host output scrolls; keyboard users must reach it */}
      <pre tabIndex={0} className="kview-out logs">
        {node ? (shown.length ? shown.join('\n') : t.noOutput) : t.hostLogsNone}
      </pre>
    </section>
  );
}

/** The events stream and the selected node's host logs. */
export function EventsPanel() {
  const t = useMessages();
  return (
    <div className="kpanel">
      <KubectlView line={EVENTS_VIEW} follow unit={t.kubectlEvents} />
      <HostLogs />
    </div>
  );
}
