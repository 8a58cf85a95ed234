/**
 * The recovery scoreboard (sim/story/scoreboard.ts): per fault, how long after it each step of
 * the recovery came; per workload, how long it had fewer Ready replicas than desired. The same
 * words as the CLI's `--scoreboard`. With `other`, a comparison: both sides in each cell.
 */
import type { Scoreboard as Board, FaultScore, WorkloadScore } from '../../sim';
import { formatSpan, SCORE_STEPS, stepAfter } from '../../sim/story/scoreboard';
import { formatTime } from '../common/time';
import { useMessages } from '../i18n/hooks';
import { useChartMessages } from './useChartMessages';
import './scoreboard.css';

function StepCell({ f, step }: { f: FaultScore; step: (typeof SCORE_STEPS)[number][0] }) {
  const t = useChartMessages();
  const at = f[step];
  const text = stepAfter(f, step);
  return (
    <td
      className={at === undefined ? 'sb-none' : undefined}
      title={at === undefined ? t.notYet : t.afterFault(text, formatTime(at))}
    >
      {text === '-' ? '–' : text}
      {step === 'evicted' && f.evictedPods > 1 ? ` (${f.evictedPods})` : ''}
    </td>
  );
}

function WorkloadRows({ list, other }: { list: WorkloadScore[]; other?: WorkloadScore[] | undefined }) {
  return (
    <>
      {list.map((w) => {
        const o = other?.find((x) => x.name === w.name);
        return (
          <tr key={w.name}>
            <th scope="row">{w.name}</th>
            <td>{w.desired}</td>
            <td>{o ? `${w.lowest} / ${o.lowest}` : w.lowest}</td>
            <td>{o ? `${formatSpan(w.below)} / ${formatSpan(o.below)}` : formatSpan(w.below)}</td>
          </tr>
        );
      })}
    </>
  );
}

export function Scoreboard({ board, other, names }: { board: Board; other?: Board; names?: { a: string; b: string } }) {
  const t = useChartMessages();
  return (
    <section className="scoreboard" aria-label={t.scoreboard}>
      <h3>{t.scoreboard}</h3>
      {board.faults.length === 0 ? (
        <p className="sb-empty">{t.noFaults}</p>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a table that scrolls sideways must be reachable by keyboard
        <section className="table-scroll" tabIndex={0} aria-label={t.faults}>
          <table className="sb-table">
            <thead>
              <tr>
                <th scope="col">{t.fault}</th>
                <th scope="col">{t.at}</th>
                {names ? <th scope="col">{t.comparison}</th> : null}
                {SCORE_STEPS.map(([k, words]) => (
                  <th scope="col" key={k}>
                    {words}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {board.faults.map((f, i) => {
                const g = other?.faults[i];
                return <FaultRows key={`${f.at}-${f.label}`} f={f} g={g} names={names} />;
              })}
            </tbody>
          </table>
        </section>
      )}
      {board.workloads.length ? (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a table that scrolls sideways must be reachable by keyboard
        <section className="table-scroll" tabIndex={0} aria-label={t.workloads}>
          <table className="sb-table sb-workloads">
            <caption>
              {t.workloads}
              {names ? ` (${names.a} / ${names.b})` : ''}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t.workload}</th>
                <th scope="col">{t.desired}</th>
                <th scope="col">{t.fewestReady}</th>
                <th scope="col">{t.shortFor}</th>
              </tr>
            </thead>
            <tbody>
              <WorkloadRows list={board.workloads} other={other?.workloads} />
            </tbody>
          </table>
        </section>
      ) : null}
    </section>
  );
}

function FaultRows({
  f,
  g,
  names,
}: {
  f: FaultScore;
  g: FaultScore | undefined;
  names: { a: string; b: string } | undefined;
}) {
  const m = useMessages();
  const t = useChartMessages();
  const many = f.nodes ? <span className="sb-many">{t.firstOfNodes(f.nodes)}</span> : null;
  if (!names || !g)
    return (
      <tr>
        <th scope="row">
          {m.chapterLabel(f.label)}
          {many}
        </th>
        <td>{formatTime(f.at)}</td>
        {SCORE_STEPS.map(([k]) => (
          <StepCell key={k} f={f} step={k} />
        ))}
      </tr>
    );
  return (
    <>
      <tr>
        <th scope="row" rowSpan={2}>
          {m.chapterLabel(f.label)}
          {many}
        </th>
        <td rowSpan={2}>{formatTime(f.at)}</td>
        <td className="sb-side">A</td>
        {SCORE_STEPS.map(([k]) => (
          <StepCell key={k} f={f} step={k} />
        ))}
      </tr>
      <tr>
        <td className="sb-side">B</td>
        {SCORE_STEPS.map(([k]) => (
          <StepCell key={k} f={g} step={k} />
        ))}
      </tr>
    </>
  );
}
