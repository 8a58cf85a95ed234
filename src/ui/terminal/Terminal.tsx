import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { actions } from '../../state/bridge';
import { useSim } from '../../state/hooks';
import { formatTime } from '../common/time';
import { messages as t } from '../messages';

export const TERMINAL_INPUT_ID = 'terminal-input';

/** Type any command of the command language; clicks in the graph show up here too. */
export function Terminal() {
  const lines = useSim((s) => s.terminal);
  const history = useSim((s) => s.commandLog);
  const [value, setValue] = useState('');
  const [histIndex, setHistIndex] = useState(-1);
  const logRef = useRef<HTMLDivElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when new lines arrive
  useEffect(() => {
    const el = logRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [lines]);

  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    actions.command(value);
    setValue('');
    setHistIndex(-1);
  };

  const onKey = (ev: KeyboardEvent<HTMLInputElement>) => {
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
        {lines.length === 0 ? <p className="term-hint">{t.terminalEmpty}</p> : null}
        {lines.map((l) => (
          <div key={l.id} className={`term-line term-${l.kind}`}>
            {l.kind === 'input' ? (
              <>
                <span className="term-time">[{formatTime(l.at)}]</span> <span aria-hidden="true">$ </span>
                {l.text}
              </>
            ) : (
              <pre>{l.kind === 'refusal' ? `✖ ${l.text}` : l.text}</pre>
            )}
          </div>
        ))}
      </div>
      <form className="term-form" onSubmit={submit}>
        <span className="term-prompt" aria-hidden="true">
          $
        </span>
        <input
          id={TERMINAL_INPUT_ID}
          className="term-input"
          aria-label={t.commandInput}
          placeholder={t.commandPlaceholder}
          autoComplete="off"
          spellCheck={false}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          onKeyDown={onKey}
        />
        <button type="submit" className="btn">
          {t.run}
        </button>
      </form>
    </section>
  );
}
