import type { BackupStatus } from '../types.ts';

// The lines of the Backups card on the Settings screen.

/**
 * How the server backs up by itself. A disk too small for BACKUP_KEEP backups keeps fewer: the
 * oldest go to make room for the day's one (docs/decisions/145), so the site reaches back fewer
 * days than the card would otherwise promise.
 */
export function dailyBackups(status: Pick<BackupStatus, 'daily' | 'hour' | 'keep' | 'roomFor'>): string {
  if (!status.daily) return 'The server does not take backups by itself: download one now and then, and keep it somewhere safe.';
  const taken = `The server takes one every day at ${String(status.hour).padStart(2, '0')}:00 and keeps the newest ${status.keep}.`;
  if (status.roomFor === null) return taken;
  return `${taken} Its disk has room for only ${status.roomFor}, so the oldest are removed sooner: whoever runs the site can give it a larger disk, or set BACKUP_KEEP lower.`;
}
