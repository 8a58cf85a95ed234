import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

const CI = Boolean(process.env.CI);
// E2E_PORT lets two checkouts run their e2e tests side by side (each serves its own build).
const PORT = Number(process.env.E2E_PORT ?? 4173);
const BASE_URL = `http://127.0.0.1:${PORT}`;

// Use Debian's Chromium when present (no browser download on this machine kind; never run
// `npx playwright install`). CHROMIUM_PATH overrides; if neither exists, Playwright's own browser is used.
const SYSTEM_CHROMIUM = '/usr/bin/chromium';
const executablePath = process.env.CHROMIUM_PATH ?? (existsSync(SYSTEM_CHROMIUM) ? SYSTEM_CHROMIUM : undefined);

export default defineConfig({
  testDir: 'e2e',
  // Two workers on a 2-core machine: a test spends most of its time waiting on the page (a lesson
  // playing at 10x, a seek, a reload), not on the CPU (one worker kept about half a core busy), so
  // two workers nearly halve the wall time. Nothing is shared between them but the preview
  // server: each test has its own browser context (storage, service worker, BroadcastChannel),
  // downloads go to Playwright's own folders and written files to mkdtemp folders, no test opens
  // a port, and none relies on another test's state. No test times the app; its waits are
  // timeouts with room for a machine busy with other work. A file stays on one worker
  // (fullyParallel: false) unless a describe says otherwise (mode: 'parallel', for loops over
  // built-ins split into one test each).
  fullyParallel: false,
  workers: 2,
  forbidOnly: CI,
  retries: CI ? 1 : 0,
  // A test's own budget, not a speed check: on a machine busy with other work (three CPU-bound
  // processes on two cores) an accessibility scan or a replay takes three times as long.
  timeout: 90_000,
  // The JSON report feeds the suite's closing line (scripts/test-summary.mjs).
  reporter: [[CI ? 'line' : 'list'], ['json', { outputFile: 'reports/e2e.json' }]],
  use: {
    baseURL: BASE_URL,
    // Recording a trace costs every test its snapshots (26 readability tests: 138 s with
    // retain-on-failure, 101 s without, on one worker): on CI only the retry of a failed test
    // records one; locally a failing test keeps its trace.
    trace: CI ? 'on-first-retry' : 'retain-on-failure',
    // No service worker but in offline.spec.ts (which allows it and checks what it caches): the
    // app registers one on every fresh context, and its precache of the whole build cost each
    // test ~2 s of CPU (6.1-8.0 s per app open with it, 3.9-4.9 s without, Chromium's processes
    // summed), which on two cores was a fifth of the e2e suite's wall time.
    serviceWorkers: 'block',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          ...(executablePath ? { executablePath } : {}),
          args: ['--disable-gpu', '--disable-quic', '--disable-sync', '--disable-background-networking'],
        },
      },
    },
  ],
  // Tests run against the production build, served by `vite preview`.
  webServer: {
    command: `npx vite build && npx vite preview --host 127.0.0.1 --port ${PORT} --strictPort`,
    url: BASE_URL,
    reuseExistingServer: !CI,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
