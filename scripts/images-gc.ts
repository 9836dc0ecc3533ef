// npm run images:gc [-- --grace-minutes N]
// Removes stored image files and rows that no news item, event, gallery image or logo uses.
// Uploads younger than the grace period (60 minutes) are kept: their form may still be open.
import { openContext } from './open-context.ts';

const graceArg = process.argv.indexOf('--grace-minutes');
const graceMinutes = graceArg === -1 ? 60 : Number(process.argv[graceArg + 1]);
if (!Number.isFinite(graceMinutes) || graceMinutes < 0) {
  console.error('Usage: npm run images:gc [-- --grace-minutes N]');
  process.exit(2);
}

const app = await openContext();
try {
  const { removedImages, removedFiles } = await app.images.collectGarbage(graceMinutes * 60_000);
  console.log(`Removed ${removedImages.length} unused image(s) and ${removedFiles.length} file(s).`);
  for (const key of removedFiles) console.log(`  ${key}`);
} finally {
  await app.close();
}
