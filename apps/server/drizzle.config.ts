import { defineConfig } from 'drizzle-kit';

// Only used by `npm run db:generate -w @faxline/server` to write SQL migrations from the schema; the server applies them.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/tables.ts',
  out: './drizzle',
  casing: 'snake_case',
});
