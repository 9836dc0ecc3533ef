export type MissingItem = 'news' | 'event';

// A shared link to an item taken down (or cut short by a messaging app) is the common way a parent
// reaches a missing page: say so, and lead to the list, instead of the hint for unknown addresses.
// A news item written for later (103) is not found until its day, and shared early it reads the
// same words: whether one is waiting is not said to strangers.
const MISSING: Record<MissingItem, { text: string; href: string; link: string }> = {
  news: {
    text: 'This news item is not on the site: it may not be published yet, it may have been taken down, or the link may have been cut short.',
    href: '/news',
    link: 'See all news',
  },
  event: {
    text: 'This event is not on the site: it may have been taken down, or the link may have been cut short.',
    href: '/events',
    link: 'See all events',
  },
};

// Without `item`, the same bytes for every unknown address, so that the page cache keeps one copy
// (no path in it).
export function NotFound({ item }: { item?: MissingItem | undefined }) {
  const missing = item ? MISSING[item] : undefined;
  return (
    <div className="mx-auto max-w-2xl px-4 py-16">
      <h1 className="text-3xl font-bold">404 Page Not Found</h1>
      <p className="mt-4 text-slate-700">
        {missing ? missing.text : 'Did you forget to add the page to the router? Nothing is served at this address.'}
      </p>
      <p className="mt-4 flex flex-wrap gap-x-6 gap-y-2">
        {missing && (
          <a className="text-accent underline" href={missing.href}>
            {missing.link}
          </a>
        )}
        <a className="text-accent underline" href="/">
          Go to the home page
        </a>
      </p>
    </div>
  );
}
