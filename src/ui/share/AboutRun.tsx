import { useStore } from 'zustand';
import { ENGINE_VERSION, shareStore } from '../../state/share';
import { useShareMessages } from '../i18n/hooks';

/**
 * The facts that make a run reproducible: its scenario, how many commands ran, and the engine's
 * trace hash (the same inputs give the same hash, so two people can check they see the same run).
 */
export function AboutRun() {
  const t = useShareMessages();
  const source = useStore(shareStore, (s) => s.source);
  const commands = useStore(shareStore, (s) => s.runLog.length);
  const hash = useStore(shareStore, (s) => s.traceHash);
  const linkLength = useStore(shareStore, (s) => s.linkLength);
  return (
    <details className="about-run">
      <summary>{t.about}</summary>
      <dl>
        <dt>{t.aboutScenario}</dt>
        <dd>
          {source ? ('builtin' in source ? t.aboutBuiltin(source.builtin) : t.aboutInline(source.inline.length)) : '—'}
        </dd>
        <dt>{t.aboutCommands}</dt>
        <dd>{commands}</dd>
        <dt>{t.aboutTraceHash}</dt>
        <dd>
          <code data-testid="trace-hash" data-trace-hash={hash} title={t.aboutTraceHashHint}>
            {hash || '—'}
          </code>
        </dd>
        <dt>{t.aboutEngine}</dt>
        <dd>{ENGINE_VERSION}</dd>
        <dt>{t.aboutLinkLength}</dt>
        <dd>{linkLength ? t.aboutLinkLengthValue(linkLength) : t.notCopiedYet}</dd>
      </dl>
    </details>
  );
}
