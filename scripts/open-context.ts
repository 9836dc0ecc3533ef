import { ConfigError, loadConfig } from '../src/core/config.ts';
import { createContext, type AppContext } from '../src/core/context.ts';
import { createLogger } from '../src/core/logger.ts';

/** The application context for a command-line script; a bad configuration ends it with the message. */
export async function openContext(): Promise<AppContext> {
  try {
    return await createContext(loadConfig(), createLogger('warn'));
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  }
}
