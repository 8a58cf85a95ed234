import { useSim } from '../../state/hooks';
import { formatTime } from '../common/time';
import { useMessages } from '../i18n/hooks';

/** A time in the chain: before t=0 the cluster was still booting, never a negative time. */
function at(ms: number, whileStarting: string): string {
  return ms < 0 ? whileStarting : formatTime(ms);
}

/**
 * The causal chain behind the selected pod's or node's state: one plain sentence first, then the
 * numbered links back to the command that started it (the scenario's, or yours), with the
 * controller, rule and constant at each link.
 */
export function WhyPanel() {
  const t = useMessages();
  const why = useSim((s) => (s.selection ? s.why : undefined));
  const headline = why?.headline;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: the chain can be long; the panel scrolls and must be reachable by keyboard
    <section className="why" aria-label={t.why} tabIndex={0}>
      <h2 className="panel-title">{why ? t.whyFor(why.ref) : t.why}</h2>
      {!why ? (
        <p className="muted why-none">{t.whyNone}</p>
      ) : (
        <>
          <p className="why-headline">{headline}</p>
          {why.chain.length ? <h3 className="why-steps">{t.whySteps}</h3> : null}
          <ol className="why-chain">
            {why.chain.map((l, i) => {
              const actor = l.command !== undefined ? (l.by === 'scenario' ? t.byScenario : t.byYou) : l.actor;
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: the chain is an ordered list
                <li key={i} className={l.command ? 'why-cmd' : ''}>
                  <span className="why-at">{at(l.at, t.whileStarting)}</span> <strong>{actor}</strong>:{' '}
                  {l.command ? (
                    <>
                      {t.ran} <code>{l.command}</code>
                    </>
                  ) : (
                    l.what
                  )}
                  {l.rule ? (
                    <div className="why-detail">
                      {t.whyRule}: {l.rule}
                    </div>
                  ) : null}
                  {l.constant ? (
                    <div className="why-detail">
                      {t.whyConstant}: <code>{l.constant}</code>
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ol>
        </>
      )}
    </section>
  );
}
