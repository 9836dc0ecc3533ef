import { z } from 'zod';
import { formatBytes } from '../shared/bytes.ts';

/**
 * Below this share of its disk free, a disk is nearly full: the dashboard says so and the server
 * logs it hourly, while there is still room to act (docs/decisions/052). A share rather than a
 * size, so that a 10 GB host and a 1 TB one are both told at 90 % used.
 */
export const DISK_LOW_FRACTION = 0.1;

/**
 * New photos never take the last of this share of their disk: what is left stays for saving text,
 * the database's own growth and the day's backup (a stranger's script or years of photos fill it
 * otherwise, and then nothing at all can be saved; docs/decisions/057).
 */
export const DISK_PHOTO_RESERVE_FRACTION = 0.05;

/** The answer to an upload that would eat into that reserve. */
export const NO_ROOM_FOR_PHOTOS =
  "The server's disk is nearly full, so no more photos can be added: the room left is kept for saving text and for backups. Tell whoever runs the site.";

/** What is kept on the server's own disks, named for the people who read the warning. */
const HOLDINGS = ['the database', 'photos', 'backups'] as const;
export type Holding = (typeof HOLDINGS)[number];

export const diskSpaceSchema = z.object({
  /** What it holds: 'the database', 'photos', 'backups'. */
  holds: z.array(z.enum(HOLDINGS)),
  freeBytes: z.number(),
  totalBytes: z.number(),
  /** Less than DISK_LOW_FRACTION of it free. */
  low: z.boolean(),
});
export type DiskSpace = z.output<typeof diskSpaceSchema>;

/** 'the database, photos, and backups': what a disk holds, in a sentence. */
export const holdingsText = (holds: Holding[]): string => new Intl.ListFormat('en', { type: 'conjunction' }).format(holds);

/** The dashboard's sentence for a nearly full disk. */
export function diskLowMessage(disk: DiskSpace): string {
  return `The server's disk is nearly full: ${formatBytes(disk.freeBytes)} left of ${formatBytes(disk.totalBytes)} (it holds ${holdingsText(disk.holds)}). When it is full, nothing can be saved and no backup taken: tell whoever runs the site.`;
}
