import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { ENTITIES_FROM_THE_BROWSER } from './vite.config.ts';

export default defineConfig({
  plugins: [react()],
  // What the build decodes character references with, so the Markdown tests cover it.
  resolve: { alias: [ENTITIES_FROM_THE_BROWSER] },
  define: {
    __APP_VERSION__: JSON.stringify('0.0.0-test'),
    __BUILD_ID__: JSON.stringify('test'),
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
    // Forms typed into with userEvent take seconds when the 2-core machine is busy (CI runs the
    // server suite beside it); a slow run must not read as a failure.
    testTimeout: 15_000,
  },
});
