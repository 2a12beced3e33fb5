import { defineConfig } from 'vitest/config';

// The fault suite needs PostgreSQL: CI's, or the local one. It never cuts that instance: each scenario
// puts a proxy of its own in front of it, or starts a Redis of its own.
process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';

export default defineConfig({
  test: {
    include: ['test/faults/**/*.fault.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 180_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Scenarios time outages and recoveries: one at a time, so they do not slow one another.
    maxWorkers: 1,
    fileParallelism: false,
    // The servers the scenarios start load the demo vocabulary, as the main suite's do (vitest.config.ts).
    env: { MESH_VOCABULARY: 'demo' },
  },
});
