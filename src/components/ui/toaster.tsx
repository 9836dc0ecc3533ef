import { useStore } from '@nanostores/react';
import { Suspense, useEffect } from 'react';
import { lazyOr } from '../lazy-or.ts';
import { $notices, dismissNotice, NOTICE_DURATION_MS } from './notices.ts';

/** Without the notice region's code: the notices as plain text, read out as they come, for as long. */
function PlainNotices() {
  const notices = useStore($notices).filter((notice) => notice.open);
  const ids = notices.map((notice) => notice.id).join();
  useEffect(() => {
    const timers = notices.map((notice) => setTimeout(() => dismissNotice(notice.id), NOTICE_DURATION_MS));
    return () => timers.forEach(clearTimeout);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per set of notices shown
  }, [ids]);
  return (
    <div role="status" className="fixed inset-x-2 bottom-2 z-50 rounded-md bg-white p-3 shadow-lg empty:hidden">
      {notices.map((notice) => (
        <p key={notice.id}>
          <strong>{notice.title}</strong> {notice.description}
        </p>
      ))}
    </div>
  );
}

// The notice region's code (Radix Toast) loads with the first notice, so pages that never
// show one never download it.
const RadixToaster = lazyOr(() => import('./toaster-radix.tsx').then((m) => m.Toaster), PlainNotices);

export function Toaster() {
  const notices = useStore($notices);
  if (notices.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <RadixToaster />
    </Suspense>
  );
}
