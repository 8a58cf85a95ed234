/**
 * A camera that follows the story: when a chapter happens on a node (it goes NotReady, is
 * tainted, its pods are evicted, a replacement starts elsewhere), the graph moves to that node's
 * card and back a few seconds later; instant with reduced motion. The card is also spotlit, so
 * the moment is marked even where there is nothing to zoom. The camera rests while the user pans
 * or zooms, or a menu is open, until the next chapter.
 *
 * Home: zoom 1 (the layout already chose the font that fits), centred in the pane; for large
 * clusters (an overview of small cards) zoomed to fit.
 */
import { useReactFlow, type Viewport } from '@xyflow/react';
import { useCallback, useEffect, useRef } from 'react';
import { createStore } from 'zustand/vanilla';
import { settingsStore } from '../../state/settings';
import { simStore } from '../../state/store';
import type { Density } from './card-metrics';
import type { Layout } from './layout';

/** How long the camera stays on a node after its last chapter (wall ms). */
export const CAMERA_HOLD_MS = 2800;
const MOVE_MS = 700;
const MAX_ZOOM_IN = 1.35;

/** The card spotlit by the camera, if any. */
export const spotlightStore = createStore<{ node?: string }>(() => ({}));

function reducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export function homeViewport(
  layout: Layout | undefined,
  box: { width: number; height: number } | undefined,
  density: Density,
): Viewport {
  if (!layout || !box || layout.width === 0) return { x: 0, y: 0, zoom: 1 };
  // Only the overview of a large cluster shrinks to fit; readable cards stay at zoom 1 and pan.
  const zoom =
    density === 'large' ? Math.max(0.2, Math.min(1, box.width / layout.width, box.height / layout.height)) : 1;
  return {
    x: Math.max(0, (box.width - layout.width * zoom) / 2),
    y: Math.max(0, (box.height - layout.height * zoom) / 2),
    zoom,
  };
}

export function useCamera(
  layout: Layout | undefined,
  box: { width: number; height: number } | undefined,
  density: Density,
) {
  const rf = useReactFlow();
  const home = useRef<Viewport>(homeViewport(layout, box, density));
  const away = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const resting = useRef(false);
  const programmatic = useRef(0);

  const setView = useCallback(
    (v: Viewport, animate: boolean) => {
      programmatic.current = performance.now();
      void rf.setViewport(v, animate && !reducedMotion() ? { duration: MOVE_MS } : undefined);
    },
    [rf],
  );

  const goHome = useCallback(
    (animate = false) => {
      clearTimeout(away.current);
      away.current = undefined;
      spotlightStore.setState({ node: undefined });
      setView(home.current, animate);
    },
    [setView],
  );

  // A new layout or pane size: the home view moves with it (no animation).
  useEffect(() => {
    home.current = homeViewport(layout, box, density);
    resting.current = false;
    goHome(false);
  }, [layout, box, density, goHome]);

  // Follow the chapters as the clock passes them (not when a seek or a load jumps over them);
  // after a rewind, the chapters this future already showed happen again as it replays.
  useEffect(() => {
    let epoch = simStore.getState().epoch;
    let seen = simStore.getState().clock.now;
    return simStore.subscribe((s) => {
      const now = s.clock.now;
      if (s.epoch !== epoch || now < seen) {
        epoch = s.epoch;
        seen = now;
        return;
      }
      if (now === seen) return;
      const from = seen;
      seen = now;
      const passed = s.chapters.filter((c) => c.node && c.at > from && c.at <= now);
      const c = passed[passed.length - 1];
      if (!c?.node || !layout || !box || density === 'large') return;
      if (!settingsStore.getState().follow || s.menu) return;
      const card = layout.placed.find((p) => p.name === c.node);
      if (!card) return;
      spotlightStore.setState({ node: card.name });
      resting.current = false;
      // Close enough to read from the back: the card's width fills most of the pane. A node's
      // state (NotReady, a taint) is at the top of its card; pods (evicted, replaced) lower down.
      const zoom = Math.max(1.15, Math.min(MAX_ZOOM_IN, (box.width * 0.9) / card.width));
      const cx = card.x + card.width / 2;
      const podsMatter = c.kind === 'evict' || c.kind === 'replace';
      const cy = podsMatter
        ? card.y + card.height / 2
        : card.y + Math.min(card.height / 2, box.height / (2 * zoom) - 4);
      setView({ x: box.width / 2 - cx * zoom, y: box.height / 2 - cy * zoom, zoom }, true);
      clearTimeout(away.current);
      away.current = setTimeout(() => {
        if (!resting.current) goHome(true);
        else spotlightStore.setState({ node: undefined });
      }, CAMERA_HOLD_MS);
    });
  }, [layout, box, density, setView, goHome]);

  useEffect(() => () => clearTimeout(away.current), []);

  /** The user panned or zoomed: the camera rests until the next chapter. */
  const onUserMove = useCallback((ev: MouseEvent | TouchEvent | null) => {
    if (ev && performance.now() - programmatic.current > 50) resting.current = true;
  }, []);

  return { initial: home.current, home: () => goHome(true), onUserMove };
}
