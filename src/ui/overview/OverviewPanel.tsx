import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import {
  type ClusterOverview,
  NODE_FLAG,
  NODE_STATE,
  POD_STATE_NAMES,
  summarizeOverview,
  type ZoneSummary,
} from '../../sim';
import { actions } from '../../state/bridge';
import { useSim } from '../../state/hooks';
import { StageSwitch } from '../chart/StageSwitch';
import { formatTime } from '../common/time';
import { ClusterGraph } from '../graph/ClusterGraph';
import { useBoxSize } from '../graph/useBoxSize';
import { useMessages } from '../i18n/hooks';
import type { Translation } from '../i18n/types';
import { drawOverview } from './draw';
import { type Camera, cameraForZone, clampCamera, layoutOverview, machineAt, zoneHeaderAt, zoomAt } from './layout';
import { useOverviewMessages } from './messages';
import './overview.css';

/**
 * A cluster of more than OVERVIEW_ABOVE_NODES machines: the zones as a table (the accessible
 * summary: nodes Ready, NotReady, tainted, pods by state), and the overview on a canvas (tiles per
 * zone, pods as dots). Wheel or the buttons zoom, dragging pans, a zone's button zooms to it, and a
 * click on a tile (or a name typed in `Show node`) opens that machine's card (React Flow, as for a
 * small cluster), with `Back to overview` to return.
 */
export function OverviewPanel() {
  const t = useOverviewMessages();
  const o = useSim((s) => s.overview);
  const preview = useSim((s) => s.preview);
  const focus = useSim((s) => s.focus);
  const bootAt = useSim((s) => (s.phase === 'loading' ? s.bootAt : undefined));
  if (!o) return null;
  // A cluster still starting has no cards yet: the overview, as it comes up.
  if (bootAt !== undefined) return <Overview o={o} bootAt={bootAt} />;
  if (focus.length)
    return (
      <div className="overview overview-focus">
        <div className="ov-bar">
          <button type="button" className="btn" onClick={() => actions.focus([])}>
            {t.back}
          </button>
          <span>{t.showing(focus)}</span>
        </div>
        <div className="ov-cards">
          <ClusterGraph toolbar />
        </div>
      </div>
    );
  // A seek under way: the moment gone to, from the run's history, until the engine gets there.
  return preview ? <Overview o={preview} preview /> : <Overview o={o} />;
}

/**
 * `bootAt`: the cluster is still starting (a time before 0); it is drawn, but no card opens yet.
 * `preview`: `o` is a seek's target drawn from the history (the cards would be of before the seek).
 */
