/** SPEC §2: the top navigation, in this order. */
const NAV_LINKS = [
  { href: '/news', label: 'News' },
  { href: '/events', label: 'Events' },
  { href: '/gallery', label: 'Gallery' },
  { href: '/who-we-are', label: 'Who We Are' },
  { href: '/what-we-do', label: 'What We Do' },
] as const;

/** A section is current on its own page and on its item pages (/news/abc belongs to News). */
function isCurrentSection(href: string, pathname: string): boolean {
  return pathname === href || pathname.startsWith(`${href}/`);
}

interface NavItemsProps {
  /** Marks the current section with aria-current; the footer passes none. */
  pathname?: string;
  linkClass: (current: boolean) => string;
  onNavigate?: () => void;
}

/** The five links as list items, for the desktop bar, the mobile menu and the footer. */
export function NavItems({ pathname, linkClass, onNavigate }: NavItemsProps) {
  return NAV_LINKS.map((link) => {
    const current = pathname !== undefined && isCurrentSection(link.href, pathname);
    return (
      <li key={link.href}>
        <a href={link.href} aria-current={current ? 'page' : undefined} onClick={onNavigate} className={linkClass(current)}>
          {link.label}
        </a>
      </li>
    );
  });
}
