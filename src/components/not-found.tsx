// The same bytes for every unknown address, so that the page cache keeps one copy (no path in it).
export function NotFound() {
  return (
    <div className="mx-auto max-w-2xl px-4 py-16">
      <h1 className="text-3xl font-bold">404 Page Not Found</h1>
      <p className="mt-4 text-slate-700">Did you forget to add the page to the router? Nothing is served at this address.</p>
      <p className="mt-4">
        <a className="text-accent underline" href="/">
          Go to the home page
        </a>
      </p>
    </div>
  );
}
