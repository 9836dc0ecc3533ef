/**
 * Every club event in a parent's own calendar, kept up to date: a subscription to the events feed
 * (docs/decisions/096). Plain links, so it works before any script and in every browser.
 */
export function CalendarSubscribe({ webcal, google }: { webcal: string; google: string }) {
  const link = 'inline-flex min-h-6 items-center text-accent underline';
  return (
    <p className="-mt-4 mb-8 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-700 print:hidden">
      <span>Every club event in your calendar, kept up to date:</span>
      <a className={link} href={webcal}>
        Subscribe (iPhone, Mac, Outlook)
      </a>
      <a className={link} href={google} target="_blank" rel="noopener noreferrer">
        Subscribe in Google Calendar
      </a>
    </p>
  );
}
