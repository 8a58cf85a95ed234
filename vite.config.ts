import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';

/**
 * Content-Security-Policy of the production build: every script, worker, style sheet, image and
 * fetch from the app's own origin (images also from blob:, for the chart's PNG export); inline styles allowed (React style props, React Flow); no
 * plugins, no <base>. The engine worker is a module worker file from 'self' (no blob: URL).
 * Also written as a <meta> tag into the built index.html (for static hosts that send no headers);
 * frame-ancestors has no effect in a <meta> tag, so it is only in the header below.
 */
export const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "worker-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  // blob: images: the chart's PNG export draws its SVG (a blob URL) on a canvas.
  "img-src 'self' blob: data:",
  "object-src 'none'",
  "base-uri 'none'",
].join('; ');

/** Headers of `vite preview` (what a static host should send, see README). `?embed=1` may be framed by any site. */
export const SECURITY_HEADERS = {
  'Content-Security-Policy': `${CSP}; frame-ancestors *`,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

/**
 * The dev server's variant: React Refresh needs its inline preamble script and Vite's client a
 * websocket, which the production policy rightly refuses.
 */
const DEV_HEADERS = {
  ...SECURITY_HEADERS,
  'Content-Security-Policy': `${CSP.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'")}; connect-src 'self' ws: wss:; frame-ancestors *`,
};

/** Puts the CSP <meta> tag first in the built index.html (not in dev: see DEV_HEADERS). */
function cspMeta(): Plugin {
  return {
    name: 'notready-csp-meta',
    apply: 'build',
    transformIndexHtml: () => [
      { tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: CSP }, injectTo: 'head-prepend' },
    ],
  };
}

/**
 * Offline and installable (vite-plugin-pwa, Workbox): a web app manifest and a service worker
 * that precaches the app, its lazily loaded chunks, the engine workers and the built-in scenarios,
 * so a classroom without Wi-Fi can open it once and use it offline. `registerType: 'prompt'`: a new
 * version waits until the user accepts the "update available" prompt (ui/common/UpdatePrompt.tsx);
 * the page registers the worker itself, after first paint (state/offline.ts).
 */
function offline() {
  return VitePWA({
    registerType: 'prompt',
    injectRegister: false,
    includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
    manifest: {
      name: 'NotReady — Kubernetes failure playground',
      short_name: 'NotReady',
      description:
        'Break a simulated Kubernetes cluster in your browser and watch how nodes go NotReady and pods get evicted.',
      start_url: './',
      scope: './',
      display: 'standalone',
      background_color: '#1b2430',
      theme_color: '#1b2430',
      icons: [
        { src: 'icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: 'icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: 'icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg,png,json,yaml,webmanifest}'],
      // The engine worker and the big lazy chunks are over Workbox's 2 MB default only with source maps; keep room.
      maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
      navigateFallback: 'index.html',
      cleanupOutdatedCaches: true,
    },
  });
}

// One config for the app build (Vite 8 / Rolldown) and the unit tests (Vitest 4).
export default defineConfig({
  // Relative asset URLs so the production build works from any path (GitHub Pages, a subfolder, file server).
  base: './',
  plugins: [react(), cspMeta(), offline()],
  resolve: {
    alias: {
      // zustand/traditional (React Flow's stores) imports the shim for React < 18; React 19 has
      // useSyncExternalStore, and the package's own entry uses it directly (the shim's fallback
      // code leaves the first-load bundle).
      'use-sync-external-store/shim/with-selector': 'use-sync-external-store/with-selector',
    },
  },
  build: {
    // The main chunk is ~510 KB raw / ~165 KB gzip; its budget (175 KB gzip) is checked by `npm run bench`.
    chunkSizeWarningLimit: 600,
    // Every browser with module workers and the syntax we ship preloads modules itself (Chrome 66,
    // Firefox 115, Safari 17); one without just fetches a chunk when it is imported.
    modulePreload: { polyfill: false },
  },
  worker: {
    // Module workers: the engine worker may code-split or use dynamic import().
    format: 'es',
  },
  server: {
    host: '127.0.0.1',
    headers: DEV_HEADERS,
  },
  preview: {
    host: '127.0.0.1',
    port: 4173,
    headers: SECURITY_HEADERS,
  },
  test: {
    // Which files run, and how, is vitest.config.ts's (its two projects).
    environment: 'node',
    testTimeout: 60_000,
    // Vitest keeps one core for itself by default (one worker on a 2-core machine); the runner
    // only waits, so both cores run test files (the unit suite took 528 s, now 365 s, on this machine).
    maxWorkers: Math.max(2, availableParallelism()),
  },
});
