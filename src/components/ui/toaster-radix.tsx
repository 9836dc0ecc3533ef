import { useStore } from '@nanostores/react';
import * as Toast from '@radix-ui/react-toast';
import { $notices, dismissNotice, NOTICE_DURATION_MS } from './notices.ts';

/**
 * The notice region of SPEC §9: 5000 ms, swipe right 50 px to dismiss, F8 focuses it, at most
 * 420 px wide from the small breakpoint up. Mounted once per page, as an island.
 */
export function Toaster() {
  const notices = useStore($notices);
  return (
    <Toast.Provider duration={NOTICE_DURATION_MS} swipeDirection="right" swipeThreshold={50} label="Notification">
      {notices.map((notice) => (
        <Toast.Root
          key={notice.id}
          open={notice.open}
          onOpenChange={(open) => {
            if (!open) dismissNotice(notice.id);
          }}
          type={notice.variant === 'destructive' ? 'foreground' : 'background'}
          className={`notice group pointer-events-auto relative flex w-full items-start justify-between gap-3 rounded-md border p-4 pr-8 shadow-lg ${
            notice.variant === 'destructive' ? 'border-red-700 bg-red-700 text-white' : 'border-slate-200 bg-white text-slate-900'
          }`}
        >
          <div className="grid gap-1">
            <Toast.Title className="text-sm font-semibold">{notice.title}</Toast.Title>
            {notice.description && <Toast.Description className="text-sm opacity-90">{notice.description}</Toast.Description>}
            {notice.action && (
              <Toast.Action altText={notice.action.altText} asChild>
                <button
                  type="button"
                  onClick={notice.action.onAction}
                  className="mt-2 inline-flex min-h-11 w-fit items-center rounded-md border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-900 hover:bg-slate-100"
                >
                  {notice.action.label}
                </button>
              </Toast.Action>
            )}
          </div>
          <Toast.Close
            aria-label="Dismiss notification"
            className="absolute right-2 top-2 rounded p-1 opacity-80 hover:opacity-100 focus-visible:opacity-100"
          >
            <span aria-hidden="true">×</span>
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport
        hotkey={['F8']}
        className="fixed top-0 z-[100] flex max-h-screen w-full flex-col-reverse p-4 sm:bottom-0 sm:right-0 sm:top-auto sm:flex-col sm:max-w-[420px]"
      />
    </Toast.Provider>
  );
}
