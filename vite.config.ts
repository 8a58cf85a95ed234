import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// One config for the app build (Vite 8 / Rolldown) and the unit tests (Vitest 4).
export default defineConfig({
  // Relative asset URLs so the production build works from any path (GitHub Pages, a subfolder, file server).
  base: './',
  plugins: [react()],
  build: {
    // The main chunk is ~510 KB raw / ~165 KB gzip; its budget (175 KB gzip) is checked by `npm run bench`.
    chunkSizeWarningLimit: 600,
  },
  worker: {
    // Module workers: the engine worker may code-split or use dynamic import().
    format: 'es',
  },
  server: {
    host: '127.0.0.1',
  },
  preview: {
    host: '127.0.0.1',
    port: 4173,
  },
  test: {
    include: ['src/**/*.test.ts', 'bench/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
  },
});
