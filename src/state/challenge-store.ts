/**
 * Whether a challenge is on (main bundle, tiny): the app shell picks the challenge layout by it.
 * The session itself (what is hidden, guesses, the score) and the verbs load with the challenge's
 * chunk (challenge.ts).
 */
import { createStore } from 'zustand/vanilla';
import type { ChallengeSession } from './challenges';

export interface ChallengeState {
  session?: ChallengeSession;
  /** The last answer checked was wrong (the panel says so until the next one). */
  lastWrong?: string;
}

/** How many challenges there are (one per fault kind in challenges.ts; a test keeps them equal). */
export const CHALLENGE_COUNT = 6;

export const challengeStore = createStore<ChallengeState>(() => ({}));

/** `?challenge=N`: a challenge to start (1-based; undefined when none or not a number of one). */
export function challengeInUrl(search: string, count: number): number | undefined {
  const v = new URLSearchParams(search).get('challenge');
  if (v === null || !/^\d{1,2}$/.test(v)) return undefined;
  const n = Number(v);
  return n >= 1 && n <= count ? n : undefined;
}
