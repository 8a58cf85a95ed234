import { type FormEvent, type KeyboardEvent, memo, useEffect, useRef, useState } from 'react';
import { actions } from '../../state/bridge';
import { useSim } from '../../state/hooks';
import type { RunEntry } from '../../worker/protocol';
import { formatTime } from '../common/time';
import { useMessages } from '../i18n/hooks';
import { foldRuns, type TermRow } from './fold';
import { useScrollFocus } from './useScrollFocus';

export const TERMINAL_INPUT_ID = 'terminal-input';

const Entry = memo(function Entry({ e, future }: { e: RunEntry; future: boolean }) {
  const t = useMessages();
  if (e.kind === 'info')
    return (
      <div className="term-line term-info">
        <pre>{e.text}</pre>
      </div>
    );
  const who = e.by === 'you' ? t.byYou : t.byScenario;
  return (
    <div className={`term-line term-cmd by-${e.by}${future ? ' is-future' : ''}`}>
      <div className="term-head">
        <span className="term-time">[{formatTime(e.at)}]</span> <span aria-hidden="true">$ </span>
        <span className="term-text">{e.text}</span>
        <span className="term-who">
          {who}
          {future ? ` · ${e.by === 'you' ? t.willReplay : t.scheduled}` : ''}
        </span>
      </div>
      {e.output && !future ? <Output text={e.output} failed={e.ok === false && !e.running} /> : null}
      {e.running && !future ? (
        <div className="term-running" role="status">
          <span className="term-spinner" aria-hidden="true" />
          {t.stillRunning}
          <button
            type="button"
            className="btn btn-small"
            aria-label={t.stopCommand(e.text.split('\n')[0] ?? e.text)}
            onClick={() => actions.command('^C')}
          >
            {t.stop}
          </button>
        </div>
      ) : null}
    </div>
  );
});

/**
 * What a command printed. A failure marks its last line (the reason), not the whole output: a
 * drain that was stopped still printed `node/node2 cordoned`, which succeeded.
 */
function Output({ text, failed }: { text: string; failed: boolean }) {
  const ref = useScrollFocus<HTMLPreElement>();
  if (!failed) return <pre ref={ref}>{text}</pre>;
  const cut = text.trimEnd().lastIndexOf('\n');
  return (
    <pre ref={ref}>
      {cut < 0 ? null : `${text.slice(0, cut)}\n`}
      <span className="term-refusal">✖ {text.slice(cut + 1)}</span>
    </pre>
  );
}

/** A run of numbered commands at one instant, as one row: the first, the last and how many. */
const Group = memo(function Group({ row, future }: { row: Extract<TermRow, { kind: 'group' }>; future: boolean }) {
  const t = useMessages();
  const who = row.first.by === 'you' ? t.byYou : t.byScenario;
  return (
    <div className={`term-line term-cmd by-${row.first.by}${future ? ' is-future' : ''}`}>
      <div className="term-head">
        <span className="term-time">[{formatTime(row.first.at)}]</span> <span aria-hidden="true">$ </span>
        <span className="term-text">
          {row.first.text} … {row.last.text}
        </span>
        <span className="term-who">
          {t.commandCount(row.count)} · {who}
          {future ? ` · ${row.first.by === 'you' ? t.willReplay : t.scheduled}` : ''}
        </span>
      </div>
    </div>
  );
});

function Rows({ entries, future }: { entries: readonly RunEntry[]; future: boolean }) {
  return (
    <>
      {foldRuns(entries).map((r) =>
        r.kind === 'entry' ? (
          <Entry key={r.entry.id} e={r.entry} future={future} />
        ) : (
          <Group key={`g${r.key}`} row={r} future={future} />
        ),
      )}
    </>
  );
}

/**
 * The run, as a terminal: the scenario's commands and the user's, each at its time with what it
 * printed; the ones after the clock greyed (still to come, or "will replay" after a rewind). Type
 * any command below; clicks in the graph show up here too.
 */
