import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** Unit tests sit beside the code they test. Component tests opt into jsdom with a file comment. */
export default defineConfig({
  plugins: [react()],
  test: {
    include: ['{src,editor,admin,components-catalog,contract,server,bench,scripts}/**/*.test.{ts,tsx}'],
    environment: 'node',
    setupFiles: ['src/lib/i18n/load-catalogues-for-tests.ts'],
  },
});
