import { LinkifyIt } from 'linkify-it';
import { Fragment, type ReactNode } from 'react';

// Web and e-mail addresses in plain text (event descriptions, locations, the information pages)
// become links: http(s) written out in full, and e-mail addresses. linkify-it finds them;
// ftp:, protocol-relative //… and schemeless www.… are switched off, and every link's scheme is
// checked again, so no other scheme (javascript:, data:…) can ever become a link.
const linkify = new LinkifyIt({ fuzzyLink: false, fuzzyEmail: true, fuzzyIP: false }).add('ftp:', null).add('//', null);
const ALLOWED = new Set(['http:', 'https:', 'mailto:']);

function safeHref(url: string): string | null {
  try {
    return ALLOWED.has(new URL(url).protocol) ? url : null;
  } catch {
    return null;
  }
}

export function LinkifiedText({ text }: { text: string }): ReactNode {
  const matches = linkify.match(text);
  if (!matches) return text;
  const parts: ReactNode[] = [];
  let at = 0;
  for (const match of matches) {
    const href = safeHref(match.url);
    if (!href) continue;
    if (match.index > at) parts.push(text.slice(at, match.index));
    const external = !href.startsWith('mailto:');
    parts.push(
      <a
        key={match.index}
        href={href}
        className="text-accent underline"
        {...(external && { target: '_blank', rel: 'noopener noreferrer nofollow' })}
      >
        {match.raw}
      </a>,
    );
    at = match.lastIndex;
  }
  parts.push(text.slice(at));
  return <Fragment>{parts}</Fragment>;
}
