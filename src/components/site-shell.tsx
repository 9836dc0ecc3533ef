interface SiteShellProps {
  clubName: string;
  tagline: string;
  counts: { news: number; events: number; gallery: number };
}

/** The first page while the public screens are built: it states only what is true now. */
export function SiteShell({ clubName, tagline, counts }: SiteShellProps) {
  return (
    <main className="mx-auto max-w-2xl px-4 py-16">
      <h1 className="text-3xl font-bold">Welcome to {clubName}</h1>
      {tagline && <p className="mt-2 text-lg text-slate-700">{tagline}</p>}
      <p className="mt-6">
        The website is being set up. It holds {counts.news} news {counts.news === 1 ? 'item' : 'items'}, {counts.events}{' '}
        {counts.events === 1 ? 'event' : 'events'} and {counts.gallery} gallery {counts.gallery === 1 ? 'image' : 'images'}.
      </p>
      <p className="mt-4">
        Developers: the JSON API is described at{' '}
        <a className="text-blue-700 underline" href="/api/openapi.json">
          /api/openapi.json
        </a>
        .
      </p>
    </main>
  );
}
