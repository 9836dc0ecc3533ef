import { EMBLEM } from './site/emblem.ts';
import { NavItems } from './site/nav-links.tsx';

// The page a visitor sees when the server fails. It needs nothing from the database (which may be
// the very thing that is down), so it carries its own few styles, shaped like the site's layout:
// the header with the emblem and the five sections, the message, a way home, the footer.

const STYLE = `
body{margin:0;min-height:100vh;display:flex;flex-direction:column;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#0f172a;background:#fff}
header{border-bottom:1px solid #e2e8f0}
.bar{max-width:72rem;margin:0 auto;padding:0 1rem;min-height:4rem;display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:.5rem 1rem}
.home{display:flex;align-items:center;gap:.5rem;font-weight:700;font-size:1.125rem;color:#0f172a;text-decoration:none}
nav ul{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:.25rem}
nav a{display:block;padding:.5rem .75rem;border-radius:.375rem;font-size:.875rem;font-weight:500;color:#334155;text-decoration:none}
nav a:hover{background:#f1f5f9}
main{flex:1;width:100%;max-width:42rem;margin:0 auto;padding:4rem 1rem;box-sizing:border-box}
h1{font-size:1.875rem;margin:0 0 1rem}
p{line-height:1.6;color:#334155}
main a{color:#1e40af}
footer{background:#0f172a;color:#cbd5e1;padding:1.5rem 1rem;text-align:center;font-size:.875rem}
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
        <link rel="icon" href={EMBLEM.href} type={EMBLEM.type} />
        <style>{STYLE}</style>
      </head>
      <body>
        <header>
          <div className="bar">
            <a href="/" className="home">
              <img src={EMBLEM.href} alt="" width="40" height="40" />
              <span>Home</span>
            </a>
            <nav aria-label="Main">
              <ul>
                <NavItems linkClass={() => ''} />
              </ul>
            </nav>
          </div>
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
        <footer>Please try again in a moment.</footer>
      </body>
    </html>
  );
}
