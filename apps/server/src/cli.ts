// `node src/cli.ts admin-password <new password>`: module hooks first, then the command.
import './platform/db/drizzle-cjs.ts';

await import('./cli-commands.ts');
