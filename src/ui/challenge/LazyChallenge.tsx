import { lazy, Suspense } from 'react';
import { useStore } from 'zustand';
import { challengeStore } from '../../state/challenge-store';

// The challenge's layout, panels and checks are a chunk of their own, loaded when one starts.
const Stage = lazy(() => import('./ChallengeStage').then((m) => ({ default: m.ChallengeStage })));
const Result = lazy(() => import('./ChallengeResult').then((m) => ({ default: m.ChallengeResult })));

/** An unsolved challenge is on: the app shows its layout instead of the workbench. */
export function useChallengeOn(): boolean {
  return useStore(challengeStore, (s) => s.session !== undefined && !s.session.solved);
}

export function LazyChallengeStage() {
  return (
    <Suspense fallback={null}>
      <Stage />
    </Suspense>
  );
}

/** A solved challenge: its score, over the side panel of the workbench (Why? is back below). */
export function LazyChallengeResult() {
  const solved = useStore(challengeStore, (s) => s.session?.solved !== undefined);
  if (!solved) return null;
  return (
    <Suspense fallback={null}>
      <Result />
    </Suspense>
  );
}
