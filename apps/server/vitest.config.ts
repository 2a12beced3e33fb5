import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two cores: two files at a time, each on its own database.
    maxWorkers: 2,
    // Servers and CLIs the tests start load the 665-descriptor demo vocabulary, not full MeSH (20 s
    // each); the tests of the full vocabulary ask for it themselves.
    env: { MESH_VOCABULARY: 'demo' },
  },
});
