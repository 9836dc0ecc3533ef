// The page a visitor sees when the server fails. It needs nothing from the database (which may be
// the very thing that is down), so it carries its own few styles instead of the site's layout.

const STYLE = `
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#0f172a;background:#f8fafc}
header{background:#1e3a8a;color:#fff;padding:1rem}
header a{color:#fff;font-weight:700;text-decoration:none}
main{max-width:42rem;margin:0 auto;padding:4rem 1rem}
h1{font-size:1.875rem;margin:0 0 1rem}
p{line-height:1.6;color:#334155}
main a{color:#1e40af}
`;

export interface ErrorPageProps {
  title: string;
  message: string;
  requestId: string;
}

export function ErrorPage({ title, message, requestId }: ErrorPageProps) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{title}</title>
        <style>{STYLE}</style>
      </head>
      <body>
        <header>
          <a href="/">Home</a>
        </header>
        <main>
          <h1>{title}</h1>
          <p>{message}</p>
          <p>
            <a href="/">Go to the home page</a>
          </p>
          <p>
            <small>Reference: {requestId}</small>
          </p>
        </main>
      </body>
    </html>
  );
}
