/** SPEC §2: the top navigation, in this order. */
export const NAV_LINKS = [
  { href: '/news', label: 'News' },
  { href: '/events', label: 'Events' },
  { href: '/gallery', label: 'Gallery' },
  { href: '/who-we-are', label: 'Who We Are' },
  { href: '/what-we-do', label: 'What We Do' },
] as const;

/** A section is current on its own page and on its item pages (/news/abc belongs to News). */
export function isCurrentSection(href: string, pathname: string): boolean {
  return pathname === href || pathname.startsWith(`${href}/`);
}
