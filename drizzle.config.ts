import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./server/db/schema.ts', './server/areas/*/tables.ts'],
  out: './server/db/migrations',
});
