// npm run admin -- create <username>
// npm run admin -- reset-password <username>
// npm run admin -- two-step-off <username>
// The password is read from standard input (not echoed on a terminal), never from arguments,
// so it stays out of the shell history and the process list.
import type { ActivityAction } from '../src/core/activity/activity.schema.ts';
import { PASSWORD_MIN } from '../src/core/admins/admins.schema.ts';
import { DomainError } from '../src/core/shared/errors.ts';
import { openContext } from './open-context.ts';
import { readPassword } from './read-password.ts';

const USAGE = `Usage:
  npm run admin -- create <username>          create an administrator
  npm run admin -- reset-password <username>  set a new password and end their sessions
  npm run admin -- two-step-off <username>    turn off their two-step sign-in (a lost phone)
The password is read from standard input.`;

const [command, username, ...rest] = process.argv.slice(2);
if (!command || !username || rest.length > 0 || !['create', 'reset-password', 'two-step-off'].includes(command)) {
  console.error(USAGE);
  process.exit(2);
}

let password = '';
if (command !== 'two-step-off') {
  password = await readPassword(`Password for ${username} (at least ${PASSWORD_MIN} characters): `);
  if (password.length < PASSWORD_MIN) {
    console.error(`Refused: the password must be at least ${PASSWORD_MIN} characters long.`);
    process.exit(1);
  }
}

const app = await openContext();
/** The activity log's line for what was just done (docs/decisions/049); a failure to write it undoes nothing. */
const note = (action: ActivityAction, target: { id: string; username: string }) =>
  app.activity
    .record({ admin: null }, { action, subject: { kind: 'administrator', id: target.id, label: target.username } })
    .catch((error: unknown) => console.error('Done, but the activity log could not be written:', error));
try {
  if (command === 'create') {
    const admin = await app.admins.create(username, password);
    await note('added', admin);
    console.log(`Administrator "${admin.username}" created.`);
  } else if (command === 'reset-password') {
    const admin = await app.admins.resetPassword(username, password);
    await note('set-password', admin);
    console.log(`Password of "${admin.username}" changed; their sessions have ended.`);
  } else {
    const admin = await app.admins.findByUsername(username);
    if (!admin) throw new DomainError(`There is no administrator called "${username.trim().toLowerCase()}".`);
    const { message } = await app.admins.turnOffTwoStep(admin.id, null);
    await note('turned-off-two-step', admin);
    console.log(message);
  }
} catch (error) {
  console.error(error instanceof DomainError ? `Refused: ${error.message}` : error);
  process.exitCode = 1;
} finally {
  await app.close();
}
