import { defineConfig } from 'vitest/config';

/** API tests: a real server (Fastify inject) on a real database per test file. */
export default defineConfig({
  test: {
    include: ['tests/api/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/api/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    // Each file builds its own server on its own database, so the files of a worker can share their
    // modules: importing the server's module graph again for every file cost 6.5 s a file on a 2-core
    // machine, more than most files' tests. Module state a test changes (a registry) it puts back.
    isolate: false,
  },
});
