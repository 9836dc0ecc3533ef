import { useStore } from '@nanostores/react';
import { lazy, Suspense } from 'react';
import { $notices } from './notices.ts';

// The notice region's code (Radix Toast) loads with the first notice, so pages that never
// show one never download it.
const RadixToaster = lazy(() => import('./toaster-radix.tsx').then((m) => ({ default: m.Toaster })));

export function Toaster() {
  const notices = useStore($notices);
  if (notices.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <RadixToaster />
    </Suspense>
  );
}
