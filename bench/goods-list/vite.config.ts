import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The goods-list bench page, built for production apart from the app (bench/goods-list/goods-list-bench.ts runs this). */
const here = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  root: here,
  base: './',
  plugins: [react()],
  publicDir: false,
  logLevel: 'warn',
  build: {
    outDir: process.env.BENCH_PAGES_OUT_DIR ?? path.join(here, 'dist'),
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 4000,
    rolldownOptions: { input: { 'goods-list': path.join(here, 'goods-list.html') } },
  },
});
