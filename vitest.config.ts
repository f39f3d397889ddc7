import { readdirSync, readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const ROOTS = ['src', 'editor', 'admin', 'components-catalog', 'contract', 'server', 'bench', 'scripts'];
const TEST_FILE = /\.test\.tsx?$/;

/**
 * A test file that swaps a module (vi.mock), a global (vi.stubGlobal, vi.stubEnv) or its
 * environment (a `@vitest-environment` comment) would leak that into the files after it in a
 * shared worker, so it runs in a module registry of its own. Every other file shares its worker's
 * modules: importing them again for each such file was most of the unit step's time.
 */
const ISOLATING = /vi\.(mock|doMock|stubGlobal|stubEnv)\(|@vitest-environment/;

function testFiles(): string[] {
  return ROOTS.flatMap((root) =>
    readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((file) => TEST_FILE.test(file) && !file.includes('node_modules'))
      .map((file) => `${root}/${file}`),
  );
}

const isolated = testFiles().filter((file) => ISOLATING.test(readFileSync(file, 'utf8')));

/** Unit tests sit beside the code they test. Component tests opt into jsdom with a file comment. */
export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'node',
    setupFiles: ['src/lib/i18n/load-catalogues-for-tests.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ROOTS.map((root) => `${root}/**/*.test.{ts,tsx}`),
          exclude: ['**/node_modules/**', ...isolated],
          isolate: false,
        },
      },
      { extends: true, test: { name: 'isolated', include: isolated } },
    ],
  },
});
