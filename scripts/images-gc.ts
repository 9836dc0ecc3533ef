// npm run images:gc [-- --grace-minutes N]
// Removes stored image files and rows that no news item, event, gallery image or logo uses.
// Uploads younger than the grace period (60 minutes) are kept: their form may still be open.
import { ConfigError, loadConfig } from '../src/core/config.ts';
import { createContext } from '../src/core/context.ts';
import { createLogger } from '../src/core/logger.ts';

const graceArg = process.argv.indexOf('--grace-minutes');
const graceMinutes = graceArg === -1 ? 60 : Number(process.argv[graceArg + 1]);
if (!Number.isFinite(graceMinutes) || graceMinutes < 0) {
  console.error('Usage: npm run images:gc [-- --grace-minutes N]');
  process.exit(2);
}

let config;
try {
  config = loadConfig();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
const app = await createContext(config, createLogger('warn'));
try {
  const { removedImages, removedFiles } = await app.images.collectGarbage(graceMinutes * 60_000);
  console.log(`Removed ${removedImages.length} unused image(s) and ${removedFiles.length} file(s).`);
  for (const key of removedFiles) console.log(`  ${key}`);
} finally {
  await app.close();
}
