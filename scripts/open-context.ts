import { NewerDatabaseError } from '../src/core/backup/newer-version.ts';
import { type Config, ConfigError, loadConfig } from '../src/core/config.ts';
import { openingSentence } from '../src/core/db/opening-problems.ts';
import { createContext, type AppContext } from '../src/core/context.ts';
import { createLogger } from '../src/core/logger.ts';
import { requireFolderOwner, WrongUserError } from '../src/core/shared/folder-owner.ts';

/** The application context for a command-line script; a bad configuration ends it with the message. */
export async function openContext(): Promise<AppContext> {
  let config: Config | undefined;
  try {
    config = loadConfig();
    requireFolderOwner([config.dataDir], scriptCommand());
    return await createContext(config, createLogger('warn'));
  } catch (error) {
    console.error(
      error instanceof ConfigError || error instanceof WrongUserError || error instanceof NewerDatabaseError
        ? error.message
        : (openingSentence(error, config?.database) ?? error),
    );
    process.exit(1);
  }
}

/** How this script was run, for a sentence that says how to run it instead: `npm run NAME -- ARGS`. */
export function scriptCommand(): string {
  const name = process.env.npm_lifecycle_event ?? process.argv[1]?.replace(/^.*\/|\.ts$/g, '') ?? 'the command';
  const args = process.argv.slice(2);
  return `npm run ${name}${args.length > 0 ? ` -- ${args.join(' ')}` : ''}`;
}
