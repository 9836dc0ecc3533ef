import { atom } from 'nanostores';

/** SPEC §4 and §9: one notice at a time; a dismissed one leaves the DOM after this long. */
const NOTICE_LIMIT = 1;
export const NOTICE_DURATION_MS = 5000;
const NOTICE_REMOVE_DELAY_MS = 1_000_000;

export interface Notice {
  id: number;
  title: string;
  description?: string;
  variant: 'default' | 'destructive';
  open: boolean;
  /** One button in the notice, such as 'Undo' after a delete. */
  action?: NoticeAction;
}

export interface NoticeAction {
  label: string;
  /** What a screen reader user is told to do instead (Radix announces it). */
  altText: string;
  onAction: () => void;
}

/** Told to the window with each notice: the notice region's island hydrates on it (client:ondemand). */
export const NOTICE_EVENT = 'club:notice';

/** Shared by every island of a page and by the admin app, through one nanostore. */
export const $notices = atom<Notice[]>([]);

let nextId = 1;
const removalTimers = new Map<number, ReturnType<typeof setTimeout>>();

export function notify(notice: { title: string; description?: string; variant?: Notice['variant']; action?: NoticeAction }): number {
  const id = nextId++;
  const entry: Notice = { id, title: notice.title, variant: notice.variant ?? 'default', open: true };
  if (notice.description !== undefined) entry.description = notice.description;
  if (notice.action !== undefined) entry.action = notice.action;
  $notices.set([entry, ...$notices.get()].slice(0, NOTICE_LIMIT));
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(NOTICE_EVENT));
  return id;
}

export function dismissNotice(id: number): void {
  $notices.set($notices.get().map((n) => (n.id === id ? { ...n, open: false } : n)));
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      $notices.set($notices.get().filter((n) => n.id !== id));
    }, NOTICE_REMOVE_DELAY_MS),
  );
}
