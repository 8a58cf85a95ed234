import { useSim } from '../../state/hooks';
import { formatTime } from '../common/time';
import { messages as t } from '../messages';

/** The causal chain behind the selected pod's or node's state, back to the command that started it. */
export function WhyPanel() {
  const why = useSim((s) => (s.selection ? s.why : undefined));
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: the chain can be long; the panel scrolls and must be reachable by keyboard
    <section className="why" aria-label={t.why} tabIndex={0}>
      <h2 className="panel-title">{why ? t.whyFor(why.ref) : t.why}</h2>
      {!why ? (
        <p className="muted">{t.whyNone}</p>
      ) : (
        <>
          <p className="why-summary">{why.summary}</p>
          <ol className="why-chain">
            {why.chain.map((l, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the chain is an ordered list
              <li key={i} className={l.command ? 'why-cmd' : ''}>
                <span className="why-at">{formatTime(l.at)}</span> <strong>{l.actor}</strong>: {l.what}
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
                {l.command ? (
                  <div className="why-detail">
                    {t.whyCommand}: <code>{l.command}</code>
                  </div>
                ) : null}
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
