// npm run admin -- create <username>
// npm run admin -- reset-password <username>
// The password is read from standard input (not echoed on a terminal), never from arguments,
// so it stays out of the shell history and the process list.
import { PASSWORD_MIN } from '../src/core/admins/admins.schema.ts';
import { DomainError } from '../src/core/shared/errors.ts';
import { openContext } from './open-context.ts';
import { readPassword } from './read-password.ts';

const USAGE = `Usage:
  npm run admin -- create <username>          create an administrator
  npm run admin -- reset-password <username>  set a new password and end their sessions
The password is read from standard input.`;

const [command, username, ...rest] = process.argv.slice(2);
if (!command || !username || rest.length > 0 || !['create', 'reset-password'].includes(command)) {
  console.error(USAGE);
  process.exit(2);
}

const password = await readPassword(`Password for ${username} (at least ${PASSWORD_MIN} characters): `);
if (password.length < PASSWORD_MIN) {
  console.error(`Refused: the password must be at least ${PASSWORD_MIN} characters long.`);
  process.exit(1);
}

const app = await openContext();
try {
  if (command === 'create') {
    const admin = await app.admins.create(username, password);
    console.log(`Administrator "${admin.username}" created.`);
  } else {
    await app.admins.resetPassword(username, password);
    console.log(`Password of "${username.trim().toLowerCase()}" changed; their sessions have ended.`);
  }
} catch (error) {
  console.error(error instanceof DomainError ? `Refused: ${error.message}` : error);
  process.exitCode = 1;
} finally {
  await app.close();
}
