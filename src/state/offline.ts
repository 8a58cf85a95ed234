/**
 * Offline use: the service worker (vite-plugin-pwa, configured in vite.config.ts) precaches the
 * app and the built-in scenarios. The page registers it once the app is up (its code is a chunk of
 * its own), and learns here when a newer version is installed and waiting: the UI then offers to
 * reload into it (ui/common/UpdatePrompt.tsx) instead of switching versions under a running class.
 */
import { createStore } from 'zustand/vanilla';

export interface OfflineState {
  /** A new version is installed and waits for the user's go. */
  updateReady: boolean;
  /** Everything is cached: the app works without a network from now on. */
  offlineReady: boolean;
}

export const offlineStore = createStore<OfflineState>(() => ({ updateReady: false, offlineReady: false }));

let applyUpdate: ((reload?: boolean) => Promise<void>) | undefined;

/** Registers the service worker (production builds, browsers that have one). */
export function registerOffline(): void {
  if (import.meta.env.DEV || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  void import('virtual:pwa-register')
    .then(({ registerSW }) => {
      applyUpdate = registerSW({
        immediate: true,
        onNeedRefresh: () => offlineStore.setState({ updateReady: true }),
        onOfflineReady: () => offlineStore.setState({ offlineReady: true }),
      });
    })
    .catch(() => {
      // No service worker (a private window, a file:// page): the app works online as before.
    });
}

/** Reloads into the waiting version (the run is in the address, so it reopens as it was). */
export function updateNow(): void {
  void applyUpdate?.(true);
}

export function dismissUpdate(): void {
  offlineStore.setState({ updateReady: false });
}
