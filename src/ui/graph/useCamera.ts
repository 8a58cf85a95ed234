/**
 * A camera that follows the story: when a chapter happens on a node (it goes NotReady, is
 * tainted, its pods are evicted, a replacement starts elsewhere), the graph moves to that node's
 * card and back a few seconds later; instant with reduced motion. It frames the whole card with
 * every other node's name and status, closer only when all of that fits (camera-frame.ts). The card is also spotlit, so
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
import { chapterViewport, homeViewport } from './camera-frame';
import type { Density } from './card-metrics';
import type { Layout } from './layout';

/** How long the camera stays on a node after its last chapter (wall ms). */
export const CAMERA_HOLD_MS = 2800;
const MOVE_MS = 700;

/** The card spotlit by the camera, if any. */
export const spotlightStore = createStore<{ node?: string }>(() => ({}));

function reducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
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
      // The card whole, and every other node's name and status still in view (camera-frame.ts).
      const view = chapterViewport(layout, box, c.node, home.current);
      if (!view) return;
      spotlightStore.setState({ node: c.node });
      resting.current = false;
      setView(view, true);
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
