import { type FormEvent, useEffect, useRef, useState } from 'react';
import { actions } from '../../state/bridge';
import { useSim } from '../../state/hooks';
import { formatTime } from '../common/time';
import { useChallengeMessages } from './useChallengeMessages';

/**
 * The challenge's terminal: the learner's own commands and what they printed. The scenario's
 * commands (the hidden fault among them) are not listed, nor the future.
 */
export function ChallengeTerminal() {
  const t = useChallengeMessages();
  const mine = useSim((s) => s.run).filter((e) => e.kind === 'command' && e.by === 'you');
  const [value, setValue] = useState('');
  const log = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll to the newest output when one comes
  useEffect(() => {
    const el = log.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [mine.length, mine[mine.length - 1]?.output]);
  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    actions.command(value);
    setValue('');
  };
  return (
    <section className="terminal" aria-label={t.terminal}>
      <h2 className="panel-title">{t.terminal}</h2>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable log must be reachable by keyboard */}
      <div className="term-log" ref={log} role="log" aria-label={t.terminal} tabIndex={0}>
        {mine.length === 0 ? <p className="term-hint">{t.noCommands}</p> : null}
        {mine.map((e) => (
          <div key={e.id} className="term-line">
            <div className="term-head">
              <span className="term-time">[{formatTime(e.at)}]</span> <span className="term-text">$ {e.text}</span>
            </div>
            {e.output ? <pre>{e.output}</pre> : null}
          </div>
        ))}
      </div>
      <form className="term-form" onSubmit={submit}>
        <span className="term-prompt" aria-hidden="true">
          $
        </span>
        <input
          className="term-input"
          aria-label={t.command}
          placeholder="kubectl get nodes"
          autoComplete="off"
          spellCheck={false}
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
        <button type="submit" className="btn btn-small">
          {t.run}
        </button>
      </form>
    </section>
  );
}