export function Terminal() {
  const t = useMessages();
  const run = useSim((s) => s.run);
  const now = useSim((s) => s.clock.now);
  const history = useSim((s) => s.commandLog);
  const hintNode = useSim((s) => terminalHint(s.nodeNames, s.nodes).node);
  const [value, setValue] = useState('');
  const [histIndex, setHistIndex] = useState(-1);
  const logRef = useRef<HTMLDivElement>(null);
  const past = run.filter((e) => e.at <= now);
  const future = run.filter((e) => e.at > now);
  // A running command (a drain) prints more as it goes: follow it.
  const lastOutput = past[past.length - 1]?.output?.length ?? 0;

  // Keep the present in view: the end of what the last command printed sits at the bottom of the
  // log (the "now" line just under it), so its output is read after Enter; what is still to come
  // is folded below and takes no room.
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when the run or the clock's place in it changes
  useEffect(() => {
    const el = logRef.current;
    const mark = el?.querySelector<HTMLElement>('.term-now');
    if (el && mark) el.scrollTop = Math.max(0, mark.offsetTop + mark.offsetHeight - el.clientHeight);
  }, [past.length, run.length, lastOutput]);

  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    actions.command(value);
    setValue('');
    setHistIndex(-1);
  };

  const running = past.some((e) => e.running);
  const onKey = (ev: KeyboardEvent<HTMLInputElement>) => {
    // Ctrl+C with nothing selected stops the running command, as in a shell (with a selection it copies).
    if (ev.ctrlKey && (ev.key === 'c' || ev.key === 'C') && running) {
      const el = ev.currentTarget;
      if (el.selectionStart === el.selectionEnd) {
        ev.preventDefault();
        actions.command('^C');
        return;
      }
    }
    if (ev.key !== 'ArrowUp' && ev.key !== 'ArrowDown') return;
    ev.preventDefault();
    const cmds = history.map((h) => h.line);
    if (!cmds.length) return;
    let i = histIndex < 0 ? cmds.length : histIndex;
    i = ev.key === 'ArrowUp' ? Math.max(0, i - 1) : i + 1;
    if (i >= cmds.length) {
      setHistIndex(-1);
      setValue('');
    } else {
      setHistIndex(i);
      setValue(cmds[i] ?? '');
    }
  };

  return (
    <section className="terminal" aria-label={t.terminal}>
      <h2 className="panel-title">{t.terminal}</h2>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable log must be reachable by keyboard */}
      <div className="term-log" ref={logRef} role="log" aria-label={t.terminal} tabIndex={0}>
        {run.length === 0 ? <p className="term-hint">{t.terminalEmpty(hintNode)}</p> : null}
        <Rows entries={past} future={false} />
        <div className="term-now" aria-hidden="true">
          <span>{t.nowMarker(formatTime(now))}</span>
        </div>
        {future.length ? (
          <details className="term-future">
            <summary className="term-future-head">{t.laterInRunCount(future.length)}</summary>
            <Rows entries={future} future />
          </details>
        ) : null}
      </div>
      <form className="term-form" onSubmit={submit}>
        <span className="term-prompt" aria-hidden="true">
          $
        </span>
        <input
          id={TERMINAL_INPUT_ID}
          className="term-input"
          aria-label={t.commandInput}
          placeholder={t.commandPlaceholder(hintNode)}
          autoComplete="off"
          spellCheck={false}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          onKeyDown={onKey}
        />
        <button type="submit" className="btn btn-small">
          {t.run}
        </button>
      </form>
    </section>
  );
}

/** A node of this scenario to name in hints: a worker if there is one (so the hint can be tried as written). */
export function terminalHint(
  names: readonly string[],
  nodes: Record<string, { role: string } | undefined>,
): { node: string } {
  const worker = names.find((n) => nodes[n]?.role !== 'control-plane');
  return { node: worker ?? names[0] ?? 'node1' };
}