function Overview({ o, bootAt, preview }: { o: ClusterOverview; bootAt?: number; preview?: boolean }) {
  const t = useOverviewMessages();
  const summary = useMemo(() => summarizeOverview(o), [o]);
  const [box, size] = useBoxSize<HTMLDivElement>();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [camera, setCamera] = useState<Camera>({ scale: 1, x: 0, y: 0 });
  const [hover, setHover] = useState<number>();
  const maxPods = useMemo(() => {
    let m = 1;
    for (let i = 0; i < o.names.length; i++) m = Math.max(m, (o.podStart[i + 1] ?? 0) - (o.podStart[i] ?? 0));
    return m;
  }, [o]);
  const layout = useMemo(
    () => (size ? layoutOverview(o.zone, o.zones.length, maxPods, size.width, size.height) : undefined),
    [o.zone, o.zones.length, maxPods, size],
  );
  // One frame per change: the overview, the camera, the pointer or the size.
  useEffect(() => {
    const el = canvas.current;
    if (!el || !layout) return;
    const frame = requestAnimationFrame(() => {
      const dpr = window.devicePixelRatio || 1;
      const w = Math.round(layout.width * dpr);
      const h = Math.round(layout.height * dpr);
      if (el.width !== w || el.height !== h) {
        el.width = w;
        el.height = h;
      }
      const ctx = el.getContext('2d');
      if (!ctx) return;
      const input = { o, layout, summary, camera, dpr, words: t };
      drawOverview(ctx, hover === undefined ? input : { ...input, hover });
    });
    return () => cancelAnimationFrame(frame);
  }, [o, layout, summary, camera, hover, t]);

  const toWorld = (ev: { clientX: number; clientY: number }) => {
    const r = canvas.current?.getBoundingClientRect();
    if (!r) return { x: 0, y: 0, sx: 0, sy: 0 };
    const sx = ev.clientX - r.left;
    const sy = ev.clientY - r.top;
    return { x: (sx - camera.x) / camera.scale, y: (sy - camera.y) / camera.scale, sx, sy };
  };
  const drag = useRef<{ x: number; y: number; camera: Camera; moved: boolean }>(undefined);
  const zoomBy = (factor: number) => {
    if (!layout) return;
    setCamera((c) => clampCamera(zoomAt(c, factor, layout.width / 2, layout.height / 2), layout.width, layout.height));
  };
  const hovered = hover === undefined ? undefined : machineLine(o, hover, t);
  // Started, and replaying a link's commands to its moment: the drawing is of the start.
  const replaying = useSim((s) => (s.phase === 'loading' ? s.loadingAt : undefined));
  const main = useMessages();

  return (
    // data-at: the simulated time drawn (tests and the bench read it).
    <div className="overview" data-at={o.now}>
      {preview ? (
        <p className="ov-booting ov-preview" role="status">
          {t.preview(formatTime(o.now))}
        </p>
      ) : null}
      {bootAt === undefined ? null : (
        <p className="ov-booting" role="status">
          {replaying
            ? main.loadingAt(formatTime(replaying.at), formatTime(replaying.target))
            : t.booting(formatTime(bootAt))}
        </p>
      )}
      <ZoneTable o={o} summary={summary} onZoom={(z) => layout && setCamera(cameraForZone(layout, z))} />
      <div className="ov-bar">
        <button type="button" className="btn btn-small" onClick={() => zoomBy(1 / 1.6)}>
          {t.zoomOut}
        </button>
        <button type="button" className="btn btn-small" onClick={() => zoomBy(1.6)}>
          {t.zoomIn}
        </button>
        <button type="button" className="btn btn-small" onClick={() => setCamera({ scale: 1, x: 0, y: 0 })}>
          {t.whole}
        </button>
        {bootAt === undefined && !preview ? <ShowNode o={o} /> : null}
        <StageSwitch />
      </div>
      <div className="ov-canvas" ref={box}>
        <canvas
          ref={canvas}
          role="img"
          aria-label={t.canvasLabel(o.names.length, o.podState.length)}
          style={layout ? { width: layout.width, height: layout.height } : undefined}
          onWheel={(ev) => {
            if (!layout) return;
            const p = toWorld(ev);
            setCamera((c) =>
              clampCamera(zoomAt(c, ev.deltaY < 0 ? 1.25 : 0.8, p.sx, p.sy), layout.width, layout.height),
            );
          }}
          onPointerDown={(ev) => {
            drag.current = { x: ev.clientX, y: ev.clientY, camera, moved: false };
          }}
          onPointerMove={(ev) => {
            const d = drag.current;
            if (d && (ev.buttons & 1) === 1 && layout) {
              const dx = ev.clientX - d.x;
              const dy = ev.clientY - d.y;
              if (Math.abs(dx) + Math.abs(dy) > 4) d.moved = true;
              if (d.moved)
                setCamera(
                  clampCamera({ ...d.camera, x: d.camera.x + dx, y: d.camera.y + dy }, layout.width, layout.height),
                );
              return;
            }
            if (!layout) return;
            const p = toWorld(ev);
            const i = machineAt(layout, p.x, p.y);
            setHover((h) => (h === i ? h : i));
          }}
          onPointerLeave={() => setHover(undefined)}
          onPointerUp={(ev) => {
            const d = drag.current;
            drag.current = undefined;
            if (d?.moved || !layout) return;
            const p = toWorld(ev);
            // A zone's name (its header on the canvas) zooms to the zone, as its button in the table does.
            const zone = zoneHeaderAt(layout, p.x, p.y);
            if (zone !== undefined) {
              setCamera(cameraForZone(layout, zone));
              return;
            }
            const i = machineAt(layout, p.x, p.y);
            const name = i === undefined ? undefined : o.names[i];
            if (name && bootAt === undefined && !preview) {
              actions.focus([name]);
              actions.select({ kind: 'node', name });
            }
          }}
        />
        {hovered ? <div className="ov-tip">{hovered}</div> : null}
      </div>
      <Legend />
    </div>
  );
}

