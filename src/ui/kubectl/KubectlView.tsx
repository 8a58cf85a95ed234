import { lazy, memo, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { actions } from '../../state/bridge';
import { useSim, useText } from '../../state/hooks';
import { formatTime } from '../common/time';
import { useMessages } from '../i18n/hooks';
import { LineDiffer } from './diff';

/** How long a changed value stays highlighted (wall time), long enough to be seen from the back. */
const HIGHLIGHT_MS = 5000;
/**
 * Outputs longer than this many lines (3,000 pods, 18,000 events) are drawn in part: SHOWN lines
 * plus the header, with a note that says which part and a "Show all" button. Drawing every line of
 * a 2 MB text on every update is what made a large cluster unplayable; the terminal prints it all.
 */
const LONG = 250;
const SHOWN = 200;

/** A long output shown whole draws only the rows in view: a chunk loaded when first asked for. */
const WholeText = lazy(() => import('./WholeText'));

/** One output line; memoised so that an update redraws only the lines that differ. */
const KLine = memo(function KLine({ text, hot }: { text: string; hot: boolean }) {
  return (
    <span className={hot ? 'kline changed' : 'kline'}>
      <span className="gutter" aria-hidden="true">
        {hot ? '▶' : ' '}
      </span>
      {text}
      {'\n'}
    </span>
  );
});

/**
 * A live kubectl command: a region named after the command, its output as kubectl prints it,
 * with the rows that just changed marked (a gutter arrow and a background, not colour alone).
 * A long output shows its head (tables keep their header row) or, for a stream that grows at the
 * bottom (`follow`, the events), its last lines, and says so.
 */
export const KubectlView = memo(function KubectlView({
  line,
  id,
  follow,
  unit,
}: {
  line: string;
  id?: string;
  /** Keep the end in view (event streams grow at the bottom). */
  follow?: boolean;
  /** What a row is called in the "showing part" note (default: rows of a table, lines otherwise). */
  unit?: string;
}) {
  const t = useMessages();
  const text = useText(id ?? line);
  // A big cluster's long text comes in part: its whole length, to say which part is shown.
  const sentLines = useSim((s) => s.textLines[id ?? line]);
  // A long seek (a big cluster) replays for seconds: the output stays as of the time before it
  // until it lands, while the overview may already draw the target. Say which time it shows.
  const staleAt = useSim((s) => (s.seeking ? s.clock.now : undefined));
  const [showAll, setShowAllState] = useState(false);
  const setShowAll = (f: (x: boolean) => boolean) => {
    const on = f(showAll);
    setShowAllState(on);
    // The worker sends the whole text only to a view that asks for it.
    actions.showWhole(id ?? line, on);
  };
  const differ = useRef(new LineDiffer());
  const changedAt = useRef(new Map<string, number>());
  const [, force] = useState(0);

  // Split and compare once per text (not once per render). A long view compares only what it
  // draws, plus as much again (rows shift when others come and go): masking 18,000 event lines
  // on each update took 50 ms.
  const parsed = useMemo(() => {
    if (text === undefined) return undefined;
    const lines = text.split('\n');
    if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
    // Shown whole, a long output is scrolled through, not watched: no row is marked as changed
    // (comparing 188,000 event lines on each update would cost more than drawing them).
    if (lines.length > LONG && showAll) return { lines, keys: [] as string[], keysFrom: 0 };
    const partial = lines.length > LONG && !showAll;
    const from = partial && follow ? Math.max(0, lines.length - 2 * SHOWN) : 0;
    const to = partial && !follow ? Math.min(lines.length, 2 * SHOWN + 1) : lines.length;
    const keys = differ.current.update(lines.slice(from, to), partial ? (follow ? 'tail' : 'head') : 'all');
    const now = performance.now();
    const marks = changedAt.current;
    for (const [k, at] of marks) if (now - at >= HIGHLIGHT_MS) marks.delete(k);
    for (const k of keys) if (differ.current.isNew(k)) marks.set(k, now);
    return { lines, keys, keysFrom: from };
  }, [text, showAll, follow]);

  useEffect(() => {
    if (text === undefined) return;
    const timer = setTimeout(() => force((n) => n + 1), HIGHLIGHT_MS + 50);
    return () => clearTimeout(timer);
  }, [text]);

  const now = performance.now();
  const lines = parsed?.lines ?? [];
  const keys = parsed?.keys ?? [];
  const keysFrom = parsed?.keysFrom ?? 0;
  const total = sentLines ?? lines.length;
  const long = total > LONG;
  // Tables (`kubectl get`) keep their header row above the part shown.
  const header = long && line.startsWith('kubectl get') ? 1 : 0;
  let from = 0;
  let to = lines.length;
  if (long && !showAll) {
    if (follow) from = Math.max(header, lines.length - SHOWN);
    else to = header + SHOWN;
  }
  const rows = total - header;
  const what = unit ?? (header ? t.kubectlRows : t.kubectlLines);
  const row = (i: number) => {
    const key = keys[i - keysFrom];
    const at = key === undefined ? undefined : changedAt.current.get(key);
    const hot = at !== undefined && now - at < HIGHLIGHT_MS;
    // Keyed by line number: lines of a text have no other identity.
    return <KLine key={i} text={lines[i] as string} hot={hot} />;
  };
  // Shown whole, a long output is drawn by WholeText, a screenful at a time.
  const whole = long && showAll && lines.length > LONG;
  const shown: React.ReactNode[] = [];
  if (!whole) {
    if (from > 0) for (let i = 0; i < header; i++) shown.push(row(i));
    for (let i = from; i < to; i++) shown.push(row(i));
  }
  const note = long ? (
    <p className="kview-note">
      {showAll
        ? lines.length < total
          ? t.kubectlShowingMost(lines.length - header, rows, what, follow === true)
          : t.kubectlShowingAll(rows, what)
        : follow
          ? t.kubectlShowingLast(SHOWN, rows, what)
          : t.kubectlShowingFirst(SHOWN, rows, what)}{' '}
      <button type="button" className="kview-more" aria-expanded={showAll} onClick={() => setShowAll((x) => !x)}>
        {showAll ? t.kubectlShowFewer : t.kubectlShowAll}
      </button>
    </p>
  ) : null;
  return (
    <section
      className={staleAt === undefined ? 'kview' : 'kview stale'}
      aria-label={line}
      aria-busy={staleAt !== undefined}
    >
      <h3 className="kview-cmd">
        <span aria-hidden="true">$ </span>
        {line}
        {staleAt === undefined ? null : <span className="kview-stale"> {t.kubectlAsOf(formatTime(staleAt))}</span>}
      </h3>
      {follow ? note : null}
      {whole ? (
        <Suspense fallback={<pre className="kview-out">{t.noOutput}</pre>}>
          <WholeText lines={lines} header={header} atEnd={follow === true} row={row} />
        </Suspense>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: wide kubectl output scrolls; keyboard users must reach it
        <pre tabIndex={0} className={follow ? 'kview-out follow' : 'kview-out'}>
          {/* A following view is a column-reverse box: it stays at the bottom by itself, with no
              scroll position set (and no layout forced) per update. */}
          <span className="kbody">{text === undefined || text === '' ? t.noOutput : shown}</span>
        </pre>
      )}
      {follow ? null : note}
    </section>
  );
});
