import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';

/** Rows drawn beyond the visible ones on each side, so a fast scroll rarely shows a blank. */
const OVERSCAN = 30;

/**
 * A long kubectl output shown whole ("Show all": 30,000 pods, 188,000 events): a scroll box that
 * draws only the rows in view (@tanstack/react-virtual), so the page stays responsive whatever the
 * length. Lines never wrap in kubectl output, so every row has the height of one line. A table's
 * header (`header` rows) stays above the rows; an event stream (`atEnd`) opens at its last line.
 */
export default function WholeText(props: {
  lines: readonly string[];
  header: number;
  atEnd: boolean;
  row: (i: number) => ReactNode;
}) {
  const { lines, header, atEnd, row } = props;
  const box = useRef<HTMLPreElement>(null);
  const [lineHeight, setLineHeight] = useState(18);
  const count = Math.max(0, lines.length - header);
  const v = useVirtualizer({
    count,
    getScrollElement: () => box.current,
    estimateSize: () => lineHeight,
    overscan: OVERSCAN,
  });
  // One line's height, as the stylesheet sets it (the text size setting changes it).
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const cs = getComputedStyle(el);
    const h = Number.parseFloat(cs.lineHeight) || Number.parseFloat(cs.fontSize) * 1.35;
    if (h > 0 && Math.abs(h - lineHeight) > 0.1) setLineHeight(h);
  }, [lineHeight]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new line height invalidates the rows' sizes
  useLayoutEffect(() => {
    v.measure();
  }, [lineHeight, v]);
  const opened = useRef(false);
  useLayoutEffect(() => {
    if (opened.current || !atEnd || count === 0) return;
    opened.current = true;
    v.scrollToIndex(count - 1, { align: 'end' });
  }, [atEnd, count, v]);
  const items = v.getVirtualItems();
  const top = items[0]?.start ?? 0;
  const bottom = v.getTotalSize() - (items[items.length - 1]?.end ?? 0);
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling output; keyboard users must reach it
    <pre ref={box} tabIndex={0} className="kview-out kview-whole">
      {header > 0 ? (
        <span className="kbody kview-whole-head">{Array.from({ length: header }, (_, i) => row(i))}</span>
      ) : null}
      <span className="kbody" style={{ paddingTop: top, paddingBottom: Math.max(0, bottom) }}>
        {items.map((it) => row(it.index + header))}
      </span>
    </pre>
  );
}
