// The server's entry point (`node apps/server/src/main.ts`): module hooks first, then the application.
import './platform/db/drizzle-cjs.ts';

await import('./start.ts');
