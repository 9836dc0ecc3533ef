// npm run admin -- create <username>
// npm run admin -- reset-password <username>
// npm run admin -- two-step-off <username>
// npm run admin -- restore <username>
// The password is read from standard input (not echoed on a terminal), never from arguments,
// so it stays out of the shell history and the process list.
import { PASSWORD_MIN, restoredAdminMessage } from '../src/core/admins/admins.schema.ts';
import { DomainError } from '../src/core/shared/errors.ts';
import { openContext } from './open-context.ts';
import { readPassword } from './read-password.ts';

const USAGE = `Usage:
  npm run admin -- create <username>          create an administrator
  npm run admin -- reset-password <username>  set a new password and end their sessions
  npm run admin -- two-step-off <username>    turn off their two-step sign-in (a lost phone)
  npm run admin -- restore <username>         put back an administrator removed in the last 30 days
The password is read from standard input.`;

const [command, username, ...rest] = process.argv.slice(2);
if (!command || !username || rest.length > 0 || !['create', 'reset-password', 'two-step-off', 'restore'].includes(command)) {
  console.error(USAGE);
  process.exit(2);
}

let password = '';
if (command === 'create' || command === 'reset-password') {
  password = await readPassword(`Password for ${username} (at least ${PASSWORD_MIN} characters): `);
  if (password.length < PASSWORD_MIN) {
    console.error(`Refused: the password must be at least ${PASSWORD_MIN} characters long.`);
    process.exit(1);
  }
}

const app = await openContext();
/** Each change writes its line in the activity log with it (docs/decisions/062), by the server's command line. */
const commandLine = { admin: null };
try {
  if (command === 'create') {
    const admin = await app.admins.create(username, password, commandLine);
    console.log(`Administrator "${admin.username}" created.`);
  } else if (command === 'reset-password') {
    const admin = await app.admins.resetPassword(username, password, commandLine);
    console.log(`Password of "${admin.username}" changed; their sessions have ended.`);
  } else if (command === 'restore') {
    const admin = await app.admins.restoreByName(username, commandLine);
    console.log(restoredAdminMessage(admin.username));
  } else {
    const admin = await app.admins.findByUsername(username);
    if (!admin) throw new DomainError(`There is no administrator called ${JSON.stringify(username.trim().toLowerCase())}.`);
    const { message } = await app.admins.turnOffTwoStep(admin.id, null, commandLine);
    console.log(message);
  }
} catch (error) {
  console.error(error instanceof DomainError ? `Refused: ${error.message}` : error);
  process.exitCode = 1;
} finally {
  await app.close();
}
