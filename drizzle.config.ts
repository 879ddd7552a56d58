// drizzle-kit configuration: migrations are generated from db/schema and committed under db/migrations.
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './db/schema/index.ts',
  out: './db/migrations',
  casing: 'snake_case',
  strict: true,
});