/** One line about machine i for the pointer's tip: name, state, taints, pods by state. */
function machineLine(o: ClusterOverview, i: number, t: Translation['overview']): string {
  const name = o.names[i] ?? '';
  const st = o.state[i];
  const f = o.flags[i] ?? 0;
  const state =
    st === NODE_STATE.ready
      ? 'Ready'
      : st === NODE_STATE.notReady
        ? 'NotReady'
        : st === NODE_STATE.unknown
          ? 'NotReady (Unknown)'
          : t.noNode;
  const counts = new Map<string, number>();
  for (let k = o.podStart[i] ?? 0; k < (o.podStart[i + 1] ?? 0); k++) {
    const s = t.podStates[POD_STATE_NAMES[o.podState[k] ?? 0] ?? 'ready'];
    counts.set(s, (counts.get(s) ?? 0) + 1);
  }
  const parts = [name, state];
  if (f & NODE_FLAG.off) parts.push(t.poweredOff);
  if (f & NODE_FLAG.noExecute) parts.push(t.taintedNoExecute);
  parts.push([...counts].map(([s, n]) => `${n} ${s}`).join(', ') || t.noPods);
  return `${parts.join(' · ')} — ${t.clickForCard}`;
}

/** `PartialDisruption` may break before `Disruption` when the pane is narrow. */
function breakable(state: string) {
  const i = state.indexOf('Disruption');
  if (i <= 0) return state;
  return (
    <>
      {state.slice(0, i)}
      <wbr />
      {state.slice(i)}
    </>
  );
}

function ZoneTable(props: { o: ClusterOverview; summary: ZoneSummary[]; onZoom: (z: number) => void }) {
  const t = useOverviewMessages();
  return (
    <div className="ov-zones-wrap">
      <table className="ov-zones">
        <caption>{t.zonesCaption(props.o.names.length, props.o.podState.length, props.o.unscheduled)}</caption>
        <thead>
          <tr>
            <td colSpan={6} />
            <th scope="colgroup" colSpan={POD_STATE_NAMES.length} className="ov-pods-head">
              {t.pods}
            </th>
          </tr>
          <tr>
            <th scope="col">{t.zone}</th>
            <th scope="col">{t.zoneState}</th>
            <th scope="col">{t.nodes}</th>
            <th scope="col">Ready</th>
            <th scope="col">NotReady</th>
            <th scope="col">{t.tainted}</th>
            {POD_STATE_NAMES.map((s) => (
              <th scope="col" key={s} aria-label={`${t.pods} ${t.podColumns[s]}`}>
                {t.podColumns[s]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.summary.map((z, i) => (
            <tr key={z.zone} className={z.notReady ? 'ov-zone-bad' : undefined}>
              <th scope="row">
                <button type="button" className="ov-zone-btn" onClick={() => props.onZoom(i)}>
                  {z.zone || t.noZone}
                </button>
              </th>
              <td className="ov-zone-state">{breakable(z.zoneState ?? '—')}</td>
              <td>{z.nodes}</td>
              <td>{z.ready}</td>
              <td>{z.notReady + z.noNode}</td>
              <td>{z.tainted}</td>
              {POD_STATE_NAMES.map((s) => (
                <td key={s}>{z.pods[s]}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The keyboard's way to a machine's card: its name, then Show. */
function ShowNode({ o }: { o: ClusterOverview }) {
  const t = useOverviewMessages();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    const name = value.trim();
    if (!o.names.includes(name)) {
      setError(t.unknownNode(name));
      return;
    }
    setError(undefined);
    actions.focus([name]);
    actions.select({ kind: 'node', name });
  };
  return (
    <form className="ov-show" onSubmit={submit}>
      <label>
        {t.showNode}{' '}
        <input
          value={value}
          onChange={(e) => setValue(e.target.value)}
          placeholder={o.names[1] ?? ''}
          spellCheck={false}
          aria-invalid={error ? true : undefined}
        />
      </label>
      <button type="submit" className="btn btn-small">
        {t.show}
      </button>
      {error ? (
        <span className="ov-error" role="alert">
          {error}
        </span>
      ) : null}
    </form>
  );
}

function Legend() {
  const t = useOverviewMessages();
  return (
    <ul className="ov-legend" aria-label={t.legend}>
      <li>
        <span className="ov-key ov-key-ready" /> {t.keyReady}
      </li>
      <li>
        <span className="ov-key ov-key-notready" /> {t.keyNotReady}
      </li>
      <li>
        <span className="ov-key ov-key-tainted" /> {t.keyTainted}
      </li>
      <li>
        <span className="ov-key ov-key-off" /> {t.keyOff}
      </li>
      <li>{t.keyPods}</li>
    </ul>
  );
}
