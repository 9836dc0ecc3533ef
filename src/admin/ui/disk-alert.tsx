import { useQuery } from '@tanstack/react-query';
import { diskLowMessage, type DiskSpace } from '../../core/disk/disk-space.schema.ts';

/**
 * On the dashboard: a word while a disk of the server is nearly full (docs/decisions/052), so the
 * volunteers can tell whoever runs the site before saves, photos and backups start failing.
 * Nothing when all is well, or when the answer does not come.
 */
export function DiskAlert() {
  const disks = useQuery<DiskSpace[]>({ queryKey: ['/api/admin/disk'], refetchOnWindowFocus: true });
  const low = (disks.data ?? []).filter((disk) => disk.low);
  if (low.length === 0) return null;
  return (
    <div role="alert" className="mb-6 space-y-1 rounded-md border border-red-300 bg-red-50 p-3 text-red-800">
      {low.map((disk) => (
        <p key={disk.holds.join()}>{diskLowMessage(disk)}</p>
      ))}
    </div>
  );
}
