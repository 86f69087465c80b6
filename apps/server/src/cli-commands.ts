import { loadConfig } from './platform/config.ts';
import { lockDataDir } from './platform/db/lock.ts';
import { openDatabase } from './platform/db/open.ts';
import { resetAdminPassword } from './domains/applications/index.ts';
import { passwordProblems } from '@paraphe/contracts';

/** `node src/cli.ts admin-password <new password>`: when the administrator's password is lost. */
async function run() {
  const [command, password] = process.argv.slice(2);
  if (command !== 'admin-password' || !password) {
    console.error('Usage: npm run admin:password -w apps/server -- <new password>');
    process.exit(2);
  }
  if (passwordProblems(password).length) {
    console.error('The password needs at least 8 characters with an uppercase letter, a lowercase letter, a digit and a special character.');
    process.exit(2);
  }
  const config = loadConfig();
  const unlock = config.embedded ? lockDataDir(config.dataDir) : () => undefined;
  const database = await openDatabase(config);
  try {
    const email = await resetAdminPassword(database, password);
    console.log(`Password of ${email} changed.`);
  } finally {
    await database.close();
    unlock();
  }
}
run().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
