import { useState } from 'react';
import { RestoreAdministrator } from '../restore-administrator.tsx';

/**
 * Beside 'Restore all' on one administrator's activity: the administrators they removed who can
 * still be put back (docs/decisions/125). 'Restore all' leaves them, since each put-back asks for
 * the password; named here so that a stranger's removals are not missed among their lines.
 */
export function RemovalsToPutBack({ adminName, removals }: { adminName: string; removals: { id: string; username: string }[] }) {
  const [asking, setAsking] = useState<string | null>(null);
  const count = removals.length === 1 ? '1 administrator who' : `${removals.length} administrators who`;
  return (
    <div className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3">
      <p className="text-slate-800">
        {adminName} removed {count} can still be put back, each as they were. &lsquo;Restore&rsquo; asks for your password.
      </p>
      <ul className="mt-2 divide-y divide-amber-200">
        {removals.map((admin) => (
          <li key={admin.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span className="break-words font-semibold">{admin.username}</span>
            <RestoreAdministrator admin={admin} asking={asking === admin.id} onAsking={(on) => setAsking(on ? admin.id : null)} />
          </li>
        ))}
      </ul>
    </div>
  );
}
