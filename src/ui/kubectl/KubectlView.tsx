import { memo, useEffect, useRef, useState } from 'react';
import { useText } from '../../state/hooks';
import { messages as t } from '../messages';
import { changedLines, normalizeLine } from './diff';

/** How long a changed value stays highlighted (wall time), long enough to be seen from the back. */
const HIGHLIGHT_MS = 5000;

/**
 * A live kubectl command: a region named after the command, its output as kubectl prints it,
 * with the rows that just changed marked (a gutter arrow and a background, not colour alone).
 */
export const KubectlView = memo(function KubectlView({
  line,
  id,
  follow,
}: {
  line: string;
  id?: string;
  /** Keep the end in view (event streams grow at the bottom). */
  follow?: boolean;
}) {
  const text = useText(id ?? line);
  const changedAt = useRef(new Map<string, number>());
  const prev = useRef<string | undefined>(undefined);
  const [, force] = useState(0);
  const preRef = useRef<HTMLPreElement>(null);

  if (text !== undefined && text !== prev.current) {
    const now = performance.now();
    for (const k of changedLines(prev.current, text)) changedAt.current.set(k, now);
    prev.current = text;
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll again whenever the text grows
  useEffect(() => {
    if (follow && preRef.current) preRef.current.scrollTop = preRef.current.scrollHeight;
  }, [follow, text]);

  useEffect(() => {
    if (text === undefined) return;
    const timer = setTimeout(() => force((n) => n + 1), HIGHLIGHT_MS + 50);
    return () => clearTimeout(timer);
  }, [text]);

  const now = performance.now();
  const lines = (text ?? '').split('\n');
  return (
    <section className="kview" aria-label={line}>
      <h3 className="kview-cmd">
        <span aria-hidden="true">$ </span>
        {line}
      </h3>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: wide kubectl output scrolls; keyboard users must reach it */}
      <pre ref={preRef} tabIndex={0} className={follow ? 'kview-out follow' : 'kview-out'}>
        {text === undefined || text === ''
          ? t.noOutput
          : lines.map((l, i) => {
              const k = normalizeLine(l);
              const at = changedAt.current.get(k);
              const hot = at !== undefined && now - at < HIGHLIGHT_MS;
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: lines of a text have no other identity
                <span key={i} className={hot ? 'kline changed' : 'kline'}>
                  <span className="gutter" aria-hidden="true">
                    {hot ? '▶' : ' '}
                  </span>
                  {l}
                  {'\n'}
                </span>
              );
            })}
      </pre>
    </section>
  );
});
