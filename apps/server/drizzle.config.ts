import { defineConfig } from 'drizzle-kit';

/** The platform's own tables, and each domain's tables in domains/<domain>/schema.ts; one migration history. */
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/platform/db/schema/index.ts', './src/domains/*/schema.ts'],
  out: './src/platform/db/migrations',
  entities: { roles: false },
});
