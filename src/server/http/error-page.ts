import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ErrorPage } from '../../components/error-page.tsx';

/** The HTML answer for a page that failed: the same status the API would give, for people. */
export function errorPageResponse(status: number, message: string, requestId: string, headers: Record<string, string> = {}): Response {
  const title = status === 503 ? 'The site is unavailable for a moment' : 'Something went wrong';
  const html = `<!DOCTYPE html>${renderToStaticMarkup(createElement(ErrorPage, { title, message, requestId }))}`;
  return new Response(html, {
    status,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
  });
}
